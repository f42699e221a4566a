import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { MIN_PAYOUT_CENTS, shiftPeriod, type AutoRunResult } from '@agency/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, createUser, TestClock } from '../../../test/helpers.ts';
import type { RunnerMessage, RunnerReply, RunnerRequest } from '../../../test/auto-run-runner.ts';
import type { Database } from '../../db/client.ts';
import { payoutRuns } from '../../db/schema.ts';
import { createDeductionsService } from '../deductions/index.ts';
import { memberBalance } from '../earnings/balance.ts';
import { addBank, expectEachEligiblePaidOnce, setMonthEarnings } from './payments.fixtures.ts';

/**
 * Issue 5: the automatic run in two server processes at once, on PostgreSQL only (PGlite is one
 * process). 20 times, a new run month (the clock moves a month, the month before gets fresh
 * earnings); two forked runners (test/auto-run-runner.ts, the real runAutomaticPayments through
 * tsx, each with its own pool, started once and kept for the twenty runs) start each run on the
 * same message; then exactly one payment per eligible member, none for the others, and every
 * ledger agrees with the service's balance.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const RUNNER = fileURLToPath(new URL('../../../test/auto-run-runner.ts', import.meta.url));
const ITERATIONS = 20;
const FIRST_RUN = '2027-01';

type Kind = 'regular' | 'low' | 'unverified' | 'nobank' | 'deducted' | 'deductedBelow' | 'disabled';
interface Member {
  id: string;
  kind: Kind;
  /** Earnings of every ended month (0: only the first, small one). */
  monthlyCents: number;
}

const PLAN: { kind: Kind; count: number }[] = [
  { kind: 'regular', count: 16 },
  { kind: 'low', count: 4 }, // one small ended month, never more: skipped every time
  { kind: 'unverified', count: 2 }, // paid, Pending Registration
  { kind: 'nobank', count: 2 }, // paid, Pending Registration
  { kind: 'deducted', count: 4 }, // a new open deduction before every run
  { kind: 'deductedBelow', count: 2 }, // $55 a month, a $20 deduction each run: below $50 on some runs
  { kind: 'disabled', count: 2 }, // earnings, but not active: never paid
];

function runAt(period: string): Date {
  return new Date(`${period}-15T00:05:00Z`);
}

