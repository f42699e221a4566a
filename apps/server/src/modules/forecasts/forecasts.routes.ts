import { adminForecastsSchema, myForecastSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ok } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { ForecastsService } from './forecasts.service.ts';

/** Inside the admin scope (`/api/admin`): the agency's month forecast. */
export const forecastsAdminRoutes: FastifyPluginAsyncZod<{ forecasts: ForecastsService }> = async (app, { forecasts }) => {
  app.get(
    '/forecasts',
    {
      preHandler: requirePermission('dashboard:read:any'),
      schema: {
        tags: ['admin: dashboard'],
        summary: "This month's pace forecast: creators by state, at risk, out of reach and went dark",
        response: { 200: dataEnvelope(adminForecastsSchema) },
      },
    },
    async () => ok(await forecasts.adminForecasts()),
  );
};

/** Inside the member scope (`/api/me`): the signed-in member's own creators and projected tier. */
export const forecastsSelfRoutes: FastifyPluginAsyncZod<{ forecasts: ForecastsService }> = async (app, { forecasts }) => {
  app.get(
    '/forecast',
    {
      preHandler: requirePermission('earnings:read:own'),
      schema: {
        tags: ['me'],
        summary: "This month's pace forecast of the member's creators, and the member's projected tier and commission",
        response: { 200: dataEnvelope(myForecastSchema) },
      },
    },
    async (request) => ok(await forecasts.myForecast(currentUser(request).id)),
  );
};
