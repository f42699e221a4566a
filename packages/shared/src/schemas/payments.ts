import { z } from 'zod';
import { bankStatusSchema } from './auth.ts';

/**
 * Contracts of the payments capability (issue 5): the ledger, payment requests and their state
 * machine (docs/product.md §10), deductions, the automatic run, invoices and admin notifications.
 * Money is integer US cents.
 */

export const PAYMENT_STATUSES = ['Pending', 'Pending Registration', 'Waiting Approval', 'Approved', 'Rejected', 'Paid', 'Unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

export const PAYMENT_KINDS = ['request', 'automatic'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const INVOICE_PREFERENCES = ['default', 'custom'] as const;
export type InvoicePreference = (typeof INVOICE_PREFERENCES)[number];

/** Who may move a payment: the member (own request), an admin, or the system (automatic run, bank verification). */
export type PaymentActor = 'member' | 'admin' | 'system';

export type PaymentAction = 'approve' | 'reject' | 'paid' | 'unpaid' | 'cancel' | 'registrationComplete';

/**
 * The only allowed transitions (docs/product.md §10). Anything else answers 409 and changes nothing.
 * `registrationComplete` moves `Pending Registration` on when the bank details are verified: to
 * `Pending` for a member's request, `Waiting Approval` for an automatic payment.
 */
const PAYMENT_TRANSITIONS: readonly { action: PaymentAction; from: readonly PaymentStatus[]; by: PaymentActor }[] = [
  { action: 'approve', from: ['Pending', 'Waiting Approval'], by: 'admin' },
  { action: 'reject', from: ['Pending', 'Waiting Approval', 'Pending Registration'], by: 'admin' },
  { action: 'cancel', from: ['Pending'], by: 'member' },
  { action: 'paid', from: ['Approved'], by: 'admin' },
  { action: 'unpaid', from: ['Approved'], by: 'admin' },
  { action: 'registrationComplete', from: ['Pending Registration'], by: 'system' },
];

/** The status a transition leads to (`registrationComplete` depends on the payment's kind). */
export function nextPaymentStatus(action: PaymentAction, kind: PaymentKind): PaymentStatus {
  switch (action) {
    case 'approve':
      return 'Approved';
    case 'reject':
    case 'cancel':
      return 'Rejected';
    case 'paid':
      return 'Paid';
    case 'unpaid':
      return 'Unpaid';
    case 'registrationComplete':
      return kind === 'automatic' ? 'Waiting Approval' : 'Pending';
  }
}

/** True when `by` may apply `action` to a payment in `status`. */
export function canTransition(status: PaymentStatus, action: PaymentAction, by: PaymentActor): boolean {
  return PAYMENT_TRANSITIONS.some((rule) => rule.action === action && rule.by === by && rule.from.includes(status));
}

/** Statuses whose amount is still owed to the member or on its way (they hold the balance). */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Pending', 'Pending Registration', 'Waiting Approval', 'Approved'];

/**
 * The member's current bank details beside a payment in the admin list (issue 17): the full IBAN
 * (stored without spaces), since the admin transfers to it. Never in a member's own list.
 */
const paymentBankSchema = z.object({
  holderName: z.string(),
  bankName: z.string(),
  iban: z.string(),
  bankStatus: bankStatusSchema,
});
export type PaymentBank = z.infer<typeof paymentBankSchema>;

/** A payment (docs/product.md §20) with its statement figures. */
export const paymentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  member: z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() }).optional(),
  /** Admin list only: the member's bank details, null when the member has none. */
  bank: paymentBankSchema.nullable().optional(),
  /** Net: what is transferred. */
  amountCents: z.number().int(),
  /** Earnings covered (net + deductions consumed). */
  grossCents: z.number().int(),
  deductionsCents: z.number().int(),
  /** Months whose earnings the payment covers, oldest first. */
  periods: z.array(z.string()),
  status: paymentStatusSchema,
  kind: z.enum(PAYMENT_KINDS),
  /** The automatic run's month (`2026-11`), null for a request. */
  runPeriod: z.string().nullable(),
  notes: z.string().nullable(),
  reason: z.string().nullable(),
  invoicePreference: z.enum(INVOICE_PREFERENCES),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The service refuses fewer than 10 characters with REASON_TOO_SHORT (the catalogue text). */
const reasonSchema = z.string().trim().max(1000);

