import {
  idParamSchema,
  listResponseSchema,
  myNotificationsQuerySchema,
  notificationCreatedSchema,
  notificationCreateSchema,
  notificationSchema,
  sentNotificationSchema,
  sentNotificationsQuerySchema,
} from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { NotificationsService } from './notifications.service.ts';

/** Inside the member scope (`/api/me`). */
export const notificationsSelfRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/notifications',
    {
      preHandler: requirePermission('notifications:read:own'),
      schema: {
        tags: ['me'],
        summary: 'Own notifications, newest first, with the unread count',
        querystring: myNotificationsQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(notificationSchema).extend({ unread: z.number().int() })) },
      },
    },
    async (request) => ok(await notifications.listOwn(currentUser(request), request.query)),
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: requirePermission('notifications:read:own'),
      schema: {
        tags: ['me'],
        summary: 'Mark one own notification read',
        params: idParamSchema,
        response: { 200: dataEnvelope(z.object({ id: z.string(), readAt: z.string() })), 404: errorEnvelope },
      },
    },
    async (request) => ok(await notifications.markRead(currentUser(request), request.params.id)),
  );
};

/** Inside the admin scope (`/api/admin`): write to members, and see what was sent. */
export const notificationsAdminRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.post(
    '/notifications',
    {
      preHandler: requirePermission('notifications:write:any'),
      schema: {
        tags: ['admin: notifications'],
        summary: 'Send a notification to every active member or to the chosen members',
        body: notificationCreateSchema,
        response: { 201: messageEnvelope(notificationCreatedSchema), 400: errorEnvelope },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(okWithMessage('NOTIFICATION_CREATED', await notifications.createByAdmin(request.body, { id: currentUser(request).id, ip: request.ip }))),
  );

  app.get(
    '/notifications',
    {
      preHandler: requirePermission('notifications:write:any'),
      schema: {
        tags: ['admin: notifications'],
        summary: 'Notifications sent by admins, newest first, with recipient and read counts',
        querystring: sentNotificationsQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(sentNotificationSchema)) },
      },
    },
    async (request) => ok(await notifications.listSent(request.query)),
  );
};
