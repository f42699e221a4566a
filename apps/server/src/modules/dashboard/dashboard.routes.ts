import { adminDashboardSchema, adminFinanceSchema, periodChoiceQuerySchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ok } from '../../lib/envelope.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { DashboardService } from './dashboard.service.ts';

const TAGS = ['admin: dashboard'];

/** Inside the admin scope (`/api/admin`): read-only figures. */
export const dashboardAdminRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/dashboard',
    {
      preHandler: requirePermission('dashboard:read:any'),
      schema: {
        tags: TAGS,
        summary: "This month's top lists, pending requests, total diamonds, creators and at-risk creators",
        response: { 200: dataEnvelope(adminDashboardSchema) },
      },
    },
    async () => ok(await dashboard.getDashboard()),
  );

  app.get(
    '/finance',
    {
      preHandler: requirePermission('finance:read:any'),
      schema: {
        tags: TAGS,
        summary: 'Diamonds, diamonds revenue and commission over a period, by month, with the top 10 members',
        querystring: periodChoiceQuerySchema,
        response: { 200: dataEnvelope(adminFinanceSchema) },
      },
    },
    async (request) => ok(await dashboard.getFinance(request.query.period)),
  );
};
