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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('settings_single_row_check', sql`${table.id} = 1`),
    check('settings_diamond_value_check', sql`${table.diamondValueMicros} > 0`),
  ],
);

export type SettingsRow = typeof settings.$inferSelect;
