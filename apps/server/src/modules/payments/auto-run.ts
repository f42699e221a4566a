import { MIN_PAYOUT_CENTS, type AutoRunResult } from '@agency/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { lockMemberLedger, postEndedMonths, sumLedger } from './ledger.ts';
import { createPaymentRecord } from './payment-records.ts';
import { findAutomaticPayment, finishPayoutRun, insertPayoutRun, listActiveMemberIds } from './payments.repository.ts';

const MEMBER_PAGE = 500;

export interface AutoRunOptions {
  /** The run's month (`2026-11`): months before it are payable; one automatic payment per member and month. */
  period: string;
  trigger: 'schedule' | 'admin';
  actorId?: string | null;
  now: Date;
}

type MemberOutcome = { kind: 'created'; amountCents: number; pendingRegistration: boolean } | { kind: 'skipped' } | { kind: 'existing' };

/**
 * One member in one transaction: the period's advisory lock (two instances running at once
 * take turns per member), the member's ledger lock, then the check for this period's payment.
 * The partial unique index on (member, run_period) is the last guard.
 */
async function payMember(db: Database, memberId: string, options: AutoRunOptions): Promise<MemberOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout:${options.period}`}))`);
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
 * The automatic monthly payments (PRODUCT section 2): every active member whose available balance
 * is at least $50 gets one payment of all of it; the others are skipped and roll over. Idempotent
 * per member and period.
 */
export async function runAutomaticPayments(db: Database, options: AutoRunOptions): Promise<AutoRunResult> {
  const runId = await insertPayoutRun(db, { period: options.period, trigger: options.trigger, triggeredBy: options.actorId ?? null, startedAt: options.now });
  const result: AutoRunResult = { period: options.period, created: 0, skipped: 0, existing: 0, pendingRegistration: 0, totalCents: 0 };
  let afterId: string | null = null;
  for (;;) {
    const ids = await listActiveMemberIds(db, afterId, MEMBER_PAGE);
    if (ids.length === 0) break;
    for (const memberId of ids) {
      const outcome = await payMember(db, memberId, options);
      if (outcome.kind === 'created') {
        result.created += 1;
        result.totalCents += outcome.amountCents;
        if (outcome.pendingRegistration) result.pendingRegistration += 1;
      } else if (outcome.kind === 'skipped') result.skipped += 1;
      else result.existing += 1;
    }
    afterId = ids[ids.length - 1]!;
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
