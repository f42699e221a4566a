import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoicePreference, LedgerKind, PaymentKind, PaymentStatus, PayoutRunStatus } from '@agency/shared';
import { deductions } from './deductions.table.ts';
import { users } from './members.table.ts';

/**
 * Payments (docs/product.md §10): a member's request or the automatic run's payment. `amount_cents`
 * is what is transferred; `gross_cents` the earnings covered; `deductions_cents` the deductions
 * consumed. A member with payments is never erased (restrict).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    deductionsCents: bigint('deductions_cents', { mode: 'number' }).notNull().default(0),
    /** Months whose earnings the payment covers, oldest first (`["2026-09", "2026-10"]`). */
    periods: jsonb('periods').$type<string[]>().notNull().default([]),
    status: text('status').$type<PaymentStatus>().notNull(),
    kind: text('kind').$type<PaymentKind>().notNull(),
    /** The automatic run's month; one automatic payment per member and month. */
    runPeriod: text('run_period'),
    /** The automatic run that wrote it: the run's counts are counted from here (null for requests and older payments). */
    payoutRunId: uuid('payout_run_id').references(() => payoutRuns.id, { onDelete: 'set null' }),
    notes: text('notes'),
    reason: text('reason'),
    invoicePreference: text('invoice_preference').$type<InvoicePreference>().notNull().default('default'),
    /** Storage key of the custom invoice in use (null with the default one). */
    invoiceFileId: uuid('invoice_file_id'),
    /** Given when the invoice is first generated (docs/decisions/007), from the document settings' numbering; never changes. */
    invoiceNumber: text('invoice_number'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'payments_status_check',
      sql`${table.status} in ('Pending', 'Pending Registration', 'Waiting Approval', 'Approved', 'Rejected', 'Paid', 'Unpaid')`,
    ),
    check('payments_kind_check', sql`${table.kind} in ('request', 'automatic')`),
    check('payments_invoice_preference_check', sql`${table.invoicePreference} in ('default', 'custom')`),
    check(
      'payments_amounts_check',
      sql`${table.amountCents} > 0 and ${table.deductionsCents} >= 0 and ${table.grossCents} = ${table.amountCents} + ${table.deductionsCents}`,
    ),
    check('payments_run_period_check', sql`(${table.kind} = 'automatic') = (${table.runPeriod} is not null)`),
    uniqueIndex('payments_automatic_member_period_unique').on(table.memberId, table.runPeriod).where(sql`${table.kind} = 'automatic'`),
    uniqueIndex('payments_invoice_number_unique').on(table.invoiceNumber),
    index('payments_member_created_idx').on(table.memberId, table.createdAt),
    index('payments_status_created_idx').on(table.status, table.createdAt),
    index('payments_payout_run_idx').on(table.payoutRunId).where(sql`${table.payoutRunId} is not null`),
  ],
);

/**
 * The ledger (docs/product.md §9): every money movement of a member as an immutable signed entry.
 * Earnings of an ended month are posted once per member and month (corrections are adjustment
 * entries); deductions and payments are negative; reversals positive. A trigger refuses UPDATE,
 * DELETE and TRUNCATE.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    period: text('period'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    deductionId: uuid('deduction_id').references(() => deductions.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'ledger_entries_kind_check',
      sql`${table.kind} in ('earnings', 'earningsAdjustment', 'deduction', 'deductionReversal', 'payment', 'paymentReversal')`,
    ),
    uniqueIndex('ledger_entries_earnings_unique').on(table.memberId, table.period).where(sql`${table.kind} = 'earnings'`),
    index('ledger_entries_member_created_idx').on(table.memberId, table.createdAt),
    index('ledger_entries_payment_idx').on(table.paymentId),
  ],
);

/** Custom invoices uploaded for a payment; switching back to the default keeps them here. */
export const invoiceFiles = pgTable(
  'invoice_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_files_payment_idx').on(table.paymentId, table.uploadedAt)],
);

/**
 * Every automatic run: its month, who or what started it, its state and its counts
 * (docs/decisions/014). `running` while a live process runs it; `finished`; or `interrupted` when
 * its process died or the run failed, found by the next run, the next start or the admins' list.
 * `created` and `total_cents` are counted from the payments the run wrote (`payments.payout_run_id`);
 * `skipped`, `existing` and `pending_registration` are added in each batch's own transaction, so
 * they too cover exactly the committed batches. `completed_by` is the later run that completed an
 * interrupted one (same or later month: a run pays every available balance).
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    period: text('period').notNull(),
    trigger: text('trigger').$type<'schedule' | 'admin'>().notNull(),
    triggeredBy: uuid('triggered_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    status: text('status').$type<PayoutRunStatus>().notNull().default('running'),
    existing: integer('existing').notNull().default(0),
    pendingRegistration: integer('pending_registration').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    interruptedAt: timestamp('interrupted_at', { withTimezone: true }),
    /** The run that completed this interrupted one (no foreign key: a backup restores runs in any order). */
    completedBy: uuid('completed_by'),
  },
  (table) => [
    check('payout_runs_status_check', sql`${table.status} in ('running', 'finished', 'interrupted')`),
    index('payout_runs_started_idx').on(table.startedAt),
    index('payout_runs_running_idx').on(table.status).where(sql`${table.status} = 'running'`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type InvoiceFileRow = typeof invoiceFiles.$inferSelect;
