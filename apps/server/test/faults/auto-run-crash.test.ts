import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MIN_PAYOUT_CENTS, shiftPeriod, type AutoRunResult } from '@agency/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { ledgerEntries, payments, payoutRuns } from '../../src/db/schema.ts';
import { createDeductionsService } from '../../src/modules/deductions/index.ts';
import { memberBalance } from '../../src/modules/earnings/balance.ts';
import { runAutomaticPayments, type AutoRunBatchEvent } from '../../src/modules/payments/auto-run.ts';
import { addBank, expectEachEligiblePaidOnce, setMonthEarnings } from '../../src/modules/payments/payments.fixtures.ts';
import { listActiveMemberIds } from '../../src/modules/payments/payments.repository.ts';
import { createPostgresTestDatabase, createTestDatabase, createUser, TestClock } from '../helpers.ts';
import type { RunnerReply, RunnerRequest } from '../auto-run-runner.ts';

/**
 * A crash during the automatic payment run, then a rerun completes the period: every eligible
 * member has exactly one payment of the period, nobody two, ledgers agree with balances.
 * PostgreSQL: the run is a real server process (test/auto-run-runner.ts) killed with SIGKILL at
 * the batch stage named by the case, while it waits there (inside the open transaction for
 * `written`); one case kills it without waiting, wherever it is. PGlite runs inside this process
 * and cannot lose a process of its own: the crash is a throw from the same `onBatch` seam (inside
 * the transaction for `written`, so that batch rolls back); a real SIGKILL on PGlite is in
 * security/crash-litter.test.ts.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const RUNNER = fileURLToPath(new URL('../auto-run-runner.ts', import.meta.url));
const FIRST_RUN = '2027-01';
const BATCH = 5;

type Kind = 'regular' | 'low' | 'unverified' | 'nobank' | 'deducted' | 'disabled';
const PLAN: { kind: Kind; count: number }[] = [
  { kind: 'regular', count: 22 },
  { kind: 'low', count: 4 }, // one small ended month: skipped every time
  { kind: 'unverified', count: 4 }, // paid, Pending Registration
  { kind: 'nobank', count: 2 }, // paid, Pending Registration
  { kind: 'deducted', count: 4 }, // an open deduction before every run, consumed by the payment
  { kind: 'disabled', count: 2 }, // earnings, but not active: never paid
];
const ACTIVE = 36;
const LAST_BATCH = Math.ceil(ACTIVE / BATCH);

/** Where a run dies; `wait: false` (PostgreSQL only) kills it on that event without stopping it there. */
interface Crash {
  stage: AutoRunBatchEvent['stage'];
  batch: number;
  wait?: false;
}

const CASES: { name: string; crashes: Crash[]; postgresOnly?: boolean }[] = [
  { name: 'after its first batch committed', crashes: [{ stage: 'committed', batch: 1 }] },
  { name: 'inside its third batch, payments written but not committed', crashes: [{ stage: 'written', batch: 3 }] },
  { name: 'after its last batch committed, before the run is recorded as finished', crashes: [{ stage: 'committed', batch: LAST_BATCH }] },
  { name: 'twice: inside batch 2, then the next run after batch 5 committed', crashes: [{ stage: 'written', batch: 2 }, { stage: 'committed', batch: 5 }] },
  { name: 'wherever it is once batch 2 committed (killed without stopping it)', crashes: [{ stage: 'committed', batch: 2, wait: false }], postgresOnly: true },
];

interface Member {
  id: string;
  kind: Kind;
  monthlyCents: number;
}

function runAt(period: string): Date {
  return new Date(`${period}-15T00:05:00Z`);
}

