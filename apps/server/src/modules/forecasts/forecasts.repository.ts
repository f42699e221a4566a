import { and, asc, eq, inArray, isNotNull, sql, type Column, type SQL } from 'drizzle-orm';
import type { ForecastFilter } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { briefRuns, creatorMonths, creators, dailyBriefs, forecastStates, forecastVersions, settings, uploadSnapshots, users } from '../../db/schema.ts';

/** One creator's figures in a snapshot. */
export interface SnapshotFigures {
  creatorId: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
}

/** A snapshot's figures as the four lists it is stored as (forecasts.table.ts). */
export interface SnapshotLists {
  creatorCount: number;
  creatorIds: string;
  diamonds: string;
  validDays: string;
  liveSeconds: string;
}

/** A snapshot's figures as columns: an array of numbers or a typed array each, in the ids' order. */
export interface SnapshotColumns {
  creatorIds: readonly string[];
  diamonds: ArrayLike<number> & { join(separator: string): string };
  validDays: ArrayLike<number> & { join(separator: string): string };
  liveSeconds: ArrayLike<number> & { join(separator: string): string };
}

/**
 * The lists of a snapshot from its columns (the import's SnapshotFigures keeps them so), built
 * apart from its insert: the import builds them while the database is still writing the month's
 * last rows, and inserts them after (uploads.commit.ts). Throws when a figure is not a whole number.
 */
export function snapshotListsOf(columns: SnapshotColumns): SnapshotLists {
  const { creatorIds, diamonds, validDays, liveSeconds } = columns;
  for (let index = 0; index < creatorIds.length; index += 1) {
    if (!Number.isSafeInteger(diamonds[index]) || !Number.isSafeInteger(validDays[index]) || !Number.isSafeInteger(liveSeconds[index])) {
      throw new Error(`snapshot figures of ${creatorIds[index]} are not whole numbers`);
    }
  }
  return { creatorCount: creatorIds.length, creatorIds: creatorIds.join(','), diamonds: diamonds.join(','), validDays: validDays.join(','), liveSeconds: liveSeconds.join(',') };
}

/** The lists of a snapshot from one row per creator (snapshotListsOf). */
export function snapshotLists(rows: Iterable<SnapshotFigures>): SnapshotLists {
  const columns = { creatorIds: [] as string[], diamonds: [] as number[], validDays: [] as number[], liveSeconds: [] as number[] };
  for (const row of rows) {
    columns.creatorIds.push(row.creatorId);
    columns.diamonds.push(row.diamonds);
    columns.validDays.push(row.validDays);
    columns.liveSeconds.push(row.liveSeconds);
  }
  return snapshotListsOf(columns);
}

/** The snapshot of a committed upload: every creator's month-to-date figures as of `asOf`, as four lists (forecasts.table.ts). */
export async function insertUploadSnapshot(
  tx: Executor,
  snapshot: { uploadId: string; period: string; asOf: string; lists: SnapshotLists; at: Date },
): Promise<void> {
  await tx.insert(uploadSnapshots).values({
    uploadId: snapshot.uploadId,
    period: snapshot.period,
    asOf: snapshot.asOf,
    ...snapshot.lists,
    createdAt: snapshot.at,
  });
}

/**
 * What the month's forecasts are computed from, as one key (one query, asked by every forecast
 * read): the snapshots (how many, the latest) and the went-dark setting.
 */
export async function outlookSource(db: Executor, period: string): Promise<{ key: string; darkAfterDays: number }> {
  const result = await db.execute<{ count: number | string; latest: string | null; dark: number | null }>(sql`
    select count(*) as count, max(created_at)::text as latest,
      (select dark_after_days from ${settings} where id = 1) as dark
    from ${uploadSnapshots} where period = ${period}`);
  const row = (result as unknown as { rows: { count: number | string; latest: string | null; dark: number | null }[] }).rows[0];
  const darkAfterDays = row?.dark ?? 3;
  return { key: `${period}:${row?.count ?? 0}:${row?.latest ?? ''}:${darkAfterDays}`, darkAfterDays };
}

export interface StoredSnapshot {
  asOf: string;
  creatorIds: string[];
  diamonds: number[];
  validDays: number[];
  liveSeconds: number[];
}

/** A list column: `1,2,3` (empty for a snapshot of no creators). */
const numbers = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** The month's snapshots, oldest first (a later upload of the same day after an earlier one). */
export async function readMonthSnapshots(db: Executor, period: string): Promise<StoredSnapshot[]> {
  const rows = await db
    .select({ asOf: uploadSnapshots.asOf, creatorCount: uploadSnapshots.creatorCount, creatorIds: uploadSnapshots.creatorIds, diamonds: uploadSnapshots.diamonds, validDays: uploadSnapshots.validDays, liveSeconds: uploadSnapshots.liveSeconds })
    .from(uploadSnapshots)
    .where(eq(uploadSnapshots.period, period))
    .orderBy(asc(uploadSnapshots.asOf), asc(uploadSnapshots.createdAt));
  return rows.map((row) => {
    const snapshot = {
      asOf: row.asOf,
      creatorIds: row.creatorIds === '' ? [] : row.creatorIds.split(','),
      diamonds: numbers(row.diamonds),
      validDays: numbers(row.validDays),
      liveSeconds: numbers(row.liveSeconds),
    };
    const lengths = [snapshot.creatorIds.length, snapshot.diamonds.length, snapshot.validDays.length, snapshot.liveSeconds.length];
    if (lengths.some((length) => length !== row.creatorCount)) throw new Error(`upload snapshot of ${row.asOf} is damaged: ${lengths.join('/')} values for ${row.creatorCount} creators`);
    return snapshot;
  });
}

