/** What other modules may use of auth. */
export { requireMobilePhone } from './otp.service.ts';
export type { OtpService } from './otp.service.ts';
export { revokeAllSessionsOfUser } from './auth.repository.ts';
export { accountKeyOf } from './password-throttle.ts';
export type { PasswordThrottle } from './password-throttle.ts';
