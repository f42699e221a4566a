import { MIN_PAYOUT_CENTS, type Eligibility, type PaymentStatus } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { payoutPeriodAt, readLedgerBalance } from '../ledger/index.ts';

export interface MemberBalance {
  unpaidCents: number;
  availableCents: number;
  eligibility: Eligibility;
}

/** docs/product.md §9: at least $50 available is payable; below it rolls over to the next month. */
export function eligibilityOf(availableCents: number): Eligibility {
  return availableCents >= MIN_PAYOUT_CENTS ? 'Eligible for Payment' : 'Below Minimum Threshold';
}

/**
 * `Payment Complete` when the member's latest payment was paid and nothing is left: no available
 * balance and no payable earnings not covered by a payment. Otherwise the threshold decides.
 */
export function balanceEligibility(balance: { availableCents: number; unpaidCents: number; latestPaymentStatus: PaymentStatus | null }): Eligibility {
  if (balance.latestPaymentStatus === 'Paid' && balance.availableCents <= 0 && balance.unpaidCents <= 0) return 'Payment Complete';
  return eligibilityOf(balance.availableCents);
}

/**
 * A member's balance at `now`, from the ledger (modules/ledger/): ended months (before
 * the month of `now` in the payout time zone, UTC when none is set) not posted yet are added in
 * memory; nothing is written.
 */
export async function memberBalance(db: Executor, memberId: string, now: Date): Promise<MemberBalance> {
  const balance = await readLedgerBalance(db, memberId, await payoutPeriodAt(db, now));
  return { unpaidCents: balance.unpaidCents, availableCents: balance.availableCents, eligibility: balanceEligibility(balance) };
}
