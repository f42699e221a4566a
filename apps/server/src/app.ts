// The composition root: builds the Fastify app (database, read cache, services, plugins, routes); the parts are in app-*.ts.
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { openDatabase, type DatabaseHandle, type WatchOptions } from './db/client.ts';
import { migrateDatabase, STARTUP_LOCK } from './db/migrate.ts';
import { exposedDemoBanner, replacePublishedDemoPasswords } from './db/seed/demo-exposure.ts';
import { seedDemo } from './db/seed/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLoggerOptions } from './lib/logger.ts';
import { isLoopbackHost } from './lib/network.ts';
import { createReadCache, type ReadCache } from './lib/read-cache.ts';
import type { FileStorage } from './lib/storage/index.ts';
import type { Messaging } from './modules/messaging/messaging.types.ts';
import { startPayoutScheduler } from './modules/payments/scheduler.ts';
import { answerFrameworkError } from './plugins/errors.ts';
import { DEFAULT_RATE_LIMITS, type RateLimitOptions } from './plugins/rate-limit.ts';
import { registerPlugins } from './app-plugins.ts';
import { registerRoutes } from './app-routes.ts';
import { createServices } from './app-services.ts';

export interface BuildAppOptions {
  env: Env;
  /** An open, migrated database (tests). Without it the app opens the one `env` names, migrates and seeds. */
  database?: DatabaseHandle;
  /** Time source; tests move it to expire codes without sleeping. */
  clock?: Clock;
  /** pino settings (tests pass a stream to read the log, or `false`). */
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<RateLimitOptions>;
  /** Prefix of the shared rate-limit keys (Redis keys, PostgreSQL rows); tests give each run its own. */
  rateLimitKeyPrefix?: string;
  /** Replaces the SMS/e-mail providers chosen from `env`. */
  messaging?: Messaging;
  /** Replaces the file storage chosen from `env` (tests: a store that fails like a full disk). */
  storage?: FileStorage;
  /** The read cache's change feed (tests: a short reconnect delay). */
  changeFeed?: WatchOptions;
  /**
   * Where the start-up banner of a demo reachable from the network goes, with the demo passwords
   * it replaced (docs/decisions/014); default standard output, never the log.
   */
  announce?: (text: string) => void;
}

/** Requests that may change data: the read cache is cleared when they have been handled. */
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's schema (body, querystring, params as zod schemas), for the input fuzz test. */
  schema?: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method and full URL), for the permission matrix test. */
    registeredRoutes: RegisteredRoute[];
    /** The per-instance read cache of sessions and member summaries (docs/decisions/012). */
    readCache: ReadCache;
    /** The daily briefs scheduled after imports; `idle()` resolves once they are sent. */
    briefs: { idle(): Promise<number> };
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const clock = options.clock ?? systemClock;
  const rateLimits = { ...DEFAULT_RATE_LIMITS, globalPerMinute: env.RATE_LIMIT_GLOBAL_PER_MINUTE, ...options.rateLimits };

  const app = Fastify({
    logger: options.logger ?? createLoggerOptions(env.LOG_LEVEL),
    // Fastify also accepts a hop count at run time; its types only list the other forms.
    trustProxy: env.TRUST_PROXY as boolean | string | string[],
    bodyLimit: 1024 * 1024,
    // Errors before routing (a path that is not UTF-8) answer in the catalogue's envelope too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url, schema: route.schema });
  });
  app.decorateRequest('user', null);

  // ---- database ----
  // A demo that other machines can reach (HOST not loopback, outside production) gets new
  // passwords for the published demo sign-ins, printed once (docs/decisions/014).
  const exposedDemo = !env.isProduction && !isLoopbackHost(env.HOST);
  const guardExposedDemo = async (target: DatabaseHandle) => {
    if (!exposedDemo) return;
    const replaced = await replacePublishedDemoPasswords(target.db, { adminEmail: env.SEED_ADMIN_EMAIL });
    app.log.warn(
      { host: env.HOST, replacedDemoPasswords: replaced.map((entry) => entry.who) },
      'this is a demo listening on a non-loopback address outside production: not for real data (docs/decisions/014)',
    );
    (options.announce ?? ((text: string) => process.stdout.write(text)))(exposedDemoBanner(env.HOST, replaced));
  };
  let database = options.database;
  const ownDatabase = !database;
  if (!database) {
    const opened = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    database = opened;
    app.addHook('onClose', () => opened.close());
    // Several instances may start at once on one PostgreSQL: they migrate and seed in turn.
    await opened.withSessionLock(STARTUP_LOCK, async () => {
      await migrateDatabase(opened);
      if (env.SEED_DEMO) {
        const seeded = await seedDemo(opened.db, { env, clock });
        if (seeded) app.log.info('demo seed created (sign-ins are listed in the README)');
      }
      await guardExposedDemo(opened);
    });
  } else {
    await guardExposedDemo(database);
  }
  const { db } = database;

  // ---- the read cache (docs/decisions/012) ----
  // Trusted only while the database's change feed is live; cleared by every notification, every
  // write statement of this process, and every mutating request once its handler is done.
  const readCache = createReadCache({ clock, ttlMs: env.READ_CACHE_TTL_MS });
  app.decorate('readCache', readCache);
  if (env.READ_CACHE_TTL_MS > 0) {
    const watch = await database.watchChanges({ changed: () => readCache.clear(), live: (live) => readCache.setLive(live) }, options.changeFeed);
    app.addHook('onClose', async () => watch.stop());
  }
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (MUTATING_METHODS.has(request.method)) readCache.clear();
    done(null, payload);
  });

  // ---- services: the composition root ----
  const services = await createServices(app, { env, database, ownDatabase, clock, readCache, messaging: options.messaging, storage: options.storage });

  app.decorate('briefs', services.briefs);

  // ---- plugins ----
  await registerPlugins(app, env, database, rateLimits, options.rateLimitKeyPrefix);

  // ---- public API, member and admin scopes, the web app ----
  await registerRoutes(app, { env, db, clock, rateLimits, services });

  // ---- the monthly automatic payments (PAYOUT_SCHEDULER=off: none, e.g. in tests) ----
  if (env.PAYOUT_SCHEDULER === 'on') {
    const scheduler = await startPayoutScheduler({ db, clock, log: app.log });
    app.addHook('onClose', async () => scheduler.stop());
  }

  return app;
}
