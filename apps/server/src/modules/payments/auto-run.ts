import { randomUUID } from 'node:crypto';
import { MIN_PAYOUT_CENTS, type AutoRunResult } from '@agency/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation, pgErrorCode } from '../../lib/db-errors.ts';
import { recordActivity } from '../activity/index.ts';
import { lockMemberLedger, lockMemberLedgers, postEndedMonths, postEndedMonthsMany, sumLedger } from '../ledger/index.ts';
import { createAutomaticPaymentRecords, createPaymentRecord } from './payment-records.ts';
import {
  addPayoutRunCounts,
  completeInterruptedRuns,
  findAutomaticPayment,
  findAutomaticPaymentMembers,
  finishPayoutRun,
  insertPayoutRun,
  listActiveMemberIds,
  markPayoutRunInterrupted,
  type PayoutRunRow,
} from './payments.repository.ts';
import { holdRunLease, markInterruptedRuns } from './payout-runs.ts';

/**
 * Members per transaction. Measured with bench/payments.mjs (10,000 members): one transaction per
 * member costs ~17 round trips each; a batch costs about as many statements for all its members.
 */
const MEMBER_BATCH = 250;

/** Deadlock detected, serialization failure: the batch is redone member by member. */
const RETRY_ONE_BY_ONE = new Set(['40P01', '40001']);

export interface AutoRunOptions {
  /** The run's month (`2026-11`): months before it are payable; one automatic payment per member and month. */
  period: string;
  trigger: 'schedule' | 'admin';
  actorId?: string | null;
  now: Date;
  /** Members per transaction (default MEMBER_BATCH); tests pass a small one to interleave two runs. */
  batchSize?: number;
  /**
   * Test seam for the crash tests (test/faults/auto-run-crash.test.ts); the server passes none.
   * Called inside a batch's transaction once its payments are written (`written`: a throw rolls the
   * batch back) and after its commit (`committed`); `batch` counts from 1.
   */
  onBatch?: (event: AutoRunBatchEvent) => void | Promise<void>;
}

export interface AutoRunBatchEvent {
  stage: 'written' | 'committed';
  batch: number;
  memberIds: readonly string[];
}

type MemberOutcome = { kind: 'created'; amountCents: number; pendingRegistration: boolean } | { kind: 'skipped' } | { kind: 'existing' };

/** Adds outcomes to the run's row in the transaction that committed them, so the counts are those of committed work. */
async function countOutcomes(tx: Executor, runId: string, outcomes: readonly MemberOutcome[]): Promise<void> {
  await addPayoutRunCounts(tx, runId, {
    skipped: outcomes.filter((outcome) => outcome.kind === 'skipped').length,
    existing: outcomes.filter((outcome) => outcome.kind === 'existing').length,
    pendingRegistration: outcomes.filter((outcome) => outcome.kind === 'created' && outcome.pendingRegistration).length,
  });
}

