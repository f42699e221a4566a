import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './members.table.ts';
// payments.table.ts imports this file too (ledger_entries.deduction_id): both references are
// callbacks, read only when the schema is built, so the two files may load in either order.
import { payments } from './payments.table.ts';

/** Deductions: created by an admin, consumed by the next payment; deleted only while open. */
export const deductions = pgTable(
  'deductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The payment that consumed it (released again when that payment is rejected or unpaid). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** Deleted deductions are kept (with a reversal in the ledger). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('deductions_amount_check', sql`${table.amountCents} > 0`),
    index('deductions_member_created_idx').on(table.memberId, table.createdAt),
    index('deductions_payment_idx').on(table.paymentId),
  ],
);

export type DeductionRow = typeof deductions.$inferSelect;
