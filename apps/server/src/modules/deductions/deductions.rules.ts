import type { PaymentStatus } from '@agency/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * The rules of deductions (PRODUCT section 2), as pure functions:
 *
 * - an admin adds a deduction to a member (role `user`); it lowers the member's balance at once;
 * - it stays open until the member's next payment takes it: every open deduction of the member,
 *   oldest first, is attached to that payment, which covers net + deductions of earnings;
 * - a payment that ends Rejected or Unpaid releases its deductions: they are open again and the
 *   next payment takes them;
 * - only an open deduction can be deleted (a consumed one answers 409); a deleted one is kept,
 *   with a reversal in the ledger.
 *
 * The service and the payments code read and write the rows (deductions.repository.ts) and ask
 * these functions what to do with them.
 */

/** What the rules read of a deduction row. */
export interface DeductionState {
  /** The payment that took it; null while open. */
  paymentId: string | null;
  deletedAt: Date | null;
}

/** Open: not taken by a payment and not deleted. */
export function isOpen(deduction: DeductionState): boolean {
  return deduction.paymentId === null && deduction.deletedAt === null;
}

/** How much of a payment the open deductions take: all of them, in cents. */
export function openDeductionsCents(open: readonly { amountCents: number }[]): number {
  return open.reduce((sum, deduction) => sum + deduction.amountCents, 0);
}

/** A payment's figures: `netCents` is transferred; the earnings it covers are net + the open deductions. */
export function paymentFigures(netCents: number, open: readonly { amountCents: number }[]): { amountCents: number; deductionsCents: number; grossCents: number } {
  const deductionsCents = openDeductionsCents(open);
  return { amountCents: netCents, deductionsCents, grossCents: netCents + deductionsCents };
}

/** Which deductions a payment takes: every open deduction of its member (`openOfMember`, oldest first). */
export function deductionsTakenBy<T extends { id: string }>(paymentId: string, openOfMember: readonly T[]): { id: string; paymentId: string }[] {
  return openOfMember.map((deduction) => ({ id: deduction.id, paymentId }));
}

/** `deductionsTakenBy` for many payments, each of a different member. */
export function deductionsTakenByMany(
  payments: readonly { id: string; memberId: string }[],
  openByMember: ReadonlyMap<string, readonly { id: string }[]>,
): { id: string; paymentId: string }[] {
  return payments.flatMap((payment) => deductionsTakenBy(payment.id, openByMember.get(payment.memberId) ?? []));
}

/** Rows grouped by member, in the order given (the open deductions are read oldest first). */
export function groupByMember<T extends { memberId: string }>(rows: readonly T[]): Map<string, T[]> {
  const result = new Map<string, T[]>();
  for (const row of rows) {
    const list = result.get(row.memberId);
    if (list) list.push(row);
    else result.set(row.memberId, [row]);
  }
  return result;
}

/** The payment statuses that give the payment's deductions back to the member. */
const RELEASING_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Rejected', 'Unpaid'];

/** Does a payment that reaches `status` release its deductions? */
export function releasesDeductions(status: PaymentStatus): boolean {
  return RELEASING_PAYMENT_STATUSES.includes(status);
}

/** A deduction is added to a member only (role `user`); anything else answers DEDUCTION_ADD_FAILED. */
export function checkDeductionMember(member: { role: string } | undefined): void {
  if (!member || member.role !== 'user') {
    throw new AppError('DEDUCTION_ADD_FAILED', { details: [{ path: 'memberId', message: 'The selected member does not exist' }] });
  }
}

/** The stored reason: trimmed by the request schema; empty or missing is none. */
export function deductionReason(reason: string | undefined): string | null {
  return reason && reason !== '' ? reason : null;
}

/** A deduction that does not exist or was deleted answers NOT_FOUND. */
export function checkNotDeleted<T extends DeductionState>(deduction: T | undefined): asserts deduction is T {
  if (!deduction || deduction.deletedAt) throw new AppError('NOT_FOUND');
}

/** Only an open deduction can be deleted: NOT_FOUND when gone, DEDUCTION_DELETE_FAILED (409) when a payment took it. */
export function checkDeletable<T extends DeductionState>(deduction: T | undefined): asserts deduction is T {
  checkNotDeleted(deduction);
  if (deduction.paymentId) {
    throw new AppError('DEDUCTION_DELETE_FAILED', { details: [{ message: 'The deduction was consumed by a payment' }] });
  }
}
