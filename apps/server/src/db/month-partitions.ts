/**
 * `creator_months` is partitioned by month (migration 0023): each month's rows live in a table of
 * their own, `creator_months_YYYY_MM`, and a default partition takes a row of a month that has
 * none yet. Everything reads and writes through `creator_months`; only the functions below name a
 * month's table: one gives a month its partition, the others write a month into a new table and
 * make it the month's partition (a month's first import, on PGlite and PostgreSQL; on PGlite also
 * an import that changes at least half of a month; docs/decisions/006).
 */
import { periodSchema } from '@agency/shared';
import { sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { rowsOf } from '../lib/db-rows.ts';
import { isPglite } from './transactions.ts';
import type { Executor } from './database-handle.ts';
import { creatorMonths } from './tables/creators.table.ts';

/** The month rows' columns, as the schema names them: what a month's rows are copied with from one table to another. */
const COLUMNS = getTableConfig(creatorMonths)
  .columns.map((column) => `"${column.name}"`)
  .join(', ');
/** The lock that keeps two writers from giving one month two partitions at once. */
const PARTITION_LOCK = 'agency-portal:creator-months-partitions';

/** True when `period` is a month (`YYYY-MM`), the only values the table's check lets in. */
export function isMonthPeriod(period: string): boolean {
  return periodSchema.safeParse(period).success;
}

/** The name of the partition of `period` (`YYYY-MM`, checked: it goes into DDL). */
export function monthPartitionName(period: string): string {
  if (!isMonthPeriod(period)) throw new Error(`Not a month: ${JSON.stringify(period)}`);
  return `creator_months_${period.slice(0, 4)}_${period.slice(5)}`;
}

/**
 * True when the table `name` exists in the schema tables are created in. A query of pg_class, not
 * to_regclass: after waiting for PARTITION_LOCK, the catalog cache may not have heard yet of the
 * table another transaction just made (an advisory lock reads no invalidations); a query's
 * snapshot sees it.
 */
async function partitionExists(db: Executor, name: string): Promise<boolean> {
  return exists(db, sql`select 1 from pg_class where relname = ${name} and relnamespace = (select oid from pg_namespace where nspname = current_schema())`);
}

/** True when `query` returns a row. */
async function exists(db: Executor, query: SQL): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`select exists (${query}) as found`);
  return rowsOf<{ found: boolean }>(result)[0]!.found;
}