interface Runner {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Forks a runner that answers every run (`serve`) and resolves once it is connected and waiting. */
async function startRunner(url: string): Promise<Runner> {
  const child = fork(RUNNER, [url, 'serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const runner = { child, exited };
  const [reply] = (await nextReply(runner, 'before it was ready')) as [RunnerReply];
  if (reply.type !== 'ready') throw new Error(`runner said ${reply.type} before it was ready`);
  return runner;
}

/** The runner's next message (it sends one answer per run), or an error if it exits first. */
function nextReply(runner: Runner, when: string): Promise<unknown[]> {
  return Promise.race([once(runner.child, 'message'), runner.exited.then((code) => Promise.reject(new Error(`runner exited with ${code} ${when}`)))]);
}

/** Both runners start the same run at the same moment; their results. */
async function runInTwoProcesses(runners: Runner[], period: string, batchSize: number | undefined): Promise<AutoRunResult[]> {
  // The start signal: both are connected and waiting; the message goes to both and names the
  // moment (a little ahead) at which both start.
  const request: RunnerRequest = { type: 'run', period, now: runAt(period).toISOString(), startAt: Date.now() + 150, ...(batchSize ? { batchSize } : {}) };
  const answers = runners.map((runner) => nextReply(runner, 'during a run'));
  for (const runner of runners) runner.child.send(request);
  const replies = (await Promise.all(answers)).map(([reply]) => reply as RunnerReply);
  return replies.map((reply, index) => {
    if (reply.type !== 'done') throw new Error(`runner ${index}: ${reply.type === 'failed' ? reply.message : reply.type}`);
    return reply.result;
  });
}

describe.skipIf(!isPostgres)('payments: the automatic run in two server processes at once (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let db: Database;
  let adminId = '';
  const members: Member[] = [];
  const clock = new TestClock(runAt(FIRST_RUN));
  /** The two server processes, each with its own pool, started once for the twenty runs. */
  let runners: Runner[] = [];

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    db = database.db;
    adminId = (await createUser(db, { role: 'admin' })).id;
    const firstEnded = shiftPeriod(FIRST_RUN, 1);
    for (const { kind, count } of PLAN) {
      for (let index = 0; index < count; index += 1) {
        const user = await createUser(db, { status: kind === 'disabled' ? 'disabled' : 'active' });
        if (kind === 'unverified') await addBank(db, user.id, false);
        else if (kind !== 'nobank') await addBank(db, user.id, true);
        const monthlyCents = kind === 'low' ? 0 : kind === 'deductedBelow' ? 5500 : 5000 + members.length * 137;
        members.push({ id: user.id, kind, monthlyCents });
        // A month before the first ended one too: the run posts and covers several months.
        await setMonthEarnings(db, user.id, shiftPeriod(FIRST_RUN, 2), kind === 'low' ? 0 : 2000 + index * 10);
        await setMonthEarnings(db, user.id, firstEnded, kind === 'low' ? 1000 + index * 1000 : monthlyCents);
      }
    }
    expect(members.filter((member) => member.kind !== 'disabled')).toHaveLength(30);
    runners = await Promise.all([startRunner(database.url), startRunner(database.url)]);
  });
  afterAll(async () => {
    for (const runner of runners) runner.child.send({ type: 'exit' } satisfies RunnerMessage);
    await Promise.all(runners.map((runner) => runner.exited));
    await database?.close();
  });

  for (let iteration = 0; iteration < ITERATIONS; iteration += 1) {
    const period = shiftPeriod(FIRST_RUN, -iteration);

    it(`run ${iteration + 1}/${ITERATIONS} (${period}): one payment per eligible member, none for the rest, ledgers agree`, async () => {
      const now = runAt(period);
      clock.set(now);
      const deductionsService = createDeductionsService({ db, clock });
      if (iteration > 0) {
        // The month that just ended: fresh earnings for everyone but the low ones.
        for (const member of members) if (member.monthlyCents > 0) await setMonthEarnings(db, member.id, shiftPeriod(period, 1), member.monthlyCents);
      }
      for (const member of members) {
        if (member.kind === 'deducted') await deductionsService.add({ memberId: member.id, amountCents: 700 + iteration }, { id: adminId, ip: null });
        if (member.kind === 'deductedBelow') await deductionsService.add({ memberId: member.id, amountCents: 2000 }, { id: adminId, ip: null });
      }

      const before = new Map<string, number>();
      for (const member of members) before.set(member.id, (await memberBalance(db, member.id, now)).availableCents);
      const active = members.filter((member) => member.kind !== 'disabled');
      const eligible = active.filter((member) => before.get(member.id)! >= MIN_PAYOUT_CENTS);
      const skipped = active.filter((member) => before.get(member.id)! < MIN_PAYOUT_CENTS);
      expect(eligible.length).toBeGreaterThan(20);
      expect(skipped.filter((member) => member.kind === 'low')).toHaveLength(4);

      // Odd runs in batches of 3 members (the two processes take turns batch by batch), even runs
      // in the default batch (one transaction for all 30).
      const results = await runInTwoProcesses(runners, period, iteration % 2 === 1 ? 3 : undefined);

      // Between them, the two processes created each payment once; each saw every active member.
      expect(results[0]!.created + results[1]!.created).toBe(eligible.length);
      for (const result of results) {
        expect(result).toMatchObject({ period, skipped: skipped.length });
        expect(result.created + result.existing).toBe(eligible.length);
      }
      expect(await db.$count(payoutRuns, eq(payoutRuns.period, period))).toBe(2);

      // One payment per eligible member, none for the others; deductions consumed; the ledger sum is
      // the service's balance for every active member; a disabled member's ledger is untouched.
      const rows = await expectEachEligiblePaidOnce(db, { period, now, members, eligibleIds: new Set(eligible.map((member) => member.id)), before });
      const paidCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
      expect(paidCents).toBe(eligible.reduce((sum, member) => sum + before.get(member.id)!, 0));
    });
  }
});
