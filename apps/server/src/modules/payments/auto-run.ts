import { MIN_PAYOUT_CENTS, type AutoRunResult } from '@agency/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation, pgErrorCode } from '../../lib/db-errors.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { lockMemberLedger, lockMemberLedgers, postEndedMonths, postEndedMonthsMany, sumLedger } from './ledger.ts';
import { createAutomaticPaymentRecords, createPaymentRecord } from './payment-records.ts';
import { findAutomaticPayment, findAutomaticPaymentMembers, finishPayoutRun, insertPayoutRun, listActiveMemberIds } from './payments.repository.ts';

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

function periodLock(period: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${`payout:${period}`}))`;
}

/**
 * One member in one transaction: the period's advisory lock (two instances running at once
 * take turns per member), the member's ledger lock, then the check for this period's payment.
 * The partial unique index on (member, run_period) is the last guard.
 */
async function payMember(db: Database, memberId: string, options: AutoRunOptions): Promise<MemberOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(periodLock(options.period));
      await lockMemberLedger(tx, memberId);
      if (await findAutomaticPayment(tx, memberId, options.period)) return { kind: 'existing' as const };
      await postEndedMonths(tx, memberId, options.period, options.now);
      const availableCents = await sumLedger(tx, memberId);
      if (availableCents < MIN_PAYOUT_CENTS) return { kind: 'skipped' as const };
      const payment = await createPaymentRecord(tx, {
        memberId,
        kind: 'automatic',
        amountCents: availableCents,
        runPeriod: options.period,
        actor: { id: options.actorId ?? null },
        at: options.now,
      });
      return { kind: 'created' as const, amountCents: payment.amountCents, pendingRegistration: payment.status === 'Pending Registration' };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payments_automatic_member_period_unique')) return { kind: 'existing' };
    throw error;
  }
}

/**
 * The same as `payMember` for a batch of members in one transaction, with the same locks and
 * checks: the period lock, every member's ledger lock, then each member's check for this period's
 * payment, so each member is still all or nothing and paid at most once; the reads and writes are
 * a few multi-row statements for the whole batch. A batch that trips the unique index (a payment
 * written without the period lock) or a deadlock is rolled back and redone member by member.
 */
async function payBatch(db: Database, memberIds: readonly string[], batch: number, options: AutoRunOptions): Promise<MemberOutcome[]> {
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
      const created = await createAutomaticPaymentRecords(tx, payable, { runPeriod: options.period, actor: { id: options.actorId ?? null }, at: options.now });
      await options.onBatch?.({ stage: 'written', batch, memberIds });
      const byMember = new Map(created.map((payment) => [payment.memberId, payment]));
      return memberIds.map((id): MemberOutcome => {
        if (existing.has(id)) return { kind: 'existing' };
        const payment = byMember.get(id);
        if (!payment) return { kind: 'skipped' };
        return { kind: 'created', amountCents: payment.amountCents, pendingRegistration: payment.status === 'Pending Registration' };
      });
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (!isUniqueViolation(error, 'payments_automatic_member_period_unique') && !(code && RETRY_ONE_BY_ONE.has(code))) throw error;
    const outcomes: MemberOutcome[] = [];
    for (const memberId of memberIds) outcomes.push(await payMember(db, memberId, options));
    return outcomes;
  }
}

/**
 * The automatic monthly payments (PRODUCT section 2): every active member whose available balance
 * is at least $50 gets one payment of all of it; the others are skipped and roll over. Idempotent
 * per member and period.
 */
export async function runAutomaticPayments(db: Database, options: AutoRunOptions): Promise<AutoRunResult> {
  const runId = await insertPayoutRun(db, { period: options.period, trigger: options.trigger, triggeredBy: options.actorId ?? null, startedAt: options.now });
  const result: AutoRunResult = { period: options.period, created: 0, skipped: 0, existing: 0, pendingRegistration: 0, totalCents: 0 };
  let afterId: string | null = null;
  for (let batch = 1; ; batch += 1) {
    const ids = await listActiveMemberIds(db, afterId, options.batchSize ?? MEMBER_BATCH);
    if (ids.length === 0) break;
    for (const outcome of await payBatch(db, ids, batch, options)) {
      if (outcome.kind === 'created') {
        result.created += 1;
        result.totalCents += outcome.amountCents;
        if (outcome.pendingRegistration) result.pendingRegistration += 1;
      } else if (outcome.kind === 'skipped') result.skipped += 1;
      else result.existing += 1;
    }
    afterId = ids[ids.length - 1]!;
    await options.onBatch?.({ stage: 'committed', batch, memberIds: ids });
  }
  await db.transaction(async (tx) => {
    await finishPayoutRun(tx, runId, { finishedAt: options.now, created: result.created, skipped: result.skipped });
    await recordActivity(tx, {
      actorId: options.actorId ?? null,
      action: 'payment.autoRun',
      entityType: 'payoutRun',
      entityId: runId,
      after: { ...result, trigger: options.trigger },
      at: options.now,
    });
  });
  return result;
}