/** Takes PARTITION_LOCK until the transaction ends. */
async function lockPartitions(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${PARTITION_LOCK}))`);
}

/** A new, empty table `name` shaped as `creator_months`: its columns, defaults and checks, no keys. */
async function createMonthShapedTable(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`create table ${sql.identifier(name)} (like creator_months including defaults including constraints)`);
}

/** Attaches the table named after `period`'s partition as that partition. */
function attachStatement(period: string): SQL {
  return sql`alter table creator_months attach partition ${sql.identifier(monthPartitionName(period))} for values in (${sql.raw(`'${period}'`)})`;
}

/** The table that holds `period`'s rows: its partition, or the default one while it has none. */
export async function monthTable(db: Executor, period: string): Promise<string> {
  const name = monthPartitionName(period);
  return (await partitionExists(db, name)) ? name : 'creator_months_default';
}

/**
 * Gives `period` its own partition when it has none, in the open transaction `tx`: a new table
 * shaped as `creator_months`, with the month's rows moved into it from the default partition (none,
 * unless something wrote the month before it had a partition), then attached. Attaching takes a
 * SHARE UPDATE EXCLUSIVE lock on `creator_months` (readers and row writers go on) and an ACCESS
 * EXCLUSIVE one on the default partition, which it scans (it holds nothing or little): on
 * PostgreSQL, give it a short transaction of its own. Idempotent, and safe when two writers ask at
 * once (an advisory lock of the transaction).
 */
export async function ensureMonthPartition(tx: Executor, period: string): Promise<void> {
  const name = monthPartitionName(period);
  if (await partitionExists(tx, name)) return;
  await lockPartitions(tx);
  if (await partitionExists(tx, name)) return;
  await createMonthShapedTable(tx, name);
  await tx.execute(sql`insert into ${sql.identifier(name)} (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from creator_months_default where period = ${period}`);
  await tx.execute(sql`delete from creator_months_default where period = ${period}`);
  await tx.execute(attachStatement(period));
}

/**
 * An import's step before its transaction, in a short transaction of its own: on PGlite the month
 * gets its partition (ensureMonthPartition). On PostgreSQL only when rows of the month wait in the
 * default partition: a month without rows gets its partition when its first import attaches the
 * table it wrote (startNewMonth), and a partition made here would have to be detached for
 * that, which locks out every reader.
 */
export async function prepareMonthPartition(tx: Executor, period: string): Promise<void> {
  if (!isPglite(tx) && !(await exists(tx, sql`select 1 from creator_months_default where period = ${period}`))) return;
  await ensureMonthPartition(tx, period);
}

/** The table a month is written anew into before it is swapped in (newMonthTable). */
export function newMonthTableName(period: string): string {
  return `${monthPartitionName(period)}_next`;
}

/**
 * A new, empty table shaped as `creator_months` (no keys, so rows go in without index entries and
 * without the foreign key's check of each row), to write the month `period` anew into, the month
 * given its partition first: swapInNewMonthTable then puts the new table in the place of that
 * partition, in the same transaction.
 */
async function createNewMonthTable(tx: Executor, period: string): Promise<void> {
  await ensureMonthPartition(tx, period);
  await createMonthShapedTable(tx, newMonthTableName(period));
}

/**
 * Swaps the table made by createNewMonthTable in for the month's partition: the old partition is
 * detached and dropped, and the new table attached, which builds its primary key and two indexes
 * in one sort each, checks its foreign key with one join and scans it for rows of other months.
 * Detaching takes an ACCESS EXCLUSIVE lock on `creator_months` until the transaction ends: every
 * reader waits. That is nothing on PGlite, whose one connection the transaction holds anyway, and
 * why no import on PostgreSQL swaps a month in (applyMonthUpdates, startNewMonth).
 */
async function swapInNewMonthTable(tx: Executor, period: string): Promise<void> {
  const table = sql.identifier(monthPartitionName(period));
  await tx.execute(sql`alter table creator_months detach partition ${table}`);
  await tx.execute(sql`drop table ${table}`);
  await tx.execute(sql`alter table ${sql.identifier(newMonthTableName(period))} rename to ${table}`);
  await tx.execute(attachStatement(period));
}

/**
 * How long PostgreSQL waits for the locks of attaching a month's first rows before it inserts them
 * instead (finishNewMonth). A long report holding the default partition would otherwise queue
 * every reader behind the import.
 */
const ATTACH_LOCK_TIMEOUT_MS = 1_000;

/**
 * A month's first import writes its rows into a new table without keys (newMonthTableName), made
 * here, and finishNewMonth makes it the month's partition. On PGlite the month's (empty) partition
 * is replaced (createNewMonthTable, swapInNewMonthTable). On PostgreSQL, where detaching a
 * partition locks out every reader, only a month without a partition is written so: false, and
 * nothing made, when the month has one (its import then writes into it). The partitions' lock is
 * kept until the transaction ends, so that no one gives the month a partition meanwhile.
 */
export async function startNewMonth(tx: Executor, period: string): Promise<boolean> {
  if (isPglite(tx)) {
    await createNewMonthTable(tx, period);
    return true;
  }
  await lockPartitions(tx);
  if (await partitionExists(tx, monthPartitionName(period))) return false;
  await createMonthShapedTable(tx, newMonthTableName(period));
  return true;
}

/**
 * Makes the table startNewMonth made the month's partition: on PGlite by swapInNewMonthTable. On
 * PostgreSQL it is renamed and attached, which builds its keys, checks its foreign key with one
 * join and locks, until the commit, the default partition (readers of every month wait; readers
 * of one month do not) and the writers of `creators` (for the foreign key's check). It waits at
 * most `lockTimeoutMs` for those locks (`lock_timeout` under a savepoint). Past that, the rows are
 * inserted through `creator_months` instead (into the default partition; the month's next import
 * gives it its partition), as a write in place would have.
 */
export async function finishNewMonth(tx: Executor, period: string, lockTimeoutMs = ATTACH_LOCK_TIMEOUT_MS): Promise<void> {
  if (isPglite(tx)) {
    await swapInNewMonthTable(tx, period);
    return;
  }
  const next = sql.identifier(newMonthTableName(period));
  await tx.execute(sql`savepoint month_attach`);
  try {
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`));
    await tx.execute(sql`alter table ${next} rename to ${sql.identifier(monthPartitionName(period))}`);
    await tx.execute(attachStatement(period));
    await tx.execute(sql`release savepoint month_attach`);
    await tx.execute(sql`set local lock_timeout = default`);
  } catch (error) {
    if (!isLockTimeout(error)) throw error;
    // Undoes the rename and the lock_timeout; the rows stay in the new table.
    await tx.execute(sql`rollback to savepoint month_attach`);
    await tx.execute(sql`insert into creator_months (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from ${next}`);
    await tx.execute(sql`drop table ${next}`);
  }
}

