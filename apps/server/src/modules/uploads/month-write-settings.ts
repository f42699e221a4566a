/**
 * The import transaction's settings around its month rows' writes (begin and end), for the
 * writes of month-rows.repository.ts and month-updates.repository.ts.
 */
import { sql } from 'drizzle-orm';
import { transactionConnection, type Executor } from '../../db/client.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';

/**
 * The import's settings for its transaction. On PostgreSQL: more memory for its joins
 * (below). On PGlite: the per-row foreign key check of the month rows, replaced by one check of the set.
 * Each inserted row fires PostgreSQL's foreign key trigger (a lookup of the creator and a row lock
 * on it), ~1.3 s of the ~4 s a 100,000-row write costs inside PGlite's WASM. PGlite has one
 * connection, so nothing can delete a creator between the write and the check: with the triggers
 * off (`session_replication_role = replica`, local to the transaction) for the writes, one
 * anti-join of the rows this upload wrote against `creators` (endMonthRowWrites) refuses exactly
 * what the trigger would have refused, and the transaction rolls back. Unique, check and not-null
 * constraints are indexes and checks, not triggers: they stay on. PostgreSQL (where the app is
 * not a superuser, and other connections could delete a creator) keeps its trigger; there a
 * month's first rows are checked once, when their table is attached (month-partitions.ts).
 */
export async function beginMonthRowWrites(tx: Executor): Promise<void> {
  const kind = transactionConnection(tx)?.kind;
  if (kind === 'postgres') {
    // The import's joins of 100,000 rows (the creators and the month read, the recompute) in
    // memory rather than in batches or sorted on disk (4 MB by default).
    await tx.execute(sql`set local work_mem = '32MB'`);
    return;
  }
  if (kind !== 'pglite') return;
  await tx.execute(sql`set local session_replication_role = replica`);
}

/** Ends beginMonthRowWrites: throws (the transaction then rolls back) when a row of `uploadId` has no creator. */
export async function endMonthRowWrites(tx: Executor, period: string, uploadId: string): Promise<void> {
  if (transactionConnection(tx)?.kind !== 'pglite') return;
  // A hash anti-join (~0.08 s for 100,000 rows), not one index lookup per row (~0.3 s): the
  // statistics know nothing of this upload's id when refreshMonthStatistics left them as they were.
  // Nor a merge join, which for `limit 1` walks the month's primary key and visits the rows in its
  // order (0.12-0.35 s).
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`set local enable_mergejoin = off`);
  const result = await tx.execute<{ creator_id: string }>(sql`
    select m.creator_id from ${creatorMonths} as m
    where m.period = ${period} and m.upload_id = ${uploadId}::uuid
      and not exists (select 1 from ${creators} as c where c.id = m.creator_id)
    limit 1`);
  const [orphan] = rowsOf<{ creator_id: string }>(result);
  if (orphan) throw new Error(`creator_months row for ${period} references a creator that does not exist (${orphan.creator_id})`);
  await tx.execute(sql`reset enable_nestloop`);
  await tx.execute(sql`reset enable_mergejoin`);
  await tx.execute(sql`set local session_replication_role = origin`);
}
