import { idParamSchema, listResponseSchema, myNotificationsQuerySchema, notificationSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, errorEnvelope, ok } from '../../lib/envelope.ts';
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
