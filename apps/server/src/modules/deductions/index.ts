/**
 * What other modules may use of deductions. Payments take the open deductions of a member when a
 * payment is created and release them when it is rejected or unpaid; the rules say how, the
 * repository functions do it inside the caller's transaction (under the member's ledger lock).
 * The routes are registered by app.ts from deductions.routes.ts.
 */
export { deductions, type DeductionRow } from './deductions.table.ts';
export {
  deductionsTakenBy,
  deductionsTakenByMany,
  isOpen,
  openDeductionsCents,
  paymentFigures,
  releasesDeductions,
  RELEASING_PAYMENT_STATUSES,
} from './deductions.rules.ts';
export { attachDeductions, attachDeductionsMany, lockOpenDeductions, lockOpenDeductionsMany, releaseDeductions } from './deductions.repository.ts';
export { createDeductionsService, toDeduction, type DeductionActor, type DeductionsService } from './deductions.service.ts';
