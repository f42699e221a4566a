/** What other modules may use of payments. */
export { REVERSED_PAYMENT_STATUSES, insertLedgerEntries, ledgerBalanceOf, lockMemberLedger, payoutPeriodAt, periodInZone, readLedgerBalance, unpostedMonthsOf } from './ledger.ts';
export type { PostedMonth } from './ledger.ts';
export { completePaymentRegistration } from './payments.service.ts';
