import type { PayoutRun } from '@agency/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { isPglite, type Database } from '../../db/client.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { listPayoutRuns, listRunningPayoutRunIds, markPayoutRunInterrupted, type PayoutRunRow } from './payments.repository.ts';

/**
 * Whether an automatic run is still alive (docs/decisions/014). A run is `running` in
 * `payout_runs` from its start; a process killed in the middle never finishes it. Each run
 * therefore holds a lease while it runs, and a `running` row without one is interrupted:
 * - PostgreSQL: a session advisory lock on a connection of its own, keyed by the run's id. The
 *   database releases it when that connection ends, so when the process dies; another instance
 *   that can take the lock knows nobody runs that run any more.
 * - PGlite: the database lives in this one process (the data folder's lock keeps any other out),
 *   so the runs this process has under way are all the live ones.
 */

/** First key of the two-key advisory locks of run leases (its own space, apart from the one-key locks). */
const LEASE_CLASS = 8014;

/** Runs under way in this process. */
const liveHere = new Set<string>();

export interface RunLease {
  release(): Promise<void>;
}

function poolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** Takes the lease of run `runId` (before its row is written, so no sweep sees it without one). */
export async function holdRunLease(db: Database, runId: string): Promise<RunLease> {
  liveHere.add(runId);
  const pool = isPglite(db) ? null : poolOf(db);
  if (!pool) {
    return {
      release: async () => {
        liveHere.delete(runId);
      },
    };
  }
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
    await client.query('select pg_advisory_lock($1::int, hashtext($2))', [LEASE_CLASS, runId]).catch((error: unknown) => {
      client.release(error as Error);
      throw error;
    });
  } catch (error) {
    liveHere.delete(runId);
    throw error;
  }
  return {
    release: async () => {
      liveHere.delete(runId);
      try {
        await client.query('select pg_advisory_unlock($1::int, hashtext($2))', [LEASE_CLASS, runId]);
        client.release();
      } catch (error) {
        // The connection is gone, and the lock with it.
        client.release(error as Error);
      }
    },
  };
}

/**
 * Marks every `running` run whose lease nobody holds as interrupted, with the counts of what it
 * committed; returns those rows. Called before each run, at start and when admins list the runs.
 */
export async function markInterruptedRuns(db: Database, at: Date): Promise<PayoutRunRow[]> {
  const marked: PayoutRunRow[] = [];
  for (const id of await listRunningPayoutRunIds(db)) {
    if (liveHere.has(id)) continue;
    const row = isPglite(db)
      ? await markPayoutRunInterrupted(db, id, at)
      : await db.transaction(async (tx) => {
          // Held until this transaction ends; free means the run's own connection has ended.
          const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${LEASE_CLASS}::int, hashtext(${id})) as free`);
          if (!rowsOf<{ free: boolean }>(result)[0]?.free) return null;
          return markPayoutRunInterrupted(tx, id, at);
        });
    if (row) marked.push(row);
  }
  return marked;
}

function toPayoutRun(row: PayoutRunRow): PayoutRun {
  return {
    id: row.id,
    period: row.period,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    interruptedAt: row.interruptedAt ? row.interruptedAt.toISOString() : null,
    created: row.created,
    skipped: row.skipped,
    existing: row.existing,
    pendingRegistration: row.pendingRegistration,
    totalCents: Number(row.totalCents),
    completedBy: row.completedBy,
  };
}

/** The latest runs for the admins' payments screen, after marking the dead ones interrupted. */
export async function latestPayoutRuns(db: Database, at: Date, limit = 10): Promise<PayoutRun[]> {
  await markInterruptedRuns(db, at);
  return (await listPayoutRuns(db, limit)).map(toPayoutRun);
}
