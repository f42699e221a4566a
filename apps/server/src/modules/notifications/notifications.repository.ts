import { randomUUID } from 'node:crypto';
import type { Locale } from '@agency/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/tables/members.table.ts';
import { notificationRecipients, notifications } from '../../db/tables/notifications.table.ts';

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
 * Many system notifications, one recipient each, in two inserts of column arrays (`unnest`) per
 * batch (an upload can notify thousands of members; one `notifySystem` per member would be
 * thousands of round trips, and a multi-row VALUES of 2,000 notifications measured ~0.2-0.5 s
 * against ~0.05 s). The ids are made here, so nothing is read back.
 */
export async function notifySystemEach(
  db: Executor,
  items: readonly { userId: string; notification: SystemNotification }[],
  at: Date,
): Promise<number> {
  for (let index = 0; index < items.length; index += RECIPIENT_BATCH) {
    const batch = items.slice(index, index + RECIPIENT_BATCH);
    const ids = batch.map(() => randomUUID());
    await db.execute(sql`
      insert into ${notifications} (id, kind, template, params, title, message, created_at)
      select id, 'system', template, params::jsonb, title, message, ${at.toISOString()}::timestamptz
      from unnest(
        ${sql.param(ids)}::uuid[],
        ${sql.param(batch.map((item) => item.notification.template))}::text[],
        ${sql.param(batch.map((item) => JSON.stringify(item.notification.params)))}::text[],
        ${sql.param(batch.map((item) => item.notification.title))}::text[],
        ${sql.param(batch.map((item) => item.notification.message))}::text[]
      ) as t(id, template, params, title, message)`);
    await db.execute(sql`
      insert into ${notificationRecipients} (notification_id, user_id)
      select notification_id, user_id from unnest(${sql.param(ids)}::uuid[], ${sql.param(batch.map((item) => item.userId))}::uuid[]) as t(notification_id, user_id)`);
  }
  return items.length;
}

/**
 * The language of each of `userIds` (their profile's), for texts written to them; one query for any
 * number of ids (an upload or an automatic run notifies thousands).
 */
export async function readUserLocales(db: Executor, userIds: readonly string[]): Promise<Map<string, Locale>> {
  const ids = [...new Set(userIds)];
  const locales = new Map<string, Locale>();
  if (ids.length === 0) return locales;
  const rows = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(ids)}::uuid[])`);
  for (const row of rows) locales.set(row.id, row.locale);
  return locales;
}

/** Ids of active members (role `user`, status `active`): the audience "all members". */
export async function listActiveMemberIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}

/** How many of `ids` are members (role `user`); a chosen audience must consist of members only. */
export async function countMembers(db: Executor, ids: readonly string[]): Promise<number> {
  let found = 0;
  for (let index = 0; index < ids.length; index += RECIPIENT_BATCH) {
    const [row] = await db
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.role, 'user'), inArray(users.id, ids.slice(index, index + RECIPIENT_BATCH))));
    found += row?.value ?? 0;
  }
  return found;
}

/** An admin's notification with its recipients, inside the caller's transaction. */
export async function insertAdminNotification(
  db: Executor,
  input: { title: string; message: string; createdBy: string; recipients: readonly string[] },
  at: Date,
): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({ kind: 'admin', title: input.title, message: input.message, createdBy: input.createdBy, createdAt: at })
    .returning({ id: notifications.id });
  const id = row!.id;
  for (let index = 0; index < input.recipients.length; index += RECIPIENT_BATCH) {
    await db
      .insert(notificationRecipients)
      .values(input.recipients.slice(index, index + RECIPIENT_BATCH).map((userId) => ({ notificationId: id, userId })));
  }
  return id;
}

/** Notifications written by admins, newest first, with recipient and read counts (of that page only). */
export async function listAdminNotifications(db: Executor, page: number, pageSize: number) {
  const isAdminKind = eq(notifications.kind, 'admin');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        message: notifications.message,
        createdAt: notifications.createdAt,
        authorId: users.id,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
      })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.createdBy))
      .where(isAdminKind)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(notifications).where(isAdminKind),
  ]);
  const counts =
    rows.length === 0
      ? []
      : await db
          .select({
            notificationId: notificationRecipients.notificationId,
            recipients: count(),
            read: count(notificationRecipients.readAt),
          })
          .from(notificationRecipients)
          .where(
            inArray(
              notificationRecipients.notificationId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(notificationRecipients.notificationId);
  const byId = new Map(counts.map((row) => [row.notificationId, row]));
  return {
    rows: rows.map((row) => ({ ...row, recipients: byId.get(row.id)?.recipients ?? 0, read: byId.get(row.id)?.read ?? 0 })),
    total: total?.value ?? 0,
  };
}
