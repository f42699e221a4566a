import { idParamSchema, passwordChangeInputSchema, sessionSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { SessionsService } from './sessions.service.ts';

/** Inside the member scope (`/api/me`): own password and own sessions. */
export const sessionsSelfRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  app.put(
    '/password',
    {
      preHandler: requirePermission('sessions:manage:own'),
      schema: {
        tags: ['me'],
        summary: 'Change own password; every other session ends',
        body: passwordChangeInputSchema,
        response: { 200: messageEnvelope(z.object({ endedSessions: z.number().int() })) },
      },
    },
    async (request) => okWithMessage('PASSWORD_CHANGED', await sessions.changePassword(currentUser(request), request.body, { ip: request.ip })),
  );

  app.get(
    '/sessions',
    {
      preHandler: requirePermission('sessions:manage:own'),
      schema: { tags: ['me'], summary: 'Own live sessions', response: { 200: dataEnvelope(z.array(sessionSchema)) } },
    },
    async (request) => ok(await sessions.listOwn(currentUser(request))),
  );

  app.delete(
    '/sessions/:id',
    {
      preHandler: requirePermission('sessions:manage:own'),
      schema: {
        tags: ['me'],
        summary: 'End one own session (404 for anybody else’s)',
        params: idParamSchema,
        response: { 200: messageEnvelope(z.object({})) },
      },
    },
    async (request) => {
      await sessions.endOwn(currentUser(request), request.params.id, { ip: request.ip });
      return okWithMessage('SESSION_ENDED', {});
    },
  );
};

/** Inside the admin scope (`/api/admin`). */
export const sessionsAdminRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  app.get(
    '/members/:id/sessions',
    {
      preHandler: requirePermission('sessions:manage:any'),
      schema: {
        tags: ['admin: members'],
        summary: "A member's live sessions",
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(sessionSchema)) },
      },
    },
    async (request) => ok(await sessions.listForUser(request.params.id)),
  );

  app.delete(
    '/sessions/:id',
    {
      preHandler: requirePermission('sessions:manage:any'),
      schema: { tags: ['admin: members'], summary: 'End anybody’s session', params: idParamSchema, response: { 200: messageEnvelope(z.object({})) } },
    },
    async (request) => {
      await sessions.endAny(currentUser(request), request.params.id, { ip: request.ip });
      return okWithMessage('SESSION_ENDED', {});
    },
  );
};
