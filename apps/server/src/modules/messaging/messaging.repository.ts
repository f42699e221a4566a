import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxMessages, type OutboxMessageRow } from '../../db/tables/messaging.table.ts';

export interface NewOutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  text: string;
  code: string | null;
  createdAt: Date;
}

export async function insertOutboxMessage(db: Executor, message: NewOutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** Newest first; `to` filters on the exact recipient. */
export async function listOutboxMessages(db: Executor, options: { to?: string; limit: number }): Promise<OutboxMessageRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(options.to ? eq(outboxMessages.to, options.to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(options.limit);
}
