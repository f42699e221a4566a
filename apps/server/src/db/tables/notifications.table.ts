import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './members.table.ts';

/**
 * A notification: written by an admin (title and message as typed) or by the system (a template
 * key and its parameters, which the web app shows in the reader's language; title and message
 * keep the English text for anything that cannot translate).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'admin' | 'system'>().notNull(),
    template: text('template'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('notifications_kind_check', sql`${table.kind} in ('admin', 'system')`),
    index('notifications_created_idx').on(table.createdAt),
  ],
);

/** Who receives a notification, and when they read it. */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.notificationId] }),
    index('notification_recipients_notification_idx').on(table.notificationId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
