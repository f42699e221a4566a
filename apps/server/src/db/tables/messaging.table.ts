import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages kept by the `outbox` provider (the default outside a configured SMS/SMTP service).
 * `code` holds the one-time code a message carried so `GET /api/dev/outbox` can show it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('outbox_messages_channel_check', sql`${table.channel} in ('sms', 'email')`),
    index('outbox_messages_to_created_idx').on(table.to, table.createdAt),
    index('outbox_messages_created_idx').on(table.createdAt),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
