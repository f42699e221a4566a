import type { RequirementState } from '@agency/shared';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../creators/creators.table.ts';
import { uploads } from '../earnings/earnings.table.ts';
import { users } from '../members/members.table.ts';

/** Usernames per lookup query: one array parameter (`= any($1)`), not one parameter each. */
const LOOKUP_BATCH = 20_000;
/** Month rows per insert: one `unnest` of column arrays (11 parameters whatever the size). */
export const MONTH_INSERT_BATCH = 10_000;
const CREATOR_INSERT_BATCH = 1_000;

export interface KnownCreator {
  id: string;
  tiktokUsername: string;
  status: string;
  joinedAt: Date;
  affiliateId: string | null;
}

export async function findCreatorsByUsernames(db: Executor, usernames: readonly string[]): Promise<KnownCreator[]> {
  const found: KnownCreator[] = [];
  for (let start = 0; start < usernames.length; start += LOOKUP_BATCH) {
    const batch = usernames.slice(start, start + LOOKUP_BATCH);
    const rows = await db
      .select({
        id: creators.id,
        tiktokUsername: creators.tiktokUsername,
        status: creators.status,
        joinedAt: creators.joinedAt,
        affiliateId: creators.affiliateId,
      })
      .from(creators)
      .where(sql`${creators.tiktokUsername} = any(${sql.param(batch)}::text[])`);
    found.push(...rows);
  }
  return found;
}

/** The agency's active creators (for "missing from the file"). */
export async function listActiveCreators(db: Executor): Promise<{ id: string; tiktokUsername: string }[]> {
  return db.select({ id: creators.id, tiktokUsername: creators.tiktokUsername }).from(creators).where(eq(creators.status, 'active'));
}

export interface MonthFigures {
  creatorId: string;
  tiktokUsername: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  requirementState: RequirementState | null;
}

/** The month's current figures, with the username (for the "removed" changes). */
export async function listMonthFigures(db: Executor, period: string): Promise<MonthFigures[]> {
  return db
    .select({
      creatorId: creatorMonths.creatorId,
      tiktokUsername: creators.tiktokUsername,
      diamonds: creatorMonths.diamonds,
      validDays: creatorMonths.validDays,
      liveSeconds: creatorMonths.liveSeconds,
      requirementState: creatorMonths.requirementState,
    })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(eq(creatorMonths.period, period));
}

/** Creators made from unknown usernames: active, no affiliate, joined now. */
export async function insertUploadCreators(db: Executor, usernames: readonly string[], at: Date): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let start = 0; start < usernames.length; start += CREATOR_INSERT_BATCH) {
    const rows = await db
      .insert(creators)
      .values(usernames.slice(start, start + CREATOR_INSERT_BATCH).map((tiktokUsername) => ({ tiktokUsername, status: 'active' as const, joinedAt: at, createdAt: at, updatedAt: at })))
      .returning({ id: creators.id, tiktokUsername: creators.tiktokUsername });
    for (const row of rows) ids.set(row.tiktokUsername, row.id);
  }
  return ids;
}

export async function deleteMonth(db: Executor, period: string): Promise<void> {
  await db.delete(creatorMonths).where(eq(creatorMonths.period, period));
}

export interface MonthRowInput {
  creatorId: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  matches: number;
  lastLiveAt: Date | null;
  achievedBps: number;
  requirementState: RequirementState;
}

/**
 * One multi-row insert: each column is sent as one array and `unnest` turns them back into rows,
 * which works the same on PGlite and PostgreSQL and avoids the 65,535-parameter limit.
 */
export async function insertMonthRows(
  db: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: MonthRowInput) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    insert into ${creatorMonths}
      (creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, upload_id, updated_at)
    select creator_id, ${period}, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, ${uploadId}::uuid, ${at.toISOString()}::timestamptz
    from unnest(
      ${column((row) => row.creatorId)}::uuid[],
      ${column((row) => row.diamonds)}::bigint[],
      ${column((row) => row.validDays)}::integer[],
      ${column((row) => row.liveSeconds)}::integer[],
      ${column((row) => row.matches)}::integer[],
      ${column((row) => (row.lastLiveAt ? row.lastLiveAt.toISOString() : null))}::timestamptz[],
      ${column((row) => row.achievedBps)}::integer[],
      ${column((row) => row.requirementState)}::text[]
    ) as t(creator_id, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state)
  `);
}

export async function insertUploadRow(db: Executor, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

export async function listUploadRows(db: Executor, filter: { period?: string | undefined }, page: { limit: number; offset: number }) {
  const where = filter.period ? eq(uploads.period, filter.period) : undefined;
  const [total] = await db.select({ value: count() }).from(uploads).where(where);
  const rows = await db
    .select({ upload: uploads, firstName: users.firstName, lastName: users.lastName })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.uploadedBy))
    .where(where)
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.value ?? 0, rows };
}

/** The active creators with the month's figures (zeros without a row), for the sample file. */
export async function listSampleRows(db: Executor, period: string) {
  return db
    .select({
      id: creators.id,
      tiktokUsername: creators.tiktokUsername,
      joinedAt: creators.joinedAt,
      diamonds: sql<number>`coalesce(${creatorMonths.diamonds}, 0)`.mapWith(Number),
      validDays: sql<number>`coalesce(${creatorMonths.validDays}, 0)`.mapWith(Number),
      liveSeconds: sql<number>`coalesce(${creatorMonths.liveSeconds}, 0)`.mapWith(Number),
      matches: sql<number>`coalesce(${creatorMonths.matches}, 0)`.mapWith(Number),
      lastLiveAt: creatorMonths.lastLiveAt,
    })
    .from(creators)
    .leftJoin(creatorMonths, and(eq(creatorMonths.creatorId, creators.id), eq(creatorMonths.period, period)))
    .where(eq(creators.status, 'active'))
    .orderBy(asc(creators.tiktokUsername));
}
