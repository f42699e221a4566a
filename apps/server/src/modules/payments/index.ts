/** What other modules may use of payments. */
export { completePaymentRegistration } from './payments.service.ts';
