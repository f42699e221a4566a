import { z } from 'zod';
import { memberStatusSchema } from './auth.ts';
import { creatorSchema } from './creators.ts';
import { memberSchema } from './members.ts';

/** `GET /api/admin/applications?status=pending&page=&pageSize=` */
export const applicationListQuerySchema = z.strictObject({
  status: memberStatusSchema.default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/** One application: the applicant (a member) and the creator account they applied with. */
export const applicationReviewItemSchema = z.object({
  id: z.string(),
  member: memberSchema,
  creator: creatorSchema.nullable(),
  /** The referrer's uid and name when the application came through a referral link. */
  referrer: z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  submittedAt: z.string(),
});
export type ApplicationReviewItem = z.infer<typeof applicationReviewItemSchema>;

/** `POST /api/admin/applications/:id/reject`; the length (10+) is checked by the server (REASON_TOO_SHORT). */
export const applicationRejectSchema = z.strictObject({ reason: z.string().max(1000) });

export const applicationDecisionSchema = z.object({
  id: z.string(),
  status: memberStatusSchema,
  creatorIds: z.array(z.string()),
});
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;
