import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { creators } from './creators.table.ts';
import { uploads } from './earnings.table.ts';
import { users } from './members.table.ts';

/**
 * The month-to-date figures of every creator of one committed upload: a dated snapshot, kept so
 * that the month's pace can be told from two or more of them (docs/product.md §8, month
 * forecasts). One row per upload: the creators' ids and figures as four comma-separated lists in
 * the same order (a row per creator and upload would write every month row a second time; typed
 * arrays cost the import ~150 ms for 100,000 creators to encode, parse and compress, plain text
 * stored uncompressed ~20 ms). Written and read only by modules/forecasts/forecasts.repository.ts.
 * Only uploads of month-to-date figures (not rolling 30-day windows) are kept.
 */
export const uploadSnapshots = pgTable(
  'upload_snapshots',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    /** The figures are as of the end of this day. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    creatorCount: integer('creator_count').notNull(),
    /** `id,id,...` */
    creatorIds: text('creator_ids').notNull(),
    /** Whole numbers, `1,2,...`, one per creator. */
    diamonds: text('diamonds').notNull(),
    validDays: text('valid_days').notNull(),
    liveSeconds: text('live_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('upload_snapshots_period_check', sql`${table.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    index('upload_snapshots_period_idx').on(table.period, table.asOf, table.createdAt),
  ],
);

/**
 * The daily brief sent to a person on a day (at most one): what it reported, so that the next
 * one reports only what is new.
 */
export const dailyBriefs = pgTable(
  'daily_briefs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The agency's day (`YYYY-MM-DD`) the brief was sent on. */
    day: date('day', { mode: 'string' }).notNull(),
    /** What the brief covered: creator ids by kind, and the tier within reach. */
    covered: jsonb('covered').$type<{ atRisk: string[]; outOfReach: string[]; wentDark: string[]; tierBps: number | null }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'daily_briefs_pkey', columns: [table.userId, table.day] })],
);

export type UploadSnapshotRow = typeof uploadSnapshots.$inferSelect;

/** The days whose daily brief was sent (or is being sent): one run per agency day, whatever the instances. */
export const briefRuns = pgTable('brief_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each creator's forecast state and days dark of a month, as the forecasts module last computed
 * them from the month's snapshots (`version` in forecast_versions says from which): what the
 * creators list filters on, in SQL. Rewritten whole when the snapshots change; derived, never edited.
 */
export const forecastStates = pgTable(
  'forecast_states',
  {
    period: text('period').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    darkDays: smallint('dark_days'),
    /** The LIVE time of the last 7 days fell below half of the 7 days before (shared paceFell). */
    paceFell: boolean('pace_fell').notNull().default(false),
  },
  (table) => [primaryKey({ name: 'forecast_states_pkey', columns: [table.period, table.creatorId] }), index('forecast_states_state_idx').on(table.period, table.state)],
);

/** Which snapshots (and went-dark setting) forecast_states of a month were computed from. */
export const forecastVersions = pgTable('forecast_versions', {
  period: text('period').primaryKey(),
  version: text('version').notNull(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
});
