// The app's plugins: the error handler, the input guard, security headers, rate limits and the API docs (buildApp in app.ts).
import type { FastifyInstance } from 'fastify';
import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerInputStringGuard } from './plugins/input-strings.ts';
import { registerRateLimit, type RateLimitBacking, type RateLimitOptions } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

/** Redis when REDIS_URL is set, else the database on PostgreSQL; process memory on PGlite (one process). */
function rateLimitBacking(env: Env, database: DatabaseHandle, keyPrefix: string): RateLimitBacking {
  if (env.REDIS_URL) return { kind: 'redis', url: env.REDIS_URL, keyPrefix };
  if (database.kind === 'postgres') return { kind: 'postgres', db: database.db, keyPrefix };
  return { kind: 'memory' };
}

export async function registerPlugins(app: FastifyInstance, env: Env, database: DatabaseHandle, rateLimits: RateLimitOptions, rateLimitKeyPrefix: string | undefined): Promise<void> {
  registerErrorHandler(app);
  registerInputStringGuard(app);
  await registerSecurityHeaders(app);
  await registerRateLimit(app, rateLimits, rateLimitBacking(env, database, rateLimitKeyPrefix ?? 'agency-portal:rate-limit:'));
  // OpenAPI at /api/docs: on outside production, off in production unless API_DOCS=on.
  if (env.API_DOCS === 'on') await registerDocs(app, env.PUBLIC_URL);
}