export interface ForecastCreatorRow {
  id: string;
  tiktokUsername: string;
  name: string;
  joinedAt: Date;
  affiliateId: string | null;
  lastLiveAt: Date | null;
}

/** The creators with figures this month: what the forecast needs besides the snapshots. */
export async function readMonthCreators(db: Executor, period: string): Promise<ForecastCreatorRow[]> {
  return db
    .select({ id: creators.id, tiktokUsername: creators.tiktokUsername, name: creators.name, joinedAt: creators.joinedAt, affiliateId: creators.affiliateId, lastLiveAt: creatorMonths.lastLiveAt })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(eq(creatorMonths.period, period));
}

export interface MemberRefRow {
  id: string;
  firstName: string;
  lastName: string;
  commissionRateBps: number | null;
}

export async function readMembersByIds(db: Executor, ids: readonly string[]): Promise<MemberRefRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, commissionRateBps: users.commissionRateBps })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

export interface BriefRecipientRow {
  id: string;
  role: 'user' | 'admin';
  locale: string;
  email: string | null;
  briefEmail: boolean;
  commissionRateBps: number | null;
}

/** Active admins and members: who may get a brief. */
export async function readBriefRecipients(db: Executor): Promise<BriefRecipientRow[]> {
  return db
    .select({ id: users.id, role: users.role, locale: users.locale, email: users.email, briefEmail: users.briefEmail, commissionRateBps: users.commissionRateBps })
    .from(users)
    .where(eq(users.status, 'active'));
}

export type BriefCovered = (typeof dailyBriefs.$inferSelect)['covered'];

/** Each person's latest brief (what it covered), by user id. */
export async function readLatestBriefs(db: Executor): Promise<Map<string, { day: string; covered: BriefCovered }>> {
  const rows = await db.execute<{ user_id: string; day: string; covered: BriefCovered }>(sql`
    select distinct on (user_id) user_id, day::text as day, covered from ${dailyBriefs} order by user_id, day desc`);
  const list = (rows as unknown as { rows: { user_id: string; day: string; covered: BriefCovered }[] }).rows;
  return new Map(list.map((row) => [row.user_id, { day: row.day, covered: typeof row.covered === 'string' ? (JSON.parse(row.covered) as BriefCovered) : row.covered }]));
}

/** Records a person's brief of `day`; false when they already had one that day (nothing is written). */
export async function claimBrief(tx: Executor, userId: string, day: string, covered: BriefCovered, at: Date): Promise<boolean> {
  const inserted = await tx.insert(dailyBriefs).values({ userId, day, covered, createdAt: at }).onConflictDoNothing().returning({ userId: dailyBriefs.userId });
  return inserted.length > 0;
}


/** Claims the brief run of `day`; false when it was claimed already (by this instance or another). */
export async function claimBriefRun(db: Executor, day: string, at: Date): Promise<boolean> {
  const inserted = await db.insert(briefRuns).values({ day, startedAt: at }).onConflictDoNothing().returning({ day: briefRuns.day });
  return inserted.length > 0;
}

/** The version forecast_states of `period` were computed from, or null. */
export async function readStatesVersion(db: Executor, period: string): Promise<string | null> {
  const [row] = await db.select({ version: forecastVersions.version }).from(forecastVersions).where(eq(forecastVersions.period, period));
  return row?.version ?? null;
}

const STATES_BATCH = 10_000;

/**
 * Replaces forecast_states of `period` with `rows`, computed from `version`, unless they already
 * are of that version (another instance wrote them): one transaction, the version row locked first.
 */
export async function writeStates(
  db: Database,
  period: string,
  version: string,
  rows: readonly { creatorId: string; state: string; darkDays: number | null; paceFell: boolean }[],
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(forecastVersions).values({ period, version: '', writtenAt: at }).onConflictDoNothing();
    const [current] = await tx.select({ version: forecastVersions.version }).from(forecastVersions).where(eq(forecastVersions.period, period)).for('update');
    if (current?.version === version) return;
    await tx.delete(forecastStates).where(eq(forecastStates.period, period));
    for (let start = 0; start < rows.length; start += STATES_BATCH) {
      const batch = rows.slice(start, start + STATES_BATCH);
      // Only creators that still exist: the outlook may name one deleted since.
      await tx.execute(sql`
        insert into ${forecastStates} (period, creator_id, state, dark_days, pace_fell)
        select ${period}, t.creator_id, t.state, t.dark_days, t.pace_fell
        from unnest(
          ${sql.param(batch.map((row) => row.creatorId))}::uuid[], ${sql.param(batch.map((row) => row.state))}::text[],
          ${sql.param(batch.map((row) => row.darkDays))}::smallint[], ${sql.param(batch.map((row) => row.paceFell))}::boolean[]
        ) as t(creator_id, state, dark_days, pace_fell)
        where exists (select 1 from ${creators} c where c.id = t.creator_id)`);
    }
    await tx.update(forecastVersions).set({ version, writtenAt: at }).where(eq(forecastVersions.period, period));
  });
  // Fresh statistics for the planner: the lists join these rows with tens of thousands of creators.
  await db.execute(sql`analyze ${forecastStates}`);
}

/** The creators list's condition for a forecast filter: creators whose stored state of `period` matches. */
export function forecastFilterCondition(creatorIdColumn: Column, period: string, filter: ForecastFilter): SQL {
  const matching =
    filter === 'wentDark' ? isNotNull(forecastStates.darkDays) : filter === 'paceFell' ? eq(forecastStates.paceFell, true) : eq(forecastStates.state, filter);
  return sql`${creatorIdColumn} in (select ${forecastStates.creatorId} from ${forecastStates} where ${and(eq(forecastStates.period, period), matching)})`;
}
