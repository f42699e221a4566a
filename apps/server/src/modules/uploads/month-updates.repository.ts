/**
 * The month rows an import changes: their new figures staged in a temporary table of the
 * transaction, then written by one UPDATE (month-writer.ts decides when).
 */
import { sql } from 'drizzle-orm';
import { affectedRows, pgliteCopyIn, transactionConnection, type Executor } from '../../db/client.ts';
import { creatorMonths } from '../../db/tables/creators.table.ts';
import { rewriteMonthPartition } from '../../db/month-partitions.ts';
import { copyBuffer, figuresCopyText, type MonthRowInput } from './month-rows.repository.ts';

/** The figures an update sets, in the order of the staging table's columns and of its COPY lines. */
const UPDATE_COLUMNS = 'creator_id, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network';

/**
 * Staged rows per UPDATE while the file is read (the month writer's `applyEvery`): on PostgreSQL
 * 25,000, so the database writes while Node reads (one UPDATE per 10,000-row batch cost ~0.25 s
 * more of 100,000, each joining the whole month; one at the end started only after the read). On
 * PGlite, which runs on the import's own thread, all at the end: each UPDATE there holds up the
 * reading, and four cost ~0.4 s more than one.
 */
export function stagedRowsPerUpdate(db: Executor): number {
  return transactionConnection(db)?.kind === 'postgres' ? 25_000 : Number.POSITIVE_INFINITY;
}

/** The transactions whose staging table exists (it is dropped with the transaction's end). */
const stagingTables = new WeakSet<object>();

/**
 * Stages new figures of month rows that exist (`rows`, each creator at most once
 * among all the rows staged before the next applyMonthUpdates) in a temporary table of the
 * transaction, by COPY (on PGlite from a blob: ~0.17 s for 100,000 rows against ~0.3 s for an
 * `unnest` insert of column arrays). applyMonthUpdates then writes them all with one UPDATE.
 * One UPDATE joined with the whole staged set measured, for 100,000 changed rows, ~0.6 s on
 * PostgreSQL and ~1.1-1.5 s on PGlite, against ~1.2 s and ~1.9 s for one UPDATE per batch joined
 * with `unnest` of column arrays: one hash join instead of an index lookup per row, and on
 * PostgreSQL no array text to build in Node and parse in the server. On PostgreSQL the COPY's
 * lines are built now and the function returned stages them when the caller's turn comes (as
 * prepareMonthRows).
 */
export function prepareMonthUpdates(db: Executor, rows: readonly MonthRowInput[]): () => Promise<void> {
  if (rows.length === 0) return () => Promise.resolve();
  const connection = transactionConnection(db);
  const target = `upload_month_figures (${UPDATE_COLUMNS})`;
  const data = connection?.kind === 'postgres' ? Buffer.from(figuresCopyText(rows)) : null;
  return async () => {
    if (!stagingTables.has(db)) {
      await db.execute(sql`create temporary table upload_month_figures (
        creator_id uuid not null, diamonds bigint not null, valid_days integer not null, live_seconds integer not null, matches integer not null,
        last_live_at timestamptz, achieved_bps integer not null, requirement_state text, left_network boolean not null) on commit drop`);
      stagingTables.add(db);
    }
    if (connection?.kind === 'postgres') await copyBuffer(connection.client, target, data!);
    else if (!(await pgliteCopyIn(db, target, figuresCopyText(rows)))) throw new Error('prepareMonthUpdates: neither PostgreSQL nor PGlite');
  };
}

/**
 * Writes the figures staged by prepareMonthUpdates into the month's rows, and empties the staging
 * table. Throws when a row is missing (the caller's plan said it was there, `expected` rows in
 * all): the transaction then rolls back rather than lose a creator's figures.
 *
 * - On PGlite, when the staged rows are at least half of the month's `monthRows`, the month is
 *   written anew and swapped in (rewriteMonthPartition): its indexes are then built in one sort
 *   each instead of taking 100,000 entries one by one (~0.8 s against ~1.5 s for 100,000 changed
 *   rows, bench:month-write). Detaching a partition locks out every reader until the commit,
 *   which PGlite's one connection does anyway.
 * - Otherwise, and always on PostgreSQL, one UPDATE joined with the staged rows (cheaper than
 *   deleting the rows and writing them again: no second pass to find them, and the foreign key is
 *   not checked again, the creator does not change). Writing the month anew there cut
 *   PostgreSQL's CPU by ~1 s for 100,000 changed rows but not the import's time (bench/RESULTS.md:
 *   the UPDATEs run while the file is read, the rewrite after it), and its readers would have
 *   waited for the end of the import: not done.
 *
 * Returns true when the month was written anew (its partition then has no planner statistics).
 */
export async function applyMonthUpdates(db: Executor, period: string, uploadId: string, at: Date, expected: number, monthRows = Number.POSITIVE_INFINITY): Promise<boolean> {
  if (expected === 0) return false;
  if (transactionConnection(db)?.kind === 'pglite' && expected * 2 >= monthRows) {
    const staged = await rewriteMonthPartition(db, period, 'upload_month_figures', uploadId, at);
    await db.execute(sql`truncate upload_month_figures`);
    if (staged !== expected) throw new Error(`creator_months ${period}: ${expected} rows to update, ${staged} staged`);
    return true;
  }
  const result = await db.execute(sql`
    update ${creatorMonths} as m set
      diamonds = t.diamonds, valid_days = t.valid_days, live_seconds = t.live_seconds, matches = t.matches,
      last_live_at = t.last_live_at, achieved_bps = t.achieved_bps, requirement_state = t.requirement_state,
      left_network = t.left_network, upload_id = ${uploadId}::uuid, updated_at = ${at.toISOString()}::timestamptz
    from upload_month_figures as t
    where m.period = ${period} and m.creator_id = t.creator_id
  `);
  await db.execute(sql`truncate upload_month_figures`);
  const updated = affectedRows(result);
  if (updated !== expected) throw new Error(`creator_months ${period}: ${expected} rows to update, ${updated} found`);
  return false;
}

/** Replaces the figures of month rows that exist (each creator at most once): prepareMonthUpdates, then applyMonthUpdates. */
export async function updateMonthRows(db: Executor, period: string, uploadId: string, at: Date, rows: readonly MonthRowInput[]): Promise<void> {
  await prepareMonthUpdates(db, rows)();
  await applyMonthUpdates(db, period, uploadId, at, rows.length);
}
