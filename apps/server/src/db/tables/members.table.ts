import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Locale, MemberStatus, Role } from '@agency/shared';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Members (role `user`) and admins. Phone is E.164, e-mail is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').unique('users_phone_unique'),
    email: text('email').unique('users_email_unique'),
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('user'),
    status: text('status').$type<MemberStatus>().notNull().default('pending'),
    locale: text('locale').$type<Locale>().notNull().default('tr'),
    referralCode: text('referral_code').notNull().unique('users_referral_code_unique'),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    commissionRateBps: integer('commission_rate_bps'),
    /** Why an admin rejected the application or disabled the member. */
    statusReason: text('status_reason'),
    invoicePreference: text('invoice_preference').$type<'default' | 'custom'>().notNull().default('default'),
    /** Storage key of the profile picture (`avatars/<uuid>.png|jpg`), null until uploaded. */
    avatarKey: text('avatar_key'),
    /** Whether the daily brief also comes by e-mail (it always comes in the app). */
    briefEmail: boolean('brief_email').notNull().default(true),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_status_check', sql`${table.status} in ('pending', 'active', 'rejected', 'disabled')`),
    check('users_locale_check', sql`${table.locale} in ('tr', 'en', 'de', 'az', 'ru', 'ro')`),
    check('users_invoice_preference_check', sql`${table.invoicePreference} in ('default', 'custom')`),
    check('users_commission_rate_check', sql`${table.commissionRateBps} between 0 and 10000`),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    index('users_referred_by_idx').on(table.referredBy),
    index('users_role_status_idx').on(table.role, table.status),
    // The admin members list: newest first, and by name.
    index('users_role_joined_idx').on(table.role, table.joinedAt),
    index('users_role_first_name_idx').on(table.role, table.firstName),
  ],
);

/** One set of bank details per member; `verifiedAt` is cleared by any change. */
export const bankDetails = pgTable('bank_details', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique('bank_details_user_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  holderName: text('holder_name').notNull(),
  identityNumber: text('identity_number').notNull(),
  bankName: text('bank_name').notNull(),
  iban: text('iban').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type BankDetailsRow = typeof bankDetails.$inferSelect;
