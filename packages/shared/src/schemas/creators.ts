import { z } from 'zod';

export const creatorStatusSchema = z.enum(['pending', 'active', 'rejected', 'inactive']);
export type CreatorStatus = z.infer<typeof creatorStatusSchema>;

/** A creator record (PRODUCT section 4); later lists add the current month's figures. */
export const creatorSchema = z.object({
  id: z.string(),
  tiktokUsername: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: creatorStatusSchema,
  reason: z.string().nullable(),
  ownerId: z.string().nullable(),
  affiliateId: z.string().nullable(),
  agencyCenterCode: z.string().nullable(),
  joinedAt: z.string(),
});
export type Creator = z.infer<typeof creatorSchema>;
