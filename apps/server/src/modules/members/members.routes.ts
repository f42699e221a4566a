import {
  bankVerifyResultSchema,
  idParamSchema,
  listResponseSchema,
  memberAdminListQuerySchema,
  memberCreateSchema,
  memberDeleteResultSchema,
  memberDetailSchema,
  memberListItemSchema,
  memberUpdateSchema,
} from '@agency/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { MembersAdminService } from './members.admin.service.ts';

const TAGS = ['admin: members'];

/** Inside the admin scope (`/api/admin`). */
export const memberAdminRoutes: FastifyPluginAsyncZod<{ membersAdmin: MembersAdminService }> = async (app, { membersAdmin }) => {
  const actorOf = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });

  app.get(
    '/members',
    {
      preHandler: requirePermission('members:read:any'),
      schema: {
        tags: TAGS,
        summary: 'Members, searched, filtered, sorted and paginated',
        querystring: memberAdminListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(memberListItemSchema)) },
      },
    },
    async (request) => ok(await membersAdmin.list(request.query)),
  );

  app.post(
    '/members',
    {
      preHandler: requirePermission('members:write:any'),
      schema: {
        tags: TAGS,
        summary: 'Create a member',
        body: memberCreateSchema,
        response: { 201: messageEnvelope(memberListItemSchema), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request, reply) => reply.code(201).send(okWithMessage('USER_CREATED', await membersAdmin.create(request.body, actorOf(request)))),
  );

  app.get(
    '/members/:id',
    {
      preHandler: requirePermission('members:read:any'),
      schema: {
        tags: TAGS,
        summary: 'One member with creators, bank details and change history',
        params: idParamSchema,
        response: { 200: dataEnvelope(memberDetailSchema), 404: errorEnvelope },
      },
    },
    async (request) => ok(await membersAdmin.get(request.params.id)),
  );

  app.put(
    '/members/:id',
    {
      preHandler: requirePermission('members:write:any'),
      schema: {
        tags: TAGS,
        summary: 'Update a member (commission rate in basis points; disabling ends their sessions)',
        params: idParamSchema,
        body: memberUpdateSchema,
        response: { 200: messageEnvelope(memberListItemSchema), 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => okWithMessage('USER_UPDATED', await membersAdmin.update(request.params.id, request.body, actorOf(request))),
  );

  app.delete(
    '/members/:id',
    {
      preHandler: requirePermission('members:write:any'),
      schema: {
        tags: TAGS,
        summary: 'Delete a member; one with money history is disabled instead',
        params: idParamSchema,
        response: { 200: messageEnvelope(memberDeleteResultSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const result = await membersAdmin.remove(request.params.id, actorOf(request));
      return okWithMessage(result.outcome === 'deleted' ? 'USER_DELETED' : 'USER_DISABLED', result);
    },
  );

  app.post(
    '/members/:id/bank/verify',
    {
      preHandler: requirePermission('bank:verify:any'),
      schema: {
        tags: TAGS,
        summary: "Mark the member's current bank details Verified",
        params: idParamSchema,
        response: { 200: messageEnvelope(bankVerifyResultSchema), 404: errorEnvelope },
      },
    },
    async (request) => okWithMessage('BANK_VERIFIED', await membersAdmin.verifyBank(request.params.id, actorOf(request))),
  );
};
