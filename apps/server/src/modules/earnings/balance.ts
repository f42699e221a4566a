import { MIN_PAYOUT_CENTS, periodOf, type Eligibility } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { sumEarningsBefore } from './earnings.repository.ts';

export interface MemberBalance {
  unpaidCents: number;
  availableCents: number;
  eligibility: Eligibility;
}

/** PRODUCT section 2: at least $50 available is payable; below it rolls over to the next month. */
export function eligibilityOf(availableCents: number): Eligibility {
  return availableCents >= MIN_PAYOUT_CENTS ? 'Eligible for Payment' : 'Below Minimum Threshold';
}

/**
 * A member's balance at `now`. There are no payments or deductions yet, so unpaid earnings are
 * the earnings of every ended month (period before the month of `now`) and the available balance
 * equals them. The Payments issue replaces this with the ledger (unpaid = payable months not
 * covered by a payment; available = unpaid - open deductions - open payment requests; and the
 * `Payment Complete` state); callers keep this signature.
 */
export async function memberBalance(db: Executor, memberId: string, now: Date): Promise<MemberBalance> {
  const unpaidCents = await sumEarningsBefore(db, memberId, periodOf(now));
  const availableCents = unpaidCents;
  return { unpaidCents, availableCents, eligibility: eligibilityOf(availableCents) };
}
