import {
  creatorCreateSchema,
  creatorDeleteResultSchema,
  creatorDeleteSchema,
  creatorDetailSchema,
  creatorListItemSchema,
  creatorListQuerySchema,
  creatorUpdateSchema,
  idParamSchema,
  listResponseSchema,
} from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { CreatorsAdminService } from './creators.admin.service.ts';

const TAGS = ['admin: creators'];

/** Inside the admin scope (`/api/admin`). */
export const creatorAdminRoutes: FastifyPluginAsyncZod<{ creators: CreatorsAdminService }> = async (app, { creators }) => {
  app.get(
    '/creators',
    {
      preHandler: requirePermission('creators:read:any'),
      schema: {
        tags: TAGS,
        summary: "Creators with this month's figures, searched, filtered, sorted and paginated",
        querystring: creatorListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(creatorListItemSchema)) },
      },
    },
    async (request) => ok(await creators.list(request.query)),
  );

  app.post(
    '/creators',
    {
      preHandler: requirePermission('creators:write:any'),
      schema: {
        tags: TAGS,
        summary: 'Create a creator',
        body: creatorCreateSchema,
        response: { 201: messageEnvelope(creatorListItemSchema), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await creators.create(request.body, { id: user.id, ip: request.ip });
      return reply.code(201).send(okWithMessage('DATA_ADDED', created));
    },
  );

  app.get(
    '/creators/:id',
    {
      preHandler: requirePermission('creators:read:any'),
      schema: {
        tags: TAGS,
        summary: 'One creator with every month and the change history',
        params: idParamSchema,
        response: { 200: dataEnvelope(creatorDetailSchema), 404: errorEnvelope },
      },
    },
    async (request) => ok(await creators.get(request.params.id)),
  );

  app.put(
    '/creators/:id',
    {
      preHandler: requirePermission('creators:write:any'),
      schema: {
        tags: TAGS,
        summary: 'Update a creator (a reason of 10+ characters to deactivate or reject)',
        params: idParamSchema,
        body: creatorUpdateSchema,
        response: { 200: messageEnvelope(creatorListItemSchema), 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return okWithMessage('DETAILS_UPDATED', await creators.update(request.params.id, request.body, { id: user.id, ip: request.ip }));
    },
  );

  app.delete(
    '/creators/:id',
    {
      preHandler: requirePermission('creators:write:any'),
      schema: {
        tags: TAGS,
        summary: 'Delete a creator; one with figures is set inactive instead',
        params: idParamSchema,
        // The body is optional (`{ reason }`), so it is checked in the handler: Fastify's schema
        // validation would refuse a DELETE without one.
        response: { 200: messageEnvelope(creatorDeleteResultSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = creatorDeleteSchema.safeParse(request.body ?? undefined);
      if (!body.success) throw new AppError('VALIDATION_FAILED');
      const result = await creators.remove(request.params.id, body.data?.reason, { id: user.id, ip: request.ip });
      return okWithMessage(result.outcome === 'deleted' ? 'CREATOR_DELETED' : 'CREATOR_DEACTIVATED', result);
    },
  );
};
