import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export interface RateLimitOptions {
  /** Requests per minute and client address on any route. */
  globalPerMinute: number;
  /** Requests per minute and client address on sign-in, registration and application routes. */
  authPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = { globalPerMinute: 600, authPerMinute: 30 };

/** Route config for the stricter limit, spread into `config` of the sign-in routes. */
export function authRateLimit(limits: RateLimitOptions) {
  return { rateLimit: { max: limits.authPerMinute, timeWindow: '1 minute' } };
}

/**
 * A coarse per-address flood guard kept in process memory. The limits that matter across
 * instances (code sends per phone and per IP) are counted in the database by the auth module.
 */
export async function registerRateLimit(app: FastifyInstance, limits: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: limits.globalPerMinute,
    timeWindow: '1 minute',
    // The web app's files are static and cached; a page load fetches dozens of them, so only the
    // API is limited (the limit protects the database and the sign-in routes, not the file server).
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
