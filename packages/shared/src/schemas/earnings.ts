import { z } from 'zod';
import { REQUIREMENT_STATES } from '../earnings.ts';
import { PAYMENT_KINDS } from './payments.ts';
import { memberRef, periodSchema } from './earnings-common.ts';

/**
 * Contracts of the earnings capability (issue 4): uploads of the backstage export, the member's
 * summary and history, the admin dashboard and finance. Money is integer cents, diamonds integers,
 * durations integer seconds, rates basis points.
 */

export * from './uploads.ts';

export const requirementStateSchema = z.enum(REQUIREMENT_STATES);

// ---- periods of the history screens (docs/product.md §19) ----

export const PERIOD_CHOICES = ['all', 'last3', 'last6', 'thisYear', 'thisMonth', 'lastYear'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export const periodChoiceQuerySchema = z.strictObject({ period: z.enum(PERIOD_CHOICES).default('all') });

// ---- the member ----

const ELIGIBILITY_STATES = ['Below Minimum Threshold', 'Eligible for Payment', 'Payment Complete'] as const;
export type Eligibility = (typeof ELIGIBILITY_STATES)[number];

/** The summary lists at most this many open payments (a member has one automatic payment a month and a few requests). */
export const MAX_ON_THE_WAY = 20;

/** One open payment of the member, as the summary lists it. */
const onTheWayPaymentSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(['Pending', 'Pending Registration', 'Waiting Approval', 'Approved']),
  kind: z.enum(PAYMENT_KINDS),
  createdAt: z.string(),
});
export type OnTheWayPayment = z.infer<typeof onTheWayPaymentSchema>;

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
  /**
   * The member's open payments (Pending, Pending Registration, Waiting Approval, Approved), newest
   * first, at most MAX_ON_THE_WAY: money that left the balance and is on its way, so that an
   * available balance of $0 after the automatic run is explained.
   */
  onTheWay: z.array(onTheWayPaymentSchema),
});
export type MySummary = z.infer<typeof mySummarySchema>;

/** One month of a member (docs/product.md §7). */
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

const rankedMemberSchema = memberRef.extend({ value: z.number().int() });
const rankedCreatorSchema = z.object({
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

const financeMonthSchema = z.object({
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
