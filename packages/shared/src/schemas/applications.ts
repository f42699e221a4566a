import { z } from 'zod';
import { otpCodeSchema, phoneInputSchema, requestLocaleSchema } from './auth.ts';

const nameSchema = z.string().trim().min(1).max(60);

export const applicationSchema = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  /** Normalised on the server (no @, lower case) and checked against ^[a-z0-9._]{2,24}$. */
  tiktokUsername: z.string().trim().min(1).max(40),
  phone: phoneInputSchema,
  code: otpCodeSchema,
  ref: z.string().trim().max(40).optional(),
  /** The language of the screen the visitor applied from: it becomes the new member's language. */
  locale: requestLocaleSchema,
});
export type ApplicationInput = z.infer<typeof applicationSchema>;

export const applicationResponseSchema = z.object({
  memberId: z.string(),
  creatorId: z.string(),
  status: z.literal('pending'),
});
