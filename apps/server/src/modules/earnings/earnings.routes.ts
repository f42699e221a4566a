import { myEarningsSchema, mySummarySchema, periodChoiceQuerySchema, type MySummary } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ok } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { EarningsService } from './earnings.service.ts';

/** Inside the member scope (`/api/me`): the signed-in member's own figures only. */
export const earningsSelfRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService }> = async (app, { earnings }) => {
  app.get(
    '/summary',
    {
      preHandler: requirePermission('earnings:read:own'),
      schema: {
        tags: ['me'],
        summary: "Publisher page: this month's diamonds, estimated earnings, own LIVE, requirement progress, unpaid and available balance",
        response: { 200: dataEnvelope(mySummarySchema) },
      },
    },
    // The body comes from the read cache when it holds this member's (docs/decisions/012); it is
    // serialized by this route's own response serializer, as any answer.
    async (request, reply) => {
      const body = await earnings.getSummaryBody(currentUser(request).id, (summary) => String(reply.serialize(ok(summary))));
      // A string with a JSON content type is sent as it is (already serialized), not serialized again.
      return reply.type('application/json; charset=utf-8').send(body as unknown as ReturnType<typeof ok<MySummary>>);
    },
  );

  app.get(
    '/earnings',
    {
      preHandler: requirePermission('earnings:read:own'),
      schema: {
        tags: ['me'],
        summary: 'Own earnings by month over a period (oldest first; the open month is estimated), with totals',
        querystring: periodChoiceQuerySchema,
        response: { 200: dataEnvelope(myEarningsSchema) },
      },
    },
    async (request) => ok(await earnings.getEarnings(currentUser(request).id, request.query.period)),
  );
};
