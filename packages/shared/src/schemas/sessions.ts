import { z } from 'zod';
import { otpCodeSchema, passwordSchema } from './auth.ts';

/** One sign-in session as its owner (or an admin) sees it; never the token. */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session that made this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * `PUT /api/me/password`: ends every other session of the account. An account with a password
 * confirms with it (`currentPassword`); one without (it signs in by SMS) sets its first password
 * with `code`, a sign-in code just sent to its phone: a stolen token alone cannot give the account
 * a password the thief knows.
 */
export const passwordChangeInputSchema = z.strictObject({
  currentPassword: z.string().max(200).default(''),
  code: otpCodeSchema.optional(),
  newPassword: passwordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeInputSchema>;
