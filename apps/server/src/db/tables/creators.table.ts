import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CreatorStatus, RequirementState } from '@agency/shared';
import { users } from './members.table.ts';

/** TikTok accounts of the agency; the username is stored normalised (no @, lower case). */
export const creators = pgTable(
  'creators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tiktokUsername: text('tiktok_username').notNull().unique('creators_tiktok_username_unique'),
    name: text('name').notNull().default(''),
    phone: text('phone'),
    status: text('status').$type<CreatorStatus>().notNull().default('pending'),
    reason: text('reason'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    affiliateId: uuid('affiliate_id').references(() => users.id, { onDelete: 'set null' }),
    agencyCenterCode: text('agency_center_code'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('creators_status_check', sql`${table.status} in ('pending', 'active', 'rejected', 'inactive')`),
    // ^[a-z0-9._]{2,24}$ without the bounded repeat, which PostgreSQL's regex engine runs slowly:
    // ~0.2 s (PostgreSQL) and ~0.35 s (PGlite) less for 100,000 new creators (migration 0020).
    check('creators_tiktok_username_format_check', sql`length(${table.tiktokUsername}) between 2 and 24 and ${table.tiktokUsername} !~ '[^a-z0-9._]'`),
    // Partial (migration 0016): creators with no owner or affiliate (every creator a new agency's
    // first upload makes) add no entry; `owner_id = $1` and the ON DELETE SET NULL of users are
    // served all the same (docs/decisions/006).
    index('creators_owner_idx').on(table.ownerId).where(sql`${table.ownerId} is not null`),
    index('creators_affiliate_idx').on(table.affiliateId).where(sql`${table.affiliateId} is not null`),
    // The admin creators list: newest first, and filtered by status.
    index('creators_joined_idx').on(table.joinedAt),
    index('creators_status_joined_idx').on(table.status, table.joinedAt),
  ],
);

/**
 * Month-to-date figures of one creator; a later upload for the month replaces the row.
 * Partitioned by month (LIST on `period`, migration 0023, db/month-partitions.ts), which
 * drizzle-kit does not model: the table, its keys and indexes below are the parent's, and any new
 * unique key must include `period`.
 */
export const creatorMonths = pgTable(
  'creator_months',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    diamonds: bigint('diamonds', { mode: 'number' }).notNull().default(0),
    validDays: integer('valid_days').notNull().default(0),
    liveSeconds: integer('live_seconds').notNull().default(0),
    matches: integer('matches').notNull().default(0),
    lastLiveAt: timestamp('last_live_at', { withTimezone: true }),
    /** Achieved share of the requirements (10,000 = 100%) and the state, computed at import. */
    achievedBps: integer('achieved_bps').notNull().default(0),
    requirementState: text('requirement_state').$type<RequirementState>(),
    /** The upload that wrote the row (null for figures entered otherwise, e.g. the demo seed). */
    uploadId: uuid('upload_id'),
    /** The export showed the creator as having quit the network (figures stored and counted all the same). */
    leftNetwork: boolean('left_network').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One row per creator and month, and the only key: no surrogate id, whose random uuid index
    // was a third of the cost of writing a month's rows (docs/decisions/006).
    primaryKey({ name: 'creator_months_pkey', columns: [table.creatorId, table.period] }),
    check('creator_months_period_check', sql`${table.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'creator_months_non_negative_check',
      sql`${table.diamonds} >= 0 and ${table.validDays} >= 0 and ${table.liveSeconds} >= 0 and ${table.matches} >= 0`,
    ),
    check(
      'creator_months_requirement_state_check',
      sql`${table.requirementState} is null or ${table.requirementState} in ('onTrack', 'atRisk', 'failing')`,
    ),
    // At-risk lists: the month's creators in a state.
    index('creator_months_period_state_idx').on(table.period, table.requirementState),
    // Sorting the creators list by this month's diamonds.
    index('creator_months_period_diamonds_idx').on(table.period, table.diamonds, table.creatorId),
  ],
);

export type CreatorRow = typeof creators.$inferSelect;
export type CreatorMonthRow = typeof creatorMonths.$inferSelect;
