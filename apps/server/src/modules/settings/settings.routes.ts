import { publicSettingsSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ok } from '../../lib/envelope.ts';
import type { SettingsService } from './settings.service.ts';

/** `GET /api/settings/public`: no sign-in needed. */
export const publicSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Agency details shown on public pages',
        response: { 200: dataEnvelope(publicSettingsSchema) },
      },
    },
    async () => ok(await settings.getPublicSettings()),
  );
};
