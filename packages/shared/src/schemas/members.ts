import { z } from 'zod';
import { ROLES } from '../permissions.ts';
import { bankStatusSchema, memberStatusSchema } from './auth.ts';
import { listQuerySchema } from './common.ts';

/** A member as admin lists and profiles show them (PRODUCT section 4). */
export const memberSchema = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: memberStatusSchema,
  role: z.enum(ROLES),
  joinedAt: z.string(),
  /** uid of the member whose referral link brought this one ("affiliated with"). */
  referredBy: z.string().nullable(),
  referralCode: z.string(),
  referralLink: z.string(),
  commissionRateBps: z.number().int().nullable(),
  bankStatus: bankStatusSchema,
  invoicePreference: z.enum(['default', 'custom']),
});
export type Member = z.infer<typeof memberSchema>;

export const bankDetailsSchema = z.object({
  holderName: z.string(),
  identityNumber: z.string(),
  bankName: z.string(),
  iban: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** `GET /api/me/profile`: the member and their bank details (null until entered). */
export const profileSchema = memberSchema.extend({ bank: bankDetailsSchema.nullable() });
export type Profile = z.infer<typeof profileSchema>;

export const MEMBER_SORT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'status', 'joinedAt'] as const;

/** `GET /api/admin/members?q=&page=&pageSize=&sort=&status=`; sort is a field, `-field` for descending. */
export const memberListQuerySchema = listQuerySchema.extend({
  status: memberStatusSchema.optional(),
  sort: z
    .enum([...MEMBER_SORT_FIELDS, ...MEMBER_SORT_FIELDS.map((field) => `-${field}` as const)])
    .optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;
