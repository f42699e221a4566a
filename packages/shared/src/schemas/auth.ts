import { z } from 'zod';
import { ROLES } from '../permissions.ts';
import { LOCALES } from '../locales.ts';

/** A phone as typed; the server normalises it to E.164 with libphonenumber-js (default region TR). */
export const phoneInputSchema = z.string().trim().min(3).max(32);
export const otpCodeSchema = z.string().regex(/^\d{6}$/, 'The code has 6 digits');
export const emailSchema = z.string().trim().toLowerCase().email().max(254);
export const passwordSchema = z.string().min(8).max(200);

/**
 * The language of the screen a request comes from: messages to a person the portal does not know
 * yet (a new number, a new e-mail address) are written in it; known people get their own language.
 */
export const requestLocaleSchema = z.enum(LOCALES).optional();

/**
 * `POST /api/auth/otp/send`: the answer is the same whatever the number's account state
 * (no account, pending, active, registered): the SMS carries the code or says what to do instead.
 */
export const otpSendSchema = z.strictObject({
  phone: phoneInputSchema,
  purpose: z.enum(['login', 'apply']),
  locale: requestLocaleSchema,
});

export const otpSendResponseSchema = z.object({
  /** Seconds until another code may be requested. */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const otpVerifySchema = z.strictObject({ phone: phoneInputSchema, code: otpCodeSchema });
export type OtpVerifyInput = z.infer<typeof otpVerifySchema>;

export const loginSchema = z.strictObject({ email: emailSchema, password: z.string().min(1).max(200) });
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * `POST /api/auth/forgot`: the same answer whether or not the e-mail has an account; only an
 * account's address gets an e-mail (the link, in the account's language).
 */
export const forgotSchema = z.strictObject({ email: emailSchema });
export const resetSchema = z.strictObject({ token: z.string().min(20).max(200), password: passwordSchema });
export type ResetInput = z.infer<typeof resetSchema>;

/** `POST /api/register`: the same answer for a new and a taken e-mail; the outcome goes by e-mail. */
export const registerSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  companyId: z.string().min(1).max(100),
  locale: requestLocaleSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const memberStatusSchema = z.enum(['pending', 'active', 'rejected', 'disabled']);
export type MemberStatus = z.infer<typeof memberStatusSchema>;
export const bankStatusSchema = z.enum(['Verified', 'Not Verified']);

/** The signed-in person as `GET /api/me` and sign-in answers show them. */
export const meSchema = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  status: memberStatusSchema,
  locale: z.enum(LOCALES),
  joinedAt: z.string(),
  referralCode: z.string().nullable(),
  bankStatus: bankStatusSchema,
});
export type Me = z.infer<typeof meSchema>;

export const sessionResponseSchema = z.object({
  token: z.string(),
  role: z.enum(ROLES),
  user: meSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const registerResponseSchema = z.object({ user: z.object({ uid: z.string() }) });

export const outboxEntrySchema = z.object({
  to: z.string(),
  channel: z.enum(['sms', 'email']),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
