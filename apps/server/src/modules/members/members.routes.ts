import { listResponseSchema, memberListQuerySchema, memberSchema, profileSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ok } from '../../lib/envelope.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { MembersService } from './members.service.ts';

/** Inside the admin scope (`/api/admin`). */
export const memberAdminRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (app, { members }) => {
  app.get(
    '/members',
    {
      preHandler: requirePermission('members:read:any'),
      schema: {
        tags: ['admin: members'],
        summary: 'Members, searched, sorted and paginated',
        querystring: memberListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(memberSchema)) },
      },
    },
    async (request) => ok(await members.listMembers(request.query)),
  );
};

/** Inside the member scope (`/api/me`). */
export const memberSelfRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (app, { members }) => {
  app.get(
    '/profile',
    {
      preHandler: requirePermission('profile:read:own'),
      schema: {
        tags: ['me'],
        summary: 'Own profile with bank details',
        response: { 200: dataEnvelope(profileSchema) },
      },
    },
    async (request) => ok(await members.getProfile(currentUser(request).id)),
  );
};
