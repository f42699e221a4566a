import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { createBatchedStore } from './rate-limit-batched.ts';
import {
  connectRateLimitRedis,
  countHit,
  createPostgresStore,
  createRedisStore,
  createStoreErrorLogger,
  deleteEndedWindows,
  RATE_LIMIT_CLEANUP_MS,
  redisCounter,
  type RateLimitBacking,
} from './rate-limit-stores.ts';

export type { RateLimitBacking } from './rate-limit-stores.ts';

export interface RateLimitOptions {
  /** Requests per minute and client address on any route. */
  globalPerMinute: number;
  /** Requests per minute and client address on sign-in, registration and application routes. */
  authPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = { globalPerMinute: 600, authPerMinute: 30 };

/**
 * Route config for the stricter limit, spread into `config` of the sign-in routes. It never
 * fails open: when the shared store cannot count, these routes answer 503.
 */
export function authRateLimit(limits: RateLimitOptions) {
  return { rateLimit: { max: limits.authPerMinute, timeWindow: '1 minute', skipOnError: false } };
}

/**
 * Per-address limits: a coarse flood guard on the whole API and a stricter one on sign-in. The
 * counters live where `backing` says (Redis, PostgreSQL, or process memory on PGlite), so several
 * instances share them. If the store fails, the flood guard lets the request through
 * (`skipOnError`) and the sign-in routes refuse it (see authRateLimit). Code sends per phone and
 * per IP are also counted in the database by the auth module.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: RateLimitOptions,
  backing: RateLimitBacking = { kind: 'memory' },
): Promise<void> {
  let store: Record<string, unknown> = {};
  // The flood guard counts in batches; routes with their own limit count every hit (rate-limit-batched.ts).
  if (backing.kind === 'redis') {
    const redis = await connectRateLimitRedis(backing.url, app.log);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const onError = createStoreErrorLogger(app.log, 'rate-limit Redis failed');
    const Exact = createRedisStore(redis, backing.keyPrefix, onError);
    store = { store: createBatchedStore(redisCounter(redis, backing.keyPrefix), (route, options) => new Exact(options).child(route), onError) };
  } else if (backing.kind === 'postgres') {
    const { db, keyPrefix } = backing;
    const onError = createStoreErrorLogger(app.log, 'rate-limit counters failed');
    const Exact = createPostgresStore(db, keyPrefix, onError);
    store = { store: createBatchedStore((key, count, windowMs) => countHit(db, keyPrefix + key, windowMs, count), (route, options) => new Exact(options).child(route), onError) };
    const timer = setInterval(() => {
      deleteEndedWindows(db).catch((error: unknown) => app.log.warn({ err: { message: (error as Error).message } }, 'rate-limit clean-up failed'));
    }, RATE_LIMIT_CLEANUP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  await app.register(rateLimit, {
    ...store,
    global: true,
    skipOnError: true,
    max: limits.globalPerMinute,
    timeWindow: '1 minute',
    // The web app's files are static and cached; a page load fetches dozens of them, so only the
    // API is limited (the limit protects the database and the sign-in routes, not the file server).
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
