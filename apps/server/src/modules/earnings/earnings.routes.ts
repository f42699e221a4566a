import { myEarningsSchema, mySummarySchema, periodChoiceQuerySchema } from '@agency/shared';
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
    async (request) => ok(await earnings.getSummary(currentUser(request).id)),
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