function periodLock(period: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${`payout:${period}`}))`;
}

/**
 * One member in one transaction: the period's advisory lock (two instances running at once
 * take turns per member), the member's ledger lock, then the check for this period's payment.
 * The partial unique index on (member, run_period) is the last guard.
 */
async function payMember(db: Database, memberId: string, runId: string, options: AutoRunOptions): Promise<MemberOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(periodLock(options.period));
      await lockMemberLedger(tx, memberId);
      const outcome = await (async (): Promise<MemberOutcome> => {
        if (await findAutomaticPayment(tx, memberId, options.period)) return { kind: 'existing' };
        await postEndedMonths(tx, memberId, options.period, options.now);
        const availableCents = await sumLedger(tx, memberId);
        if (availableCents < MIN_PAYOUT_CENTS) return { kind: 'skipped' };
        const payment = await createPaymentRecord(tx, {
          memberId,
          kind: 'automatic',
          amountCents: availableCents,
          runPeriod: options.period,
          payoutRunId: runId,
          actor: { id: options.actorId ?? null, ip: null },
          at: options.now,
        });
        return { kind: 'created', amountCents: payment.amountCents, pendingRegistration: payment.status === 'Pending Registration' };
      })();
      await countOutcomes(tx, runId, [outcome]);
      return outcome;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'payments_automatic_member_period_unique')) throw error;
    await countOutcomes(db, runId, [{ kind: 'existing' }]);
    return { kind: 'existing' };
  }
}

/**
 * The same as `payMember` for a batch of members in one transaction, with the same locks and
 * checks: the period lock, every member's ledger lock, then each member's check for this period's
 * payment, so each member is still all or nothing and paid at most once; the reads and writes are
 * a few multi-row statements for the whole batch. A batch that trips the unique index (a payment
 * written without the period lock) or a deadlock is rolled back and redone member by member.
 */
async function payBatch(db: Database, memberIds: readonly string[], batch: number, runId: string, options: AutoRunOptions): Promise<MemberOutcome[]> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(periodLock(options.period));
      await lockMemberLedgers(tx, memberIds);
      const existing = await findAutomaticPaymentMembers(tx, memberIds, options.period);
      const open = memberIds.filter((id) => !existing.has(id));
      const ledgers = await postEndedMonthsMany(tx, open, options.period, options.now);
      const payable = [...ledgers]
        .filter(([, ledger]) => ledger.availableCents >= MIN_PAYOUT_CENTS)
        .map(([memberId, ledger]) => ({ memberId, amountCents: ledger.availableCents, ledger }));
      const created = await createAutomaticPaymentRecords(tx, payable, {
        runPeriod: options.period,
        payoutRunId: runId,
        actor: { id: options.actorId ?? null, ip: null },
        at: options.now,
      });
      const byMember = new Map(created.map((payment) => [payment.memberId, payment]));
      const outcomes = memberIds.map((id): MemberOutcome => {
        if (existing.has(id)) return { kind: 'existing' };
        const payment = byMember.get(id);
        if (!payment) return { kind: 'skipped' };
        return { kind: 'created', amountCents: payment.amountCents, pendingRegistration: payment.status === 'Pending Registration' };
      });
      await countOutcomes(tx, runId, outcomes);
      await options.onBatch?.({ stage: 'written', batch, memberIds });
      return outcomes;
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (!isUniqueViolation(error, 'payments_automatic_member_period_unique') && !(code && RETRY_ONE_BY_ONE.has(code))) throw error;
    const outcomes: MemberOutcome[] = [];
    for (const memberId of memberIds) outcomes.push(await payMember(db, memberId, runId, options));
    return outcomes;
  }
}

function resultOf(row: PayoutRunRow): AutoRunResult {
  return {
    period: row.period,
    created: row.created,
    skipped: row.skipped,
    existing: row.existing,
    pendingRegistration: row.pendingRegistration,
    totalCents: Number(row.totalCents),
  };
}

/**
 * The automatic monthly payments (docs/product.md §11): every active member whose available balance
 * is at least $50 gets one payment of all of it; the others are skipped and roll over. Idempotent
 * per member and period. The run is recorded in `payout_runs` (docs/decisions/014): runs left
 * `running` by a dead process are marked interrupted first; this run holds its lease while it
 * runs; its counts come from the database (the payments it wrote, the outcomes each committed
 * batch added); a failure marks it interrupted; when it finishes, the interrupted runs of its month
 * and earlier are recorded as completed by it (it paid what they did not).
 */
export async function runAutomaticPayments(db: Database, options: AutoRunOptions): Promise<AutoRunResult> {
  await markInterruptedRuns(db, options.now);
  const runId = randomUUID();
  const lease = await holdRunLease(db, runId);
  try {
    await insertPayoutRun(db, { id: runId, period: options.period, trigger: options.trigger, triggeredBy: options.actorId ?? null, startedAt: options.now, status: 'running' });
    let afterId: string | null = null;
    for (let batch = 1; ; batch += 1) {
      const ids = await listActiveMemberIds(db, afterId, options.batchSize ?? MEMBER_BATCH);
      if (ids.length === 0) break;
      await payBatch(db, ids, batch, runId, options);
      afterId = ids[ids.length - 1]!;
      await options.onBatch?.({ stage: 'committed', batch, memberIds: ids });
    }
    // Again: a run killed just before this one started may only now have lost its lease.
    await markInterruptedRuns(db, options.now);
    return await db.transaction(async (tx) => {
      const row = await finishPayoutRun(tx, runId, options.now);
      const completedRuns = await completeInterruptedRuns(tx, runId, options.period);
      const result = resultOf(row);
      await recordActivity(tx, {
        actorId: options.actorId ?? null,
        action: 'payment.autoRun',
        entityType: 'payoutRun',
        entityId: runId,
        after: { ...result, trigger: options.trigger, ...(completedRuns > 0 ? { completedInterruptedRuns: completedRuns } : {}) },
        at: options.now,
      });
      return result;
    });
  } catch (error) {
    // The batches committed so far stay; the run is shown as interrupted until a later one completes it.
    await markPayoutRunInterrupted(db, runId, options.now).catch(() => undefined);
    throw error;
  } finally {
    await lease.release();
  }
}
