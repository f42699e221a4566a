import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance on one PostgreSQL (when REDIS_URL is not set):
 * one row per key (route and client address) holding its current fixed window, which starts at the
 * key's first hit (as in the plugin's memory and Redis stores); counted by one atomic upsert per
 * request; rows whose window has ended are deleted by a periodic clean-up.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    /** Start of the fixed window, in milliseconds since the epoch. */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_limit_hits_expires_idx').on(table.expiresAt),
  ],
);
