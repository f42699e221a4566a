import { outboxEntrySchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dataEnvelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { isLoopbackAddress } from '../../lib/network.ts';
import { readOutbox } from './messaging.service.ts';

const outboxQuerySchema = z.strictObject({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Whether the request comes from this machine: the connection's own address is loopback, and so
 * is the client address Fastify derives from X-Forwarded-For when TRUST_PROXY trusts a proxy.
 * Both must hold: behind a proxy on this machine every connection is loopback (the client is in
 * `request.ip`), and with a too-trusting TRUST_PROXY a remote caller could write
 * `X-Forwarded-For: 127.0.0.1` (its connection is not loopback). Without TRUST_PROXY
 * `request.ip` is the connection's address.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

/**
 * `GET /api/dev/outbox`: registered only outside production (see app.ts), and answered only to
 * callers on this machine (403 otherwise): the sign-in codes and reset links it shows would let
 * anyone who reaches the port into the demo accounts (docs/decisions/014).
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the outbox provider kept (never in production; only to callers on the server\'s own machine)',
        querystring: outboxQuerySchema,
        response: { 200: dataEnvelope(z.array(outboxEntrySchema)), 403: errorEnvelope },
      },
    },
    async (request) => {
      if (!isLocalRequest(request)) throw new AppError('FORBIDDEN');
      return ok(await readOutbox(db, { to: request.query.to, limit: request.query.limit }));
    },
  );
};
