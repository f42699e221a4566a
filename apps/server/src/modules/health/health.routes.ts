import { ERRORS, healthSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors.ts';
import type { HealthService } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        description: 'Answers 503 SERVICE_UNAVAILABLE with `data: { ok: false, db }` while the database does not answer within two seconds.',
        response: { 200: dataEnvelope(healthSchema), 503: errorEnvelope.extend({ data: healthSchema }) },
      },
    },
    async (_request, reply) => {
      const state = await health.check();
      if (state.ok) return ok(state);
      // A load balancer takes the instance out on the status; people and scripts read `ok`.
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        error: true as const,
        code: 'SERVICE_UNAVAILABLE',
        message: ERRORS.SERVICE_UNAVAILABLE.message,
        data: state,
      });
    },
  );
};