/** `POST /api/me/payments`: at least $50 and at most the available balance (checked by the server). */
export const paymentRequestSchema = z.strictObject({
  amountCents: z.number().int().positive().max(100_000_000_00),
  notes: z.string().trim().max(1000).optional(),
});
export type PaymentRequestInput = z.infer<typeof paymentRequestSchema>;

/** `POST .../:id/reject`, `.../:id/unpaid`, `/api/me/payments/:id/cancel`. */
export const paymentReasonSchema = z.strictObject({ reason: reasonSchema });

export const paymentListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: paymentStatusSchema.optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  memberId: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

// ---- paying approved payments in a batch (issue 17) ----

/** At most this many payments in one transfer list or one "mark as paid" (one request, one transaction). */
export const PAYOUT_BATCH_MAX = 500;

const paymentIdsSchema = z
  .array(z.uuid())
  .min(1)
  .max(PAYOUT_BATCH_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each payment may be listed once' });

const TRANSFER_LIST_FORMATS = ['xlsx', 'csv'] as const;
export type TransferListFormat = (typeof TRANSFER_LIST_FORMATS)[number];

/**
 * `POST /api/admin/payments/transfer-list`: the file for the bank (account holder, IBAN, bank,
 * amount, reference) of approved payments only, headers in the admin's language.
 */
export const transferListRequestSchema = z.strictObject({
  ids: paymentIdsSchema,
  format: z.enum(TRANSFER_LIST_FORMATS),
});
export type TransferListRequest = z.infer<typeof transferListRequestSchema>;

/** `POST /api/admin/payments/paid`: approved payments marked Paid together, all or none. */
export const paymentBatchSchema = z.strictObject({ ids: paymentIdsSchema });

export const paymentBatchResultSchema = z.object({
  count: z.number().int(),
  totalCents: z.number().int(),
  payments: z.array(paymentSchema),
});
export type PaymentBatchResult = z.infer<typeof paymentBatchResultSchema>;

/** `POST /api/admin/payments/auto-run`. */
export const autoRunResultSchema = z.object({
  period: z.string(),
  created: z.number().int(),
  skipped: z.number().int(),
  /** Members who already had this period's automatic payment. */
  existing: z.number().int(),
  pendingRegistration: z.number().int(),
  totalCents: z.number().int(),
});
export type AutoRunResult = z.infer<typeof autoRunResultSchema>;

/**
 * An automatic run's state: `running` while a live server process runs it; `finished`; or
 * `interrupted` when its process died or it failed before the end (docs/decisions/014).
 */
const PAYOUT_RUN_STATUSES = ['running', 'finished', 'interrupted'] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];

/** `GET /api/admin/payments/runs`: the latest automatic runs, newest first. */
export const payoutRunSchema = z.object({
  id: z.string(),
  period: z.string(),
  trigger: z.enum(['schedule', 'admin']),
  status: z.enum(PAYOUT_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the run was found interrupted. */
  interruptedAt: z.string().nullable(),
  /** Payments the run wrote (counted from the payments), also for an interrupted run. */
  created: z.number().int(),
  skipped: z.number().int(),
  existing: z.number().int(),
  pendingRegistration: z.number().int(),
  totalCents: z.number().int(),
  /** The later run that completed this interrupted one; null while nobody has. */
  completedBy: z.string().nullable(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

// ---- deductions ----

export const deductionSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  member: z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() }).optional(),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** The payment that consumed it; a consumed deduction cannot be deleted. */
  paymentId: z.string().nullable(),
});
export type Deduction = z.infer<typeof deductionSchema>;

/** `POST /api/admin/deductions`. */
export const deductionCreateSchema = z.strictObject({
  memberId: z.uuid(),
  amountCents: z.number().int().positive().max(100_000_000_00),
  reason: z.string().trim().max(500).optional(),
});
export type DeductionCreateInput = z.infer<typeof deductionCreateSchema>;

export const deductionListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  memberId: z.uuid().optional(),
});

// ---- ledger ----

/** The kind of one immutable ledger entry; signed cents (earnings positive, deductions and payments negative). */
export type LedgerKind = 'earnings' | 'earningsAdjustment' | 'deduction' | 'deductionReversal' | 'payment' | 'paymentReversal';

// ---- notifications written by admins ----

/** `POST /api/admin/notifications`: all active members, or the chosen ones. */
export const notificationCreateSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(2000),
  memberIds: z.array(z.uuid()).min(1).max(10_000).optional(),
});
export type NotificationCreateInput = z.infer<typeof notificationCreateSchema>;
