// What a killed process leaves behind, cleaned when the server opens its own database (buildApp in app.ts).
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { FileStorage } from './lib/storage/index.ts';
import { ORPHAN_MIN_AGE_MS, ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanUploads } from './lib/storage/orphan-sweep.ts';
import { markInterruptedRuns } from './modules/payments/payout-runs.ts';

/**
 * What a killed process leaves behind (docs/decisions/014), cleaned when the server opens its own
 * database: automatic runs left `running` are marked interrupted, and files of imports that never
 * committed are deleted, at start and then every hour. At start on PGlite no other process can be
 * importing (the data folder is locked), so every such file goes; on PostgreSQL, and in the hourly
 * sweeps, only those older than ORPHAN_MIN_AGE_MS (an import may be under way). A failure is
 * logged and never stops the start.
 */
export async function cleanUpAfterCrashes(
  app: FastifyInstance,
  deps: { db: DatabaseHandle['db']; storage: FileStorage; clock: Clock; kind: DatabaseHandle['kind'] },
): Promise<void> {
  const { db, storage, clock } = deps;
  try {
    const interrupted = await markInterruptedRuns(db, clock.now());
    for (const run of interrupted) {
      app.log.warn({ payoutRun: run.id, period: run.period, created: run.created }, 'an automatic payment run was interrupted: the next run completes it');
    }
  } catch (error) {
    app.log.warn({ err: error }, 'checking for interrupted automatic runs failed');
  }
  const sweep = async (minAgeMs: number) => {
    try {
      const result = await sweepOrphanUploads(db, storage, { now: clock.now(), minAgeMs });
      if (result.removed.length > 0 || result.leftovers > 0) {
        app.log.info({ removed: result.removed.length, leftovers: result.leftovers }, 'removed the files of imports that never committed');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'sweeping the files of uncommitted imports failed');
    }
  };
  await sweep(deps.kind === 'pglite' ? 0 : ORPHAN_MIN_AGE_MS);
  const timer = setInterval(() => void sweep(ORPHAN_MIN_AGE_MS), ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
