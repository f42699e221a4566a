/**
 * What other modules may use of deductions. Payments take the open deductions of a member when a
 * payment is created and release them when it is rejected or unpaid; the rules say how, the
 * repository functions do it inside the caller's transaction (under the member's ledger lock).
 * The routes are registered by app.ts from deductions.routes.ts.
 */
export { deductionsTakenBy, deductionsTakenByMany, paymentFigures, releasesDeductions } from './deductions.rules.ts';
export { attachDeductions, attachDeductionsMany, lockOpenDeductions, lockOpenDeductionsMany, releaseDeductions } from './deductions.repository.ts';
export { createDeductionsService } from './deductions.service.ts';
