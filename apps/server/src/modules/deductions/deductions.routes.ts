import { deductionCreateSchema, deductionListQuerySchema, deductionSchema, idParamSchema, listResponseSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { DeductionsService } from './deductions.service.ts';

/** Inside the member scope (`/api/me`). */
export const deductionsSelfRoutes: FastifyPluginAsyncZod<{ deductions: DeductionsService }> = async (app, { deductions }) => {
  app.get(
    '/deductions',
    {
      preHandler: requirePermission('deductions:read:own'),
      schema: {
        tags: ['me'],
        summary: 'Own deductions (open and consumed), newest first',
        querystring: deductionListQuerySchema.omit({ memberId: true }),
        response: { 200: dataEnvelope(listResponseSchema(deductionSchema)) },
      },
    },
    async (request) => ok(await deductions.listOwn(currentUser(request).id, request.query)),
  );
};

/** Inside the admin scope (`/api/admin`). */
export const deductionsAdminRoutes: FastifyPluginAsyncZod<{ deductions: DeductionsService }> = async (app, { deductions }) => {
  app.get(
    '/deductions',
    {
      preHandler: requirePermission('deductions:read:any'),
      schema: {
        tags: ['admin: payments'],
        summary: 'Deductions with the member names, newest first',
        querystring: deductionListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(deductionSchema)) },
      },
    },
    async (request) => ok(await deductions.list(request.query)),
  );

  app.post(
    '/deductions',
    {
      preHandler: requirePermission('deductions:write:any'),
      schema: {
        tags: ['admin: payments'],
        summary: "Add a deduction to a member's balance (consumed by the next payment)",
        body: deductionCreateSchema,
        response: { 201: messageEnvelope(deductionSchema), 400: errorEnvelope },
      },
    },
    async (request, reply) =>
      reply.code(201).send(okWithMessage('DEDUCTION_ADDED', await deductions.add(request.body, { id: currentUser(request).id, ip: request.ip }))),
  );

  app.delete(
    '/deductions/:id',
    {
      preHandler: requirePermission('deductions:write:any'),
      schema: {
        tags: ['admin: payments'],
        summary: 'Delete an open deduction (a consumed one answers 409)',
        params: idParamSchema,
        response: { 200: messageEnvelope(deductionSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => okWithMessage('DEDUCTION_DELETED', await deductions.remove(request.params.id, { id: currentUser(request).id, ip: request.ip })),
  );
};
