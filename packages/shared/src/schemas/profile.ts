import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { emailSchema, otpCodeSchema } from './auth.ts';
import { creatorSchema } from './creators.ts';
import { requirementStateSchema } from './earnings.ts';
import { profileSchema } from './members.ts';

/**
 * `PUT /api/me/profile`: what a member may change about themselves (never phone, role or status).
 * A field left out keeps its value, so the header's language menu sends `{ locale }` alone (the
 * person's language is one setting: the interface, SMS, e-mails, invoices and notifications).
 * Changing the e-mail needs `currentPassword`, or `code`: a sign-in code just sent to the
 * account's phone (`POST /api/auth/otp/send`, purpose `login`); without either it answers 403
 * REAUTH_REQUIRED. The old address (or, without one, the phone) is told of the change.
 */
export const profileUpdateInputSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(80).optional(),
  lastName: z.string().trim().min(1).max(80).optional(),
  /** An empty string or null removes the e-mail; left out, it stays. */
  email: z.union([emailSchema, z.literal('').transform(() => null), z.null()]).optional(),
  locale: z.enum(LOCALES).optional(),
  invoicePreference: z.enum(['default', 'custom']).optional(),
  /** Whether the daily brief also comes by e-mail (it always comes in the app). */
  briefEmail: z.boolean().optional(),
  currentPassword: z.string().min(1).max(200).optional(),
  code: otpCodeSchema.optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInputSchema>;

/**
 * `GET /api/me/profile`: the member (docs/product.md §20 fields), bank details, and what the own
 * screens need besides: language, picture, and whether referral links are on (the link is
 * empty while they are off).
 */
export const myProfileSchema = profileSchema.extend({
  locale: z.enum(LOCALES),
  avatarUrl: z.string().nullable(),
  referralsEnabled: z.boolean(),
  /** Whether the account has a password: an e-mail change is confirmed with it, else with a code by SMS. */
  hasPassword: z.boolean(),
  /** Whether the daily brief also comes by e-mail (when the account has an address and e-mail is configured). */
  briefEmail: z.boolean(),
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** A creator of `GET /api/me/creators` with the current month's figures. */
export const myCreatorSchema = creatorSchema.extend({
  period: z.string(),
  diamonds: z.number().int(),
  validDays: z.number().int(),
  liveSeconds: z.number().int(),
  matches: z.number().int(),
  lastLiveAt: z.string().nullable(),
  /** How this member relates to the creator: brought it (affiliate), signs in for it (owner), or both. */
  relation: z.enum(['affiliate', 'owner', 'both']),
  /** The month's requirement progress (one decimal, rounded down) and state; null state before figures. */
  achievedPercent: z.number(),
  requirementState: requirementStateSchema.nullable(),
});
export type MyCreator = z.infer<typeof myCreatorSchema>;

export const myCreatorsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** `atRisk`: only creators at risk or failing this month (the member's at-risk list). */
  requirement: z.enum(['atRisk']).optional(),
});
export type MyCreatorsQuery = z.infer<typeof myCreatorsQuerySchema>;

/** Avatars: PNG or JPEG by content, at most 2 MB, stored at most 256x256. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MAX_SIDE = 256;
/** The agency logo: PNG or JPEG by content, at most 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The logo is stored at most this many pixels on its longer side. */
export const LOGO_MAX_SIDE_PX = 512;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
