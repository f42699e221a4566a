import { z } from 'zod';

/** The rotate answer: the member's new code and link (the old link stops working at once). */
export const referralCodeRotationSchema = z.object({
  uid: z.string(),
  referralCode: z.string(),
  referralLink: z.string(),
});
export type ReferralCodeRotation = z.infer<typeof referralCodeRotationSchema>;
