import type { RequirementState } from '@agency/shared';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import copyStreams from 'pg-copy-streams';
import { transactionConnection, type Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../creators/creators.table.ts';
import { uploads } from '../earnings/earnings.table.ts';
import { users } from '../members/members.table.ts';

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

/**
 * Every creator of the agency by username, in one query (a scan is cheaper than looking up each
 * of 100,000 usernames, and it can run while the file is parsed). The active ones are the creators
 * expected in the file.
 */
export async function listCreatorsByUsername(db: Executor): Promise<Map<string, KnownCreator>> {
  const rows = await db
    .select({
      id: creators.id,
      tiktokUsername: creators.tiktokUsername,
      status: creators.status,
      joinedAt: creators.joinedAt,
      affiliateId: creators.affiliateId,
    })
    .from(creators);
  const byName = new Map<string, KnownCreator>();
  for (const row of rows) byName.set(row.tiktokUsername, row);
  return byName;
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
 * One multi-row insert of `rows[start, end)`: each column is sent as one array and `unnest` turns
 * them back into rows, which works the same on PGlite and PostgreSQL and avoids the
 * 65,535-parameter limit. The column arrays are built in one pass, without copying the rows.
 */
export async function insertMonthRows(
  db: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
): Promise<void> {
  if (end <= start) return;
  const size = end - start;
  const creatorIds = new Array<string>(size);
  const diamonds = new Array<number>(size);
  const validDays = new Array<number>(size);
  const liveSeconds = new Array<number>(size);
  const matches = new Array<number>(size);
  const lastLiveAt = new Array<string | null>(size);
  const achievedBps = new Array<number>(size);
  const states = new Array<string>(size);
  for (let index = 0; index < size; index += 1) {
    const row = rows[start + index]!;
    creatorIds[index] = row.creatorId;
    diamonds[index] = row.diamonds;
    validDays[index] = row.validDays;
    liveSeconds[index] = row.liveSeconds;
    matches[index] = row.matches;
    lastLiveAt[index] = row.lastLiveAt ? row.lastLiveAt.toISOString() : null;
    achievedBps[index] = row.achievedBps;
    states[index] = row.requirementState;
  }
  await db.execute(sql`
    insert into ${creatorMonths}
      (creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, upload_id, updated_at)
    select creator_id, ${period}, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, ${uploadId}::uuid, ${at.toISOString()}::timestamptz
    from unnest(
      ${sql.param(creatorIds)}::uuid[],
      ${sql.param(diamonds)}::bigint[],
      ${sql.param(validDays)}::integer[],
      ${sql.param(liveSeconds)}::integer[],
      ${sql.param(matches)}::integer[],
      ${sql.param(lastLiveAt)}::timestamptz[],
      ${sql.param(achievedBps)}::integer[],
      ${sql.param(states)}::text[]
    ) as t(creator_id, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state)
  `);
}

const MONTH_COPY_TABLE = 'creator_months';
const MONTH_COPY_COLUMNS = 'creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, upload_id, updated_at';

/** A text value in COPY's TEXT format: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r')) : value;
}

/** A whole number for COPY (a fraction or NaN would be a silent wrong figure: refused). */
function copyInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return String(value);
}

/** `rows[start, end)` as COPY TEXT lines (one string, each line ending with a newline). */
export function monthCopyText(period: string, uploadId: string, at: Date, rows: readonly MonthRowInput[], start = 0, end = rows.length): string {
  const tail = `${copyText(uploadId)}\t${at.toISOString()}\n`;
  const periodText = copyText(period);
  let text = '';
  for (let index = start; index < end; index += 1) {
    const row = rows[index]!;
    text += `${copyText(row.creatorId)}\t${periodText}\t${copyInteger(row.diamonds)}\t${copyInteger(row.validDays)}\t${copyInteger(row.liveSeconds)}\t${copyInteger(row.matches)}\t${
      row.lastLiveAt ? row.lastLiveAt.toISOString() : '\\N'
    }\t${copyInteger(row.achievedBps)}\t${copyText(row.requirementState)}\t${tail}`;
  }
  return text;
}

/**
 * `rows[start, end)` with one COPY ... FROM STDIN on the PostgreSQL connection of the open
 * transaction `tx`, so the rows commit or roll back with it (about a quarter faster than the
 * `unnest` insert for 100,000 rows). False (nothing written) for anything else, PGlite included:
 * its COPY FROM '/dev/blob' measured no faster than `unnest` (the time goes to the indexes and the
 * foreign key inside the WASM), so the caller then inserts with `insertMonthRows`.
 */
export async function copyMonthRows(
  tx: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
): Promise<boolean> {
  const connection = transactionConnection(tx);
  if (connection?.kind !== 'postgres') return false;
  if (end <= start) return true;
  const text = monthCopyText(period, uploadId, at, rows, start, end);
  const stream = connection.client.query(copyStreams.from(`COPY ${MONTH_COPY_TABLE} (${MONTH_COPY_COLUMNS}) FROM STDIN`));
  await pipeline(Readable.from([Buffer.from(text)]), stream);
  return true;
}

/** COPY when `db` is an open PostgreSQL transaction, else the `unnest` insert. */
export async function writeMonthRows(
  db: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
): Promise<void> {
  if (!(await copyMonthRows(db, period, uploadId, at, rows, start, end))) await insertMonthRows(db, period, uploadId, at, rows, start, end);
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
