import { z } from 'zod';
import { passwordSchema } from './auth.ts';

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

/** `PUT /api/me/password`: ends every other session of the account. */
export const passwordChangeInputSchema = z.strictObject({
  currentPassword: z.string().max(200).default(''),
  newPassword: passwordSchema,
});
export type PasswordChangeInput = z.input<typeof passwordChangeInputSchema>;
