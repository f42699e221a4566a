/**
 * One server process's automatic payment run, for auto-run.processes.test.ts and
 * faults/auto-run-crash.test.ts and security/crash-litter.test.ts: forked with
 * `execArgv: ['--import', 'tsx']` and the database URL (or a PGlite DATA_DIR) as its argument, it opens its own pool,
 * says `ready`, waits for the parent's `run` message (sent to every runner at once, naming the
 * moment to start), runs the real
 * runAutomaticPayments and answers `done` with the result (or `failed`), then exits. With
 * `reportBatches` it also says `batch` at each batch's stages (`onBatch`); at `holdAt` it stops
 * there (inside the open transaction for `written`) and waits for the parent to kill it.
 * Forked with `serve` as its second argument, it answers every `run` message, one after the other,
 * and exits on `exit` (auto-run.processes.test.ts: two processes for twenty runs, instead of forty
 * starts of the server's code through tsx).
 */
import type { AutoRunResult } from '@agency/shared';
import { sql } from 'drizzle-orm';
import { createPostgresHandle, createPostgresPool, openDatabase } from '../src/db/client.ts';
import { runAutomaticPayments, type AutoRunBatchEvent } from '../src/modules/payments/auto-run.ts';

/** `startAt`: the wall-clock moment (ms) both runners start at, so neither gets ahead by how fast its message arrived. */
export type RunnerRequest = {
  type: 'run';
  period: string;
  now: string;
  startAt: number;
  batchSize?: number;
  reportBatches?: boolean;
  holdAt?: { stage: AutoRunBatchEvent['stage']; batch: number };
};
export type RunnerMessage = RunnerRequest | { type: 'exit' };
export type RunnerReply =
  | { type: 'ready' }
  | { type: 'batch'; stage: AutoRunBatchEvent['stage']; batch: number }
  | { type: 'done'; result: AutoRunResult }
  | { type: 'failed'; message: string };

const target = process.argv[2];
if (!target || !process.send) throw new Error('auto-run-runner: fork it with the database URL (or a PGlite DATA_DIR) as its argument');
const send = (reply: RunnerReply) => new Promise<void>((resolve) => process.send!(reply, undefined, {}, () => resolve()));

// A PostgreSQL URL, or the DATA_DIR of a file-backed PGlite (opened as the server opens it, folder lock included).
const database = /^postgres(ql)?:/.test(target) ? createPostgresHandle(createPostgresPool(target, { max: 2 })) : await openDatabase({ dataDir: target });
// Connected before `ready`, so both runners start their run from the same point.
await database.db.execute(sql`select 1`);
const serve = process.argv[3] === 'serve';

async function run(message: RunnerRequest): Promise<void> {
  try {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, message.startAt - Date.now())));
    const result = await runAutomaticPayments(database.db, {
      period: message.period,
      trigger: 'schedule',
      now: new Date(message.now),
      ...(message.batchSize ? { batchSize: message.batchSize } : {}),
      ...(message.reportBatches
        ? {
            onBatch: async ({ stage, batch }: AutoRunBatchEvent) => {
              await send({ type: 'batch', stage, batch });
              if (message.holdAt?.stage === stage && message.holdAt.batch === batch) await new Promise(() => undefined);
            },
          }
        : {}),
    });
    await send({ type: 'done', result });
  } catch (error) {
    await send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

async function exit(): Promise<void> {
  await database.close();
  process.disconnect();
}

if (serve) {
  // One message at a time, in the order they came.
  let queue = Promise.resolve();
  process.on('message', (message: RunnerMessage) => {
    queue = queue.then(() => (message.type === 'exit' ? exit() : run(message)));
  });
} else {
  process.once('message', (message: RunnerRequest) => {
    void run(message).finally(exit);
  });
}
await send({ type: 'ready' });
