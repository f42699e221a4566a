import { z } from 'zod';

/** What anybody may read: shown on the landing page and in the document head. */
export const publicSettingsSchema = z.object({
  agencyName: z.string(),
  pageTitle: z.string(),
  pageDescription: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  contactAddress: z.string(),
  supportHours: z.string(),
  referralsEnabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