/** A server process running the period, SIGKILLed at `crash`; resolves once it is dead. */
async function crashInProcess(db: Database, url: string, period: string, crash: Crash): Promise<void> {
  const child = fork(RUNNER, [url], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const replies: RunnerReply[] = [];
  child.on('message', (reply: RunnerReply) => {
    replies.push(reply);
    if (reply.type === 'ready') {
      const request: RunnerRequest = {
        type: 'run',
        period,
        now: runAt(period).toISOString(),
        startAt: Date.now(),
        batchSize: BATCH,
        reportBatches: true,
        ...(crash.wait === false ? {} : { holdAt: { stage: crash.stage, batch: crash.batch } }),
      };
      child.send(request);
    }
    if (reply.type === 'batch' && reply.stage === crash.stage && reply.batch === crash.batch) child.kill('SIGKILL');
  });
  expect(await exited).toBe('SIGKILL');
  expect(replies.some((reply) => reply.type === 'done' || reply.type === 'failed')).toBe(false);
  await untilLeasesReleased(db);
}

/** PostgreSQL ends a killed process's sessions, and its run's lease (docs/decisions/014), once it sees their sockets closed. */
async function untilLeasesReleased(db: Database): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 8014 and database = (select oid from pg_database where datname = current_database())`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the killed runner still holds its run lease');
}

/** The same run in this process, dying by a throw from the seam at `crash`. */
async function crashInPlace(db: Database, period: string, crash: Crash): Promise<void> {
  await expect(
    runAutomaticPayments(db, {
      period,
      trigger: 'schedule',
      now: runAt(period),
      batchSize: BATCH,
      onBatch: ({ stage, batch }) => {
        if (stage === crash.stage && batch === crash.batch) throw new Error('simulated crash');
      },
    }),
  ).rejects.toThrow('simulated crash');
}

async function rerunInProcess(url: string, period: string): Promise<AutoRunResult> {
  const child = fork(RUNNER, [url], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.on('message', (reply: RunnerReply) => {
      if (reply.type === 'ready') child.send({ type: 'run', period, now: runAt(period).toISOString(), startAt: Date.now(), batchSize: BATCH } satisfies RunnerRequest);
      if (reply.type === 'done') resolve(reply.result);
      if (reply.type === 'failed') reject(new Error(reply.message));
    });
    child.once('exit', (code) => reject(new Error(`runner exited with ${code} without a result`)));
  });
}

describe('faults: a crash during the automatic payment run, then a rerun completes it', () => {
  let database: DatabaseHandle & { url?: string };
  let db: Database;
  let adminId = '';
  const members: Member[] = [];
  /** Active members in the run's order, so a test knows which batch each one is in. */
  let order: string[] = [];

  beforeAll(async () => {
    database = isPostgres ? await createPostgresTestDatabase() : await createTestDatabase();
    db = database.db;
    adminId = (await createUser(db, { role: 'admin' })).id;
    for (const { kind, count } of PLAN) {
      for (let index = 0; index < count; index += 1) {
        const user = await createUser(db, { status: kind === 'disabled' ? 'disabled' : 'active' });
        if (kind === 'unverified') await addBank(db, user.id, false);
        else if (kind !== 'nobank') await addBank(db, user.id, true);
        const monthlyCents = kind === 'low' ? 0 : 5000 + members.length * 131;
        members.push({ id: user.id, kind, monthlyCents });
        await setMonthEarnings(db, user.id, shiftPeriod(FIRST_RUN, 1), kind === 'low' ? 1000 + index * 500 : monthlyCents);
      }
    }
    order = await listActiveMemberIds(db, null, 1000);
    expect(order).toHaveLength(ACTIVE);
  });
  afterAll(async () => {
    await database?.close();
  });

  const cases = CASES.filter((item) => isPostgres || !item.postgresOnly);
  cases.forEach(({ name, crashes }, index) => {
    const period = shiftPeriod(FIRST_RUN, -index);

    it(`${isPostgres ? 'process killed' : 'run thrown'} ${name}`, async () => {
      const now = runAt(period);
      const clock = new TestClock(now);
      if (index > 0) {
        for (const member of members) if (member.monthlyCents > 0) await setMonthEarnings(db, member.id, shiftPeriod(period, 1), member.monthlyCents);
      }
      const deductionsService = createDeductionsService({ db, clock });
      for (const member of members) if (member.kind === 'deducted') await deductionsService.add({ memberId: member.id, amountCents: 900 + index }, { id: adminId, ip: null });

      const before = new Map<string, number>();
      for (const member of members) before.set(member.id, (await memberBalance(db, member.id, now)).availableCents);
      const active = members.filter((member) => member.kind !== 'disabled');
      const eligible = active.filter((member) => before.get(member.id)! >= MIN_PAYOUT_CENTS);
      const skipped = active.filter((member) => before.get(member.id)! < MIN_PAYOUT_CENTS);
      expect(skipped.map((member) => member.kind)).toEqual(['low', 'low', 'low', 'low']);
      const eligibleIds = new Set(eligible.map((member) => member.id));
      /** Eligible members in the first `batches` batches of the run. */
      const eligibleInBatches = (batches: number) => order.slice(0, batches * BATCH).filter((id) => eligibleIds.has(id)).length;
      const periodPayments = () => db.select().from(payments).where(and(eq(payments.kind, 'automatic'), eq(payments.runPeriod, period)));

      for (const crash of crashes) {
        if (isPostgres) await crashInProcess(db, database.url!, period, crash);
        else await crashInPlace(db, period, crash);
        // What the dead run left: every batch it committed, nothing of the one it was inside.
        const left = (await periodPayments()).length;
        const committedBatches = crash.stage === 'committed' ? crash.batch : crash.batch - 1;
        if (crash.wait === false) expect(left).toBeGreaterThanOrEqual(eligibleInBatches(committedBatches));
        else expect(left).toBe(eligibleInBatches(committedBatches));
      }
      const paidBeforeRerun = (await periodPayments()).length;
      expect(paidBeforeRerun).toBeLessThanOrEqual(eligible.length);

      // The rerun: another server process on even cases (PostgreSQL), this process otherwise.
      const result =
        isPostgres && index % 2 === 0
          ? await rerunInProcess(database.url!, period)
          : await runAutomaticPayments(db, { period, trigger: 'schedule', now, batchSize: BATCH });
      expect(result).toMatchObject({ period, created: eligible.length - paidBeforeRerun, existing: paidBeforeRerun, skipped: skipped.length });

      // Exactly one payment per eligible member, deductions consumed, ledgers equal balances.
      const rows = await expectEachEligiblePaidOnce(db, { period, now, members, eligibleIds, before });
      // Each automatic payment has exactly one `payment` ledger entry: nobody was debited twice.
      const paymentEntries = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'payment'), inArray(ledgerEntries.paymentId, rows.map((row) => row.id))));
      expect(paymentEntries).toHaveLength(eligible.length);
      // The dead runs are recorded as interrupted (never finished), each with the payments it
      // committed, counted from the payments, and completed by the rerun: the one finished run of
      // the period, whose counts are what it did (docs/decisions/014).
      const runs = await db.select().from(payoutRuns).where(eq(payoutRuns.period, period));
      expect(runs).toHaveLength(crashes.length + 1);
      expect(await db.$count(payoutRuns, and(eq(payoutRuns.period, period), isNotNull(payoutRuns.finishedAt)))).toBe(1);
      const finished = runs.find((run) => run.status === 'finished')!;
      expect(finished).toMatchObject({ created: result.created, existing: result.existing, skipped: result.skipped, totalCents: result.totalCents, completedBy: null });
      const interrupted = runs.filter((run) => run.status === 'interrupted');
      expect(interrupted).toHaveLength(crashes.length);
      for (const run of interrupted) {
        expect(run.finishedAt).toBeNull();
        expect(run.completedBy).toBe(finished.id);
        expect(run.created).toBe(rows.filter((row) => row.payoutRunId === run.id).length);
      }
      expect(interrupted.reduce((sum, run) => sum + run.created, 0)).toBe(paidBeforeRerun);
    });
  });
});
