import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_COMMISSION_TIERS, DEFAULT_DIAMOND_VALUE_MICROS, type CommissionTier } from '@agency/shared';

/**
 * The agency's settings: exactly one row (id = 1). A uuid key would allow a second row, which
 * this table must never have.
 */
export const settings = pgTable(
  'settings',
  {
    id: smallint('id').primaryKey().default(1),
    agencyName: text('agency_name').notNull().default('Agency'),
    pageTitle: text('page_title').notNull().default('Agency portal'),
    pageDescription: text('page_description').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactAddress: text('contact_address').notNull().default(''),
    supportHours: text('support_hours').notNull().default('Weekdays 10:00-17:00'),
    referralsEnabled: boolean('referrals_enabled').notNull().default(true),
    commissionTiers: jsonb('commission_tiers')
      .$type<CommissionTier[]>()
      .notNull()
      .default(DEFAULT_COMMISSION_TIERS),
    diamondValueMicros: integer('diamond_value_micros').notNull().default(DEFAULT_DIAMOND_VALUE_MICROS),
    /** Storage key of the agency logo (`logos/<uuid>.png|jpg`), null until uploaded. */
    logoKey: text('logo_key'),
    /** Stamp and signature images printed on generated invoices (`/app/accounts/stamp`, `eSignature`). */
    stampKey: text('stamp_key'),
    signatureKey: text('signature_key'),
    /** Invoice numbering (`/app/accounts/documentConfigurations`): prefix + next number, padded. */
    invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
    invoiceNextNumber: integer('invoice_next_number').notNull().default(1),
    invoiceNumberDigits: smallint('invoice_number_digits').notNull().default(6),
    /** A line printed at the bottom of every generated invoice. */
    invoiceFooter: text('invoice_footer').notNull().default(''),
    /** IANA time zone of the automatic run on the 15th; null = the server's own zone. */
    payoutTimeZone: text('payout_time_zone'),
    /** Forecasts: a creator with no LIVE for this many days or more went dark. */
    darkAfterDays: smallint('dark_after_days').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('settings_single_row_check', sql`${table.id} = 1`),
    check('settings_diamond_value_check', sql`${table.diamondValueMicros} > 0`),
    check('settings_dark_after_days_check', sql`${table.darkAfterDays} between 1 and 30`),
    check('settings_invoice_number_check', sql`${table.invoiceNextNumber} > 0 and ${table.invoiceNumberDigits} between 1 and 12`),
  ],
);

export type SettingsRow = typeof settings.$inferSelect;
