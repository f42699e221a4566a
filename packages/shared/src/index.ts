export * from './locales.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './tiktok.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/applications.ts';
export * from './schemas/settings.ts';
export * from './schemas/commission.ts';
export * from './schemas/members.ts';
export * from './schemas/creators.ts';
export * from './schemas/application-review.ts';
export * from './schemas/activity.ts';
export * from './schemas/profile.ts';
export * from './schemas/bank.ts';
export * from './schemas/agency.ts';
export * from './schemas/sessions.ts';

/** Business constants of SPEC section 9. */
export const MIN_PAYOUT_CENTS = 5000;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const REASON_MIN_LENGTH = 10;
export const INVOICE_MAX_BYTES = 5 * 1024 * 1024;
export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;
