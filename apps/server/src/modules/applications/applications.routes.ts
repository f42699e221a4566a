import {
  applicationDecisionSchema,
  applicationListQuerySchema,
  applicationRejectSchema,
  idParamSchema,
  applicationResponseSchema,
  applicationReviewItemSchema,
  applicationSchema,
  listResponseSchema,
} from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import { authRateLimit, type RateLimitOptions } from '../../plugins/rate-limit.ts';
import type { ApplicationsService } from './applications.service.ts';

/** `POST /api/applications`: a visitor applies with the SMS code. */
export const applicationPublicRoutes: FastifyPluginAsyncZod<{
  applications: ApplicationsService;
  rateLimits: RateLimitOptions;
}> = async (app, { applications, rateLimits }) => {
  app.post(
    '/applications',
    {
      config: authRateLimit(rateLimits),
      schema: {
        tags: ['applications'],
        summary: 'Apply: creates a pending member and a pending creator',
        body: applicationSchema,
        response: {
          201: messageEnvelope(applicationResponseSchema),
          400: errorEnvelope,
          409: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const result = await applications.submit(request.body, { ip: request.ip });
      return reply.code(201).send(okWithMessage('APPLICATION_SUBMITTED', result));
    },
  );
};

/** Inside the admin scope: the review queue. */
export const applicationAdminRoutes: FastifyPluginAsyncZod<{ applications: ApplicationsService }> = async (
  app,
  { applications },
) => {
  app.get(
    '/applications',
    {
      preHandler: requirePermission('applications:review:any'),
      schema: {
        tags: ['admin: applications'],
        summary: 'Applications by status (default pending)',
        querystring: applicationListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(applicationReviewItemSchema)) },
      },
    },
    async (request) => ok(await applications.listForReview(request.query)),
  );

  app.post(
    '/applications/:id/approve',
    {
      preHandler: requirePermission('applications:review:any'),
      schema: {
        tags: ['admin: applications'],
        summary: 'Approve: activates the member and their pending creators, then sends an SMS',
        params: idParamSchema,
        response: { 200: messageEnvelope(applicationDecisionSchema), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) =>
      okWithMessage('APPLICATION_APPROVED', await applications.approve(request.params.id, { id: currentUser(request).id, ip: request.ip })),
  );

  app.post(
    '/applications/:id/reject',
    {
      preHandler: requirePermission('applications:review:any'),
      schema: {
        tags: ['admin: applications'],
        summary: 'Reject with a reason of at least 10 characters (member and pending creators)',
        params: idParamSchema,
        body: applicationRejectSchema,
        response: { 200: messageEnvelope(applicationDecisionSchema), 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) =>
      okWithMessage(
        'APPLICATION_REJECTED',
        await applications.reject(request.params.id, request.body.reason, { id: currentUser(request).id, ip: request.ip }),
      ),
  );
};
