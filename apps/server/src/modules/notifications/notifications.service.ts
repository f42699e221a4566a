import type { MyNotificationsQuery, Notification, NotificationCreated, NotificationCreateInput, SentNotification, SentNotificationsQuery } from '@agency/shared';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/index.ts';
import { countMembers, insertAdminNotification, listActiveMemberIds, listAdminNotifications } from './notifications.repository.ts';
import { notificationRecipients, notifications } from '../../db/tables/notifications.table.ts';
import { personId, type Actor } from '../../lib/actor.ts';


export interface NotificationsDeps {
  db: Database;
  clock?: Clock;
}

export function createNotificationsService(deps: NotificationsDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  return {
    /** The reader's notifications, newest first, and how many are unread. */
    async listOwn(user: AuthUser, query: MyNotificationsQuery) {
      const mine = eq(notificationRecipients.userId, user.id);
      const where: SQL | undefined = query.unread === 'true' ? and(mine, isNull(notificationRecipients.readAt)) : mine;
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select({ notification: notifications, readAt: notificationRecipients.readAt })
          .from(notificationRecipients)
          .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ value: count() }).from(notificationRecipients).where(where),
        db
          .select({ value: count() })
          .from(notificationRecipients)
          .where(and(mine, isNull(notificationRecipients.readAt))),
      ]);
      const items: Notification[] = rows.map(({ notification, readAt }) => ({
        id: notification.id,
        template: notification.template,
        params: notification.params,
        title: notification.title,
        message: notification.message,
        createdAt: notification.createdAt.toISOString(),
        readAt: readAt ? readAt.toISOString() : null,
      }));
      return { items, total: total?.value ?? 0, page: query.page, pageSize: query.pageSize, unread: unread?.value ?? 0 };
    },

    /** Marks one own notification read (404 for anybody else's); reading twice keeps the first time. */
    async markRead(user: AuthUser, id: string): Promise<{ id: string; readAt: string }> {
      const [row] = await db
        .select({ readAt: notificationRecipients.readAt })
        .from(notificationRecipients)
        .where(and(eq(notificationRecipients.userId, user.id), eq(notificationRecipients.notificationId, id)));
      if (!row) throw new AppError('NOT_FOUND');
      if (row.readAt) return { id, readAt: row.readAt.toISOString() };
      const at = clock.now();
      await db
        .update(notificationRecipients)
        .set({ readAt: at })
        .where(
          and(
            eq(notificationRecipients.userId, user.id),
            eq(notificationRecipients.notificationId, id),
            isNull(notificationRecipients.readAt),
          ),
        );
      return { id, readAt: at.toISOString() };
    },

    /**
     * An admin's notification to every active member, or to the chosen members (all of whom must
     * exist: anything else is MEMBER_REFERENCE_INVALID and nothing is written).
     */
    async createByAdmin(input: NotificationCreateInput, actor: Actor): Promise<NotificationCreated> {
      return db.transaction(async (tx) => {
        let recipients: string[];
        if (input.memberIds) {
          recipients = [...new Set(input.memberIds)];
          if ((await countMembers(tx, recipients)) !== recipients.length) throw new AppError('MEMBER_REFERENCE_INVALID');
        } else {
          recipients = await listActiveMemberIds(tx);
        }
        const at = clock.now();
        const id = await insertAdminNotification(tx, { title: input.title, message: input.message, createdBy: personId(actor), recipients }, at);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'notification.create',
          entityType: 'notification',
          entityId: id,
          after: { title: input.title, audience: input.memberIds ? 'chosen' : 'all', recipients: recipients.length },
          ip: actor.ip,
          at,
        });
        return { id, recipients: recipients.length };
      });
    },

    /** What admins sent, newest first, with how many received and read each. */
    async listSent(query: SentNotificationsQuery) {
      const { rows, total } = await listAdminNotifications(db, query.page, query.pageSize);
      const items: SentNotification[] = rows.map((row) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.authorId ? { uid: row.authorId, firstName: row.authorFirstName ?? '', lastName: row.authorLastName ?? '' } : null,
        recipients: Number(row.recipients ?? 0),
        read: Number(row.read ?? 0),
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
