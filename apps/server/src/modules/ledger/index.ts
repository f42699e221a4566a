/**
 * What other modules may use of the member ledger (docs/product.md §9): the rules on figures
 * already read (ledger.rules.ts), its queries and writes (ledger.repository.ts), the per-member
 * locks (ledger.locks.ts) and the payout month in the payout time zone (payout-period.ts).
 * Payments post and cover earnings with it, deductions write their entries, earnings read the
 * balance; it imports none of them.
 */
export { coveredPeriods, ledgerBalanceOf, REVERSED_PAYMENT_STATUSES, unpostedMonthsOf } from './ledger.rules.ts';
export type { PostedMonth } from './ledger.rules.ts';
export { insertLedgerEntries, listPostedEarnings, postEndedMonths, postEndedMonthsMany, readLedgerBalance, sumCoveredGross, sumLedger } from './ledger.repository.ts';
export type { PostedLedger } from './ledger.repository.ts';
export { lockMemberLedger, lockMemberLedgers } from './ledger.locks.ts';
export { payoutPeriodAt, periodInZone } from './payout-period.ts';