/** PostgreSQL's "canceling statement due to lock timeout" (55P03). */
function isLockTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}

/**
 * Writes the month anew with the figures staged in `staged` (a table of the transaction with the
 * columns of month-updates.repository.ts, each creator at most once, every one of them a row of
 * the month): the month's rows are copied into a new table, the staged ones with their new
 * figures, `uploadId` and `at`, and the new table is swapped in (swapInNewMonthTable). For
 * 100,000 changed rows on PGlite this is ~0.8 s against ~1.5 s for one UPDATE in place
 * (bench:month-write), which adds 100,000 entries to each index one by one. Returns the number of
 * staged rows.
 */
export async function rewriteMonthPartition(tx: Executor, period: string, staged: string, uploadId: string, at: Date): Promise<number> {
  await createNewMonthTable(tx, period);
  const stagedTable = sql.identifier(staged);
  const when = at.toISOString();
  // A full join: a staged creator without a row in the month comes out with no creator id, which
  // the column's NOT NULL refuses (the plan said the row was there: the import rolls back).
  await tx.execute(sql`
    insert into ${sql.identifier(newMonthTableName(period))}
      (creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, updated_at, achieved_bps, requirement_state, upload_id, left_network)
    select m.creator_id, ${period},
      case when t.creator_id is null then m.diamonds else t.diamonds end,
      case when t.creator_id is null then m.valid_days else t.valid_days end,
      case when t.creator_id is null then m.live_seconds else t.live_seconds end,
      case when t.creator_id is null then m.matches else t.matches end,
      case when t.creator_id is null then m.last_live_at else t.last_live_at end,
      case when t.creator_id is null then m.updated_at else ${when}::timestamptz end,
      case when t.creator_id is null then m.achieved_bps else t.achieved_bps end,
      case when t.creator_id is null then m.requirement_state else t.requirement_state end,
      case when t.creator_id is null then m.upload_id else ${uploadId}::uuid end,
      case when t.creator_id is null then m.left_network else t.left_network end
    from ${sql.identifier(monthPartitionName(period))} as m full join ${stagedTable} as t on t.creator_id = m.creator_id`);
  const result = await tx.execute<{ staged: number }>(sql`select count(*)::int as staged from ${stagedTable}`);
  await swapInNewMonthTable(tx, period);
  return rowsOf<{ staged: number }>(result)[0]!.staged;
}
