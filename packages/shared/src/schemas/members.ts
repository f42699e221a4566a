import { z } from 'zod';
import { ROLES } from '../permissions.ts';
import { bankStatusSchema, memberStatusSchema } from './auth.ts';
import { listQuerySchema } from './common.ts';
import { creatorListItemSchema, historyEntrySchema } from './creators.ts';

/** A member as admin lists and profiles show them (docs/product.md §20). */
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

const bankDetailsSchema = z.object({
  holderName: z.string(),
  identityNumber: z.string(),
  bankName: z.string(),
  iban: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** `GET /api/me/profile`: the member and their bank details (null until entered). */
export const profileSchema = memberSchema.extend({ bank: bankDetailsSchema.nullable() });

const MEMBER_SORT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'status', 'joinedAt'] as const;

/** `GET /api/admin/members?q=&page=&pageSize=&sort=&status=`; sort is a field, `-field` for descending. */
const memberListQuerySchema = listQuerySchema.extend({
  status: memberStatusSchema.optional(),
  sort: z
    .enum([...MEMBER_SORT_FIELDS, ...MEMBER_SORT_FIELDS.map((field) => `-${field}` as const)])
    .optional(),
});

// ---- admin: members list, detail and changes (issue 3 slice A) ----

/** A member named by another record ("affiliated with", a creator's affiliate or owner). */
const memberRefSchema = z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() });
export type MemberRef = z.infer<typeof memberRefSchema>;

/** One row of `GET /api/admin/members`. */
export const memberListItemSchema = memberSchema.extend({
  /** Usernames of the creators the member owns (signs in for). */
  tiktokUsernames: z.array(z.string()),
  /** The referrer, "affiliated with". */
  affiliatedWith: memberRefSchema.nullable(),
  /** Creators whose affiliate is this member. */
  creatorCount: z.number().int(),
  /** This month's D (diamonds of the creators the member brought) and commission estimate; 0 when none. */
  diamonds: z.number().int(),
  earningsCents: z.number().int(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;

const MEMBER_ADMIN_SORT_FIELDS = [...MEMBER_SORT_FIELDS, 'creatorCount', 'commissionRateBps', 'diamonds', 'earningsCents'] as const;
export type MemberSortField = (typeof MEMBER_ADMIN_SORT_FIELDS)[number];

/** `GET /api/admin/members?q=&page=&pageSize=&sort=&status=&bankStatus=` */
export const memberAdminListQuerySchema = memberListQuerySchema.extend({
  bankStatus: bankStatusSchema.optional(),
  sort: z
    .enum([...MEMBER_ADMIN_SORT_FIELDS, ...MEMBER_ADMIN_SORT_FIELDS.map((field) => `-${field}` as const)])
    .optional(),
});
export type MemberAdminListQuery = z.infer<typeof memberAdminListQuerySchema>;

const nameField = z.string().trim().min(1).max(100);
/** A personal commission rate in basis points (1% = 100); null follows the tiers. */
const commissionRateBpsSchema = z.number().int().min(0).max(10_000).nullable();

/** `POST /api/admin/members`. The phone is checked and normalised to E.164 by the server. */
export const memberCreateSchema = z.strictObject({
  firstName: nameField,
  lastName: nameField,
  phone: z.string().trim().min(1).max(32),
  email: z.email().max(200).nullable().optional(),
  status: memberStatusSchema.default('active'),
  commissionRateBps: commissionRateBpsSchema.optional(),
  /** uid of the referrer ("affiliated with"). */
  referredBy: z.uuid().nullable().optional(),
});
export type MemberCreateInput = z.input<typeof memberCreateSchema>;
export type MemberCreate = z.infer<typeof memberCreateSchema>;

/** `PUT /api/admin/members/:id`: any subset of the create fields. */
export const memberUpdateSchema = z.strictObject({
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  phone: z.string().trim().min(1).max(32).optional(),
  email: z.email().max(200).nullable().optional(),
  status: memberStatusSchema.optional(),
  commissionRateBps: commissionRateBpsSchema.optional(),
  referredBy: z.uuid().nullable().optional(),
});
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** `DELETE /api/admin/members/:id`: a member with money history is disabled, never erased. */
export const memberDeleteResultSchema = z.object({ uid: z.string(), outcome: z.enum(['deleted', 'disabled']) });
export type MemberDeleteResult = z.infer<typeof memberDeleteResultSchema>;

export const bankVerifyResultSchema = z.object({ uid: z.string(), bankStatus: bankStatusSchema, verifiedAt: z.string() });

/** `GET /api/admin/members/:id`: the member, their creators, bank details and change history. */
export const memberDetailSchema = memberListItemSchema.extend({
  bank: bankDetailsSchema.extend({ verifiedAt: z.string().nullable() }).nullable(),
  /** Creators the member owns or is the affiliate of, with this month's figures. */
  creators: z.array(creatorListItemSchema),
  history: z.array(historyEntrySchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;
