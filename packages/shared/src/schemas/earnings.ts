import { z } from 'zod';
import { REQUIREMENT_STATES } from '../earnings.ts';

/**
 * Contracts of the earnings capability (issue 4): uploads of the backstage export, the member's
 * summary and history, the admin dashboard and finance. Money is integer cents, diamonds integers,
 * durations integer seconds, rates basis points.
 */

export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month like 2026-09');
export const requirementStateSchema = z.enum(REQUIREMENT_STATES);

const memberRef = z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() });

// ---- uploads ----

/** Largest accepted upload (the backstage export of a big agency is a few MB). */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Zip guards for `.xlsx`, checked from the central directory before anything is inflated. */
export const UPLOAD_MAX_ZIP_ENTRIES = 200;
export const UPLOAD_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** Rows of one file. */
export const UPLOAD_MAX_ROWS = 200_000;

/** The text fields of `POST /api/admin/uploads` (multipart, beside `file`). */
export const uploadFieldsSchema = z.strictObject({
  asOf: z.iso.date(),
  dryRun: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  createUnknown: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** A problem of one row: the file imports nothing while any exists. */
export const uploadErrorSchema = z.object({
  /** 1-based line of the file (the spreadsheet row number), 0 for the file as a whole. */
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type UploadError = z.infer<typeof uploadErrorSchema>;

export const UPLOAD_WARNING_KINDS = ['unknownUsername', 'duplicateUsername', 'creatorQuit', 'missingFromFile'] as const;
/** Not an error: listed in the report (unknown usernames are skipped unless `createUnknown`). */
export const uploadWarningSchema = z.object({
  row: z.number().int().nullable(),
  kind: z.enum(UPLOAD_WARNING_KINDS),
  tiktokUsername: z.string(),
  message: z.string(),
});
export type UploadWarning = z.infer<typeof uploadWarningSchema>;

export const UPLOAD_CHANGE_KINDS = ['new', 'changed', 'unchanged', 'created', 'removed'] as const;
/** One creator's figures in the file against the current figures of the month. */
export const uploadChangeSchema = z.object({
  tiktokUsername: z.string(),
  creatorId: z.string().nullable(),
  kind: z.enum(UPLOAD_CHANGE_KINDS),
  before: z.object({ diamonds: z.number().int(), validDays: z.number().int(), liveSeconds: z.number().int() }).nullable(),
  after: z.object({ diamonds: z.number().int(), validDays: z.number().int(), liveSeconds: z.number().int() }).nullable(),
});
export type UploadChange = z.infer<typeof uploadChangeSchema>;

/** The import report (PRODUCT section 4), for a dry run and for a commit alike. */
export const uploadReportSchema = z.object({
  period: periodSchema,
  asOf: z.string(),
  dryRun: z.boolean(),
  /** Data rows read (header and `Exported at` lines excluded). */
  rows: z.number().int(),
  /** Rows whose figures were (or would be) written. */
  imported: z.number().int(),
  /** Creators created from unknown usernames (`createUnknown`). */
  created: z.number().int(),
  /** Rows skipped (unknown usernames without `createUnknown`, creators who quit). */
  skipped: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    unknown: z.number().int(),
    missing: z.number().int(),
  }),
  /** The header row matched: column name in the file -> field. */
  columns: z.record(z.string(), z.string()),
  warnings: z.array(uploadWarningSchema),
  errors: z.array(uploadErrorSchema),
  /** Per-creator changes, at most 500 (the counts are complete). */
  changes: z.array(uploadChangeSchema),
  /** Set when committed: the history entry. */
  uploadId: z.string().nullable(),
});
export type UploadReport = z.infer<typeof uploadReportSchema>;

/** One entry of `GET /api/admin/uploads`. */
export const uploadHistoryItemSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  period: periodSchema,
  asOf: z.string(),
  rows: z.number().int(),
  imported: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  missing: z.number().int(),
  sizeBytes: z.number().int(),
  /** The original file can be downloaded at `/api/admin/uploads/:id/file`. */
  hasFile: z.boolean(),
  uploadedBy: memberRef.nullable(),
  createdAt: z.string(),
});
export type UploadHistoryItem = z.infer<typeof uploadHistoryItemSchema>;

export const uploadListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  period: periodSchema.optional(),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;

// ---- periods of the history screens (SPEC section 2) ----

