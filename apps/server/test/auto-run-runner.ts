/**
 * One server process's automatic payment run, for auto-run.processes.test.ts: forked with
 * `execArgv: ['--import', 'tsx']` and the database URL as its argument, it opens its own pool,
 * says `ready`, waits for the parent's `run` message (sent to every runner at once, naming the
 * moment to start), runs the real
 * runAutomaticPayments and answers `done` with the result (or `failed`), then exits.
 */
import type { AutoRunResult } from '@agency/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createPostgresHandle } from '../src/db/client.ts';
import { runAutomaticPayments } from '../src/modules/payments/auto-run.ts';

/** `startAt`: the wall-clock moment (ms) both runners start at, so neither gets ahead by how fast its message arrived. */
export type RunnerRequest = { type: 'run'; period: string; now: string; startAt: number; batchSize?: number };
export type RunnerReply = { type: 'ready' } | { type: 'done'; result: AutoRunResult } | { type: 'failed'; message: string };

const url = process.argv[2];
if (!url || !process.send) throw new Error('auto-run-runner: fork it with the database URL as its argument');
const send = (reply: RunnerReply) => new Promise<void>((resolve) => process.send!(reply, undefined, {}, () => resolve()));

const database = createPostgresHandle(new pg.Pool({ connectionString: url, max: 2 }));
// Connected before `ready`, so both runners start their run from the same point.
await database.db.execute(sql`select 1`);
process.once('message', (message: RunnerRequest) => {
  void (async () => {
    try {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, message.startAt - Date.now())));
      const result = await runAutomaticPayments(database.db, {
        period: message.period,
        trigger: 'schedule',
        now: new Date(message.now),
        ...(message.batchSize ? { batchSize: message.batchSize } : {}),
      });
      await send({ type: 'done', result });
    } catch (error) {
      await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    } finally {
      await database.close();
      process.disconnect();
    }
  })();
});
await send({ type: 'ready' });
