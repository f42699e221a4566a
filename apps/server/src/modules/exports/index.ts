/** What other modules may use of exports. */
export { datedFileName } from './exports.service.ts';
export { neutraliseFormula } from './neutralise-formula.ts';
