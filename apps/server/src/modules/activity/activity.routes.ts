import {
  activityActorQuerySchema,
  activityActorSchema,
  activityEntrySchema,
  activityListQuerySchema,
  listResponseSchema,
} from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, ok } from '../../lib/envelope.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { ActivityService } from './activity.service.ts';

/** Inside the admin scope (`/api/admin`). Read-only on purpose: no route edits or deletes entries. */
export const activityAdminRoutes: FastifyPluginAsyncZod<{ activity: ActivityService }> = async (app, { activity }) => {
  app.get(
    '/activity',
    {
      preHandler: requirePermission('activity:read:any'),
      schema: {
        tags: ['admin: activity'],
        summary: 'Activity log, filtered and paginated, newest first',
        querystring: activityListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(activityEntrySchema)) },
      },
    },
    async (request) => ok(await activity.listActivity(request.query)),
  );

  app.get(
    '/activity/actors',
    {
      preHandler: requirePermission('activity:read:any'),
      schema: {
        tags: ['admin: activity'],
        summary: 'Accounts that appear in the activity log (for the actor filter)',
        querystring: activityActorQuerySchema,
        response: { 200: dataEnvelope(z.array(activityActorSchema)) },
      },
    },
    async (request) => ok(await activity.listActors(request.query.q)),
  );

  app.get(
    '/activity/entity-types',
    {
      preHandler: requirePermission('activity:read:any'),
      schema: {
        tags: ['admin: activity'],
        summary: 'Record types that occur in the activity log',
        response: { 200: dataEnvelope(z.array(z.string())) },
      },
    },
    async () => ok(await activity.listEntityTypes()),
  );
};
