/** What other modules may use of earnings. */
export { endOfIsoDate, periodAsOf, recomputeMemberMonths } from './earnings.engine.ts';
export { memberBalance } from './balance.ts';
