import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './members.table.ts';

/**
 * A member's commission for one month, recomputed from the creators' figures inside every
 * upload's transaction (and for the open month when the commission settings change).
 */
export const memberMonths = pgTable(
  'member_months',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** D: the month's diamonds of every creator whose affiliate is the member. */
    diamonds: bigint('diamonds', { mode: 'number' }).notNull(),
    creatorCount: integer('creator_count').notNull(),
    rateBps: integer('rate_bps').notNull(),
    /** True when the member's personal rate applied instead of a tier. */
    personalRate: boolean('personal_rate').notNull().default(false),
    diamondValueMicros: integer('diamond_value_micros').notNull(),
    earningsCents: bigint('earnings_cents', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('member_months_member_period_unique').on(table.memberId, table.period),
    check('member_months_period_check', sql`${table.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'member_months_non_negative_check',
      sql`${table.diamonds} >= 0 and ${table.earningsCents} >= 0 and ${table.rateBps} >= 0 and ${table.creatorCount} >= 0`,
    ),
    index('member_months_period_earnings_idx').on(table.period, table.earningsCents),
    index('member_months_period_diamonds_idx').on(table.period, table.diamonds),
  ],
);

/**
 * The agency's totals of one month, rebuilt with `member_months` in the same transaction: the
 * finance screen reads a few dozen of these rows instead of summing every creator's month.
 */
export const agencyMonths = pgTable(
  'agency_months',
  {
    period: text('period').primaryKey(),
    /** Every creator's diamonds of the month, brought by a member or not. */
    diamonds: bigint('diamonds', { mode: 'number' }).notNull(),
    creatorCount: integer('creator_count').notNull(),
    /** The members' commission of the month (sum of member_months). */
    earningsCents: bigint('earnings_cents', { mode: 'number' }).notNull(),
    diamondValueMicros: integer('diamond_value_micros').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('agency_months_period_check', sql`${table.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('agency_months_non_negative_check', sql`${table.diamonds} >= 0 and ${table.earningsCents} >= 0`),
  ],
);

/** The upload history: one row per committed import (dry runs are not kept). */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** sha-256 of the file, hex. */
    sha256: text('sha256').notNull(),
    /** Storage key of the original file (`uploads/<uuid>.xlsx|csv`); null for imports made before files were kept. */
    fileKey: text('file_key'),
    period: text('period').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    rows: integer('rows').notNull(),
    imported: integer('imported').notNull(),
    created: integer('created').notNull(),
    skipped: integer('skipped').notNull(),
    missing: integer('missing').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('uploads_period_check', sql`${table.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    index('uploads_created_idx').on(table.createdAt),
    index('uploads_period_idx').on(table.period, table.createdAt),
  ],
);

/**
 * Column mappings the admin chose for export layouts whose headers were not recognised, keyed by
 * the header row's signature (sha-256 of its normalised cells): the next file with the same header
 * row is read with the same columns, without asking (docs/product.md §6).
 */
export const uploadColumnMappings = pgTable('upload_column_mappings', {
  signature: text('signature').primaryKey(),
  /** Field -> 0-based column of the header row. */
  mapping: jsonb('mapping').$type<Record<string, number>>().notNull(),
  /** The header row's cells as the file wrote them (for the activity log and support). */
  headers: jsonb('headers').$type<string[]>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AgencyMonthRow = typeof agencyMonths.$inferSelect;
export type MemberMonthRow = typeof memberMonths.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
