import { outboxEntrySchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { dataEnvelope, ok } from '../../lib/envelope.ts';
import { readOutbox } from './messaging.service.ts';

const outboxQuerySchema = z.strictObject({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `GET /api/dev/outbox`: registered only outside production (see app.ts). */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the outbox provider kept (never in production)',
        querystring: outboxQuerySchema,
        response: { 200: dataEnvelope(z.array(outboxEntrySchema)) },
      },
    },
    async (request) => ok(await readOutbox(db, { to: request.query.to, limit: request.query.limit })),
  );
};
