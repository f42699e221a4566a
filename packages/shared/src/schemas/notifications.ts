import { z } from 'zod';

/**
 * The admin's side of notifications: what was sent (`GET /api/admin/notifications`) and the answer
 * of `POST /api/admin/notifications` (the request body is `notificationCreateSchema`).
 */
export const sentNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ uid: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Members it went to, and how many of them have read it. */
  recipients: z.number().int(),
  read: z.number().int(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const sentNotificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SentNotificationsQuery = z.infer<typeof sentNotificationsQuerySchema>;

export const notificationCreatedSchema = z.object({ id: z.string(), recipients: z.number().int() });
export type NotificationCreated = z.infer<typeof notificationCreatedSchema>;
