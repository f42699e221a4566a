import type { Executor } from '../../db/client.ts';
import { notificationRecipients, notifications } from './notifications.table.ts';

const RECIPIENT_BATCH = 1000;

export interface SystemNotification {
  /** Key of the web app's text (`notifications:templates.<template>`), e.g. `creatorAtRisk`. */
  template: string;
  params: Record<string, string | number>;
  /** English text, kept for anything that cannot translate (exports, logs). */
  title: string;
  message: string;
}

/**
 * Writes one system notification for each recipient list, inside the caller's transaction: the
 * notification exists exactly when the change that caused it was committed.
 */
export async function notifySystem(db: Executor, userIds: readonly string[], notification: SystemNotification, at: Date): Promise<string | null> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return null;
  const [row] = await db
    .insert(notifications)
    .values({ kind: 'system', ...notification, createdAt: at })
    .returning({ id: notifications.id });
  const id = row!.id;
  for (let index = 0; index < recipients.length; index += RECIPIENT_BATCH) {
    await db
      .insert(notificationRecipients)
      .values(recipients.slice(index, index + RECIPIENT_BATCH).map((userId) => ({ notificationId: id, userId })));
  }
  return id;
}

/**
 * Many system notifications, one recipient each, in two multi-row inserts (an upload can notify
 * thousands of members; one `notifySystem` per member would be thousands of round trips).
 */
export async function notifySystemEach(
  db: Executor,
  items: readonly { userId: string; notification: SystemNotification }[],
  at: Date,
): Promise<number> {
  for (let index = 0; index < items.length; index += RECIPIENT_BATCH) {
    const batch = items.slice(index, index + RECIPIENT_BATCH);
    const rows = await db
      .insert(notifications)
      .values(batch.map((item) => ({ kind: 'system' as const, ...item.notification, createdAt: at })))
      .returning({ id: notifications.id });
    await db.insert(notificationRecipients).values(rows.map((row, offset) => ({ notificationId: row.id, userId: batch[offset]!.userId })));
  }
  return items.length;
}