export const PERIOD_CHOICES = ['all', 'last3', 'last6', 'thisYear', 'thisMonth', 'lastYear'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export const periodChoiceQuerySchema = z.strictObject({ period: z.enum(PERIOD_CHOICES).default('all') });

// ---- the member ----

export const ELIGIBILITY_STATES = ['Below Minimum Threshold', 'Eligible for Payment', 'Payment Complete'] as const;
export type Eligibility = (typeof ELIGIBILITY_STATES)[number];

/**
 * `GET /api/me/summary` (the publisher page). `diamonds`, `earningsCents` and `rateBps` are the
 * commission side: the month's diamonds of the creators the member brought, and the estimate for
 * the open month. `validDays`, `liveSeconds`, `achievedPercent` are the member's own LIVE (the
 * creator accounts they sign in for), with `ownDiamonds`.
 */
export const mySummarySchema = z.object({
  period: periodSchema,
  /** Date of the latest upload of the month (YYYY-MM-DD), null before the first upload. */
  asOf: z.string().nullable(),
  diamonds: z.number().int(),
  earningsCents: z.number().int(),
  rateBps: z.number().int(),
  /** True when the rate is the member's personal rate, not a tier. */
  personalRate: z.boolean(),
  /** Creators whose affiliate is the member. */
  creatorCount: z.number().int(),
  ownDiamonds: z.number().int(),
  validDays: z.number().int(),
  liveSeconds: z.number().int(),
  achievedPercent: z.number(),
  requirementState: requirementStateSchema.nullable(),
  /** Payable (ended months) earnings not yet covered by a payment. */
  unpaidCents: z.number().int(),
  /** unpaid - open deductions - open payment requests. */
  availableCents: z.number().int(),
  minimumPayoutCents: z.number().int(),
  eligibility: z.enum(ELIGIBILITY_STATES),
  /** Creators the member brought that are at risk or failing this month. */
  atRiskCount: z.number().int(),
});
export type MySummary = z.infer<typeof mySummarySchema>;

/** One month of a member (PRODUCT section 4: month row). */
export const memberMonthSchema = z.object({
  period: periodSchema,
  diamonds: z.number().int(),
  earningsCents: z.number().int(),
  rateBps: z.number().int(),
  validDays: z.number().int(),
  liveSeconds: z.number().int(),
  creatorCount: z.number().int(),
  /** The open month is an estimate; ended months are payable. */
  estimated: z.boolean(),
});
export type MemberMonth = z.infer<typeof memberMonthSchema>;

/** `GET /api/me/earnings?period=`: months oldest first, and their totals. */
export const myEarningsSchema = z.object({
  period: z.enum(PERIOD_CHOICES),
  months: z.array(memberMonthSchema),
  totals: z.object({
    diamonds: z.number().int(),
    earningsCents: z.number().int(),
    validDays: z.number().int(),
    liveSeconds: z.number().int(),
  }),
});
export type MyEarnings = z.infer<typeof myEarningsSchema>;

// ---- the admin ----

export const rankedMemberSchema = memberRef.extend({ value: z.number().int() });
export const rankedCreatorSchema = z.object({
  id: z.string(),
  tiktokUsername: z.string(),
  name: z.string(),
  value: z.number().int(),
});

/** `GET /api/admin/dashboard`: this month's figures. */
export const adminDashboardSchema = z.object({
  period: periodSchema,
  asOf: z.string().nullable(),
  topMembersByDiamonds: z.array(rankedMemberSchema),
  topMembersByEarnings: z.array(rankedMemberSchema),
  topCreatorsByDiamonds: z.array(rankedCreatorSchema),
  topMembersByCreators: z.array(rankedMemberSchema),
  pendingMembers: z.number().int(),
  pendingCreators: z.number().int(),
  totalDiamonds: z.number().int(),
  creatorCount: z.number().int(),
  atRiskCreators: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const financeMonthSchema = z.object({
  period: periodSchema,
  diamonds: z.number().int(),
  /** Diamonds x diamond value: what the diamonds are worth. */
  diamondsRevenueCents: z.number().int(),
  /** Commission earned by members in the month. */
  earningsCents: z.number().int(),
});

/** `GET /api/admin/finance?period=` */
export const adminFinanceSchema = z.object({
  period: z.enum(PERIOD_CHOICES),
  diamonds: z.number().int(),
  diamondsRevenueCents: z.number().int(),
  earningsCents: z.number().int(),
  /** Months oldest first. */
  history: z.array(financeMonthSchema),
  topMembers: z.array(rankedMemberSchema.extend({ diamonds: z.number().int() })),
});
export type AdminFinance = z.infer<typeof adminFinanceSchema>;

// ---- notifications (system notifications of the earnings upload; the screens come with payments) ----

export const notificationSchema = z.object({
  id: z.string(),
  /** A system notification's template (`creatorAtRisk`...) for the web app to translate; null for an admin's text. */
  template: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/me/notifications?page=&pageSize=&unread=`: newest first, with the unread count. */
export const myNotificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export type MyNotificationsQuery = z.infer<typeof myNotificationsQuerySchema>;
