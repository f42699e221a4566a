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
import { createStorageFromEnv, type FileStorage } from './lib/storage/index.ts';
import { ORPHAN_MIN_AGE_MS, ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanUploads } from './lib/storage/orphan-sweep.ts';
import { activityAdminRoutes } from './modules/activity/activity.routes.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { applicationAdminRoutes, applicationPublicRoutes } from './modules/applications/applications.routes.ts';
import { createApplicationsService } from './modules/applications/applications.service.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createOtpService } from './modules/auth/otp.service.ts';
import { createPasswordThrottle } from './modules/auth/password-throttle.ts';
import { createCreatorsAdminService } from './modules/creators/creators.admin.service.ts';
import { creatorAdminRoutes } from './modules/creators/creators.routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { deductionsAdminRoutes, deductionsSelfRoutes } from './modules/deductions/deductions.routes.ts';
import { createDeductionsService } from './modules/deductions/deductions.service.ts';
import { earningsSelfRoutes } from './modules/earnings/earnings.routes.ts';
import { createEarningsService } from './modules/earnings/earnings.service.ts';
import { exportsAdminRoutes } from './modules/exports/exports.routes.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicesAdminRoutes, invoicesSelfRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createMembersAdminService } from './modules/members/members.admin.service.ts';
import { memberAdminRoutes } from './modules/members/members.routes.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { devOutboxRoutes } from './modules/messaging/messaging.routes.ts';
import { createMessaging } from './modules/messaging/messaging.service.ts';
import type { Messaging } from './modules/messaging/messaging.types.ts';
import { agencyAdminRoutes } from './modules/agency/agency.routes.ts';
import { createAgencyService } from './modules/agency/agency.service.ts';
import { bankSelfRoutes } from './modules/bank/bank.routes.ts';
import { createBankService } from './modules/bank/bank.service.ts';
import { notificationsAdminRoutes, notificationsSelfRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { paymentsAdminRoutes, paymentsSelfRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { markInterruptedRuns } from './modules/payments/payout-runs.ts';
import { payoutBatchAdminRoutes } from './modules/payments/payout-batch.routes.ts';
import { createPayoutBatchService } from './modules/payments/payout-batch.service.ts';
import { startPayoutScheduler } from './modules/payments/scheduler.ts';
import { profileAdminRoutes, profileSelfRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { sessionsAdminRoutes, sessionsSelfRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { publicSettingsRoutes, settingsAdminRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { uploadsAdminRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createAuthenticate, documentTokenSecurity } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.ts';
import { registerInputStringGuard } from './plugins/input-strings.ts';
import { requireRole } from './plugins/permissions.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimit, type RateLimitBacking, type RateLimitOptions } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { createSharePageHead } from './modules/sharing/share-page-head.ts';

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
  }
}

/** Redis when REDIS_URL is set, else the database on PostgreSQL; process memory on PGlite (one process). */
function rateLimitBacking(env: Env, database: DatabaseHandle, keyPrefix: string): RateLimitBacking {
  if (env.REDIS_URL) return { kind: 'redis', url: env.REDIS_URL, keyPrefix };
  if (database.kind === 'postgres') return { kind: 'postgres', db: database.db, keyPrefix };
  return { kind: 'memory' };
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
  const ownMessaging = options.messaging ? null : createMessaging({ env, db, clock, log: app.log });
  if (ownMessaging) app.addHook('onClose', async () => ownMessaging.close());
  const messaging: Messaging = options.messaging ?? ownMessaging!;
  if (env.isProduction && (env.SMS_PROVIDER === 'outbox' || env.MAIL_PROVIDER === 'outbox')) {
    app.log.warn('the outbox provider delivers no SMS or e-mail: configure SMS_PROVIDER=http and MAIL_PROVIDER=smtp');
  }
  const health = createHealthService({ database });
  // Uploaded files (pictures, invoices, earnings files): DATA_DIR/uploads, or S3 when S3_BUCKET is set.
  const storage = options.storage ?? createStorageFromEnv(env).storage;
  if (ownDatabase) await cleanUpAfterCrashes(app, { db, storage, clock, kind: database.kind });
  const settings = createSettingsService({ db, clock, storage });
  // Wrong passwords, at sign-in and when re-entered to confirm a change, counted by account and address (docs/decisions/015).
  const throttle = createPasswordThrottle({ db, clock, appSecret: env.APP_SECRET });
  const otp = createOtpService({ db, clock, appSecret: env.APP_SECRET, sms: messaging, publicUrl: env.PUBLIC_URL, log: app.log });
  const profile = createProfileService({ db, clock, storage, publicUrl: env.PUBLIC_URL, otp, throttle, messaging, log: app.log });
  const bank = createBankService({ db, clock });
  const sessions = createSessionsService({ db, clock, throttle });
  const agency = createAgencyService({ db, clock, publicUrl: env.PUBLIC_URL });
  const members = createMembersService({ db, publicUrl: env.PUBLIC_URL });
  const auth = createAuthService({ db, clock, otp, throttle, readCache });
  const accounts = createAccountService({
    db,
    clock,
    mail: messaging,
    publicUrl: env.PUBLIC_URL,
    companyId: env.COMPANY_ID,
    log: app.log,
  });
  const applications = createApplicationsService({ db, clock, otp, publicUrl: env.PUBLIC_URL, sms: messaging, log: app.log });
  const membersAdmin = createMembersAdminService({ db, clock, publicUrl: env.PUBLIC_URL, messaging, log: app.log });
  const creatorsAdmin = createCreatorsAdminService({ db, clock });
  const activity = createActivityService({ db });
  const notifications = createNotificationsService({ db, clock });
  const databaseExports = createExportsService({ db, clock });
  const uploads = createUploadsService({ db, clock, storage, log: app.log });
  const dashboard = createDashboardService({ db, clock });
  const earnings = createEarningsService({ db, clock, readCache });
  const payments = createPaymentsService({ db, clock });
  const payoutBatch = createPayoutBatchService({ db, clock });
  const deductions = createDeductionsService({ db, clock });
  const invoices = createInvoicesService({ db, clock, storage });
  const authenticate = createAuthenticate((token) => auth.resolveSession(token));

  // ---- plugins ----
  registerErrorHandler(app);
  registerInputStringGuard(app);
  await registerSecurityHeaders(app);
  await registerRateLimit(app, rateLimits, rateLimitBacking(env, database, options.rateLimitKeyPrefix ?? 'agency-portal:rate-limit:'));
  // OpenAPI at /api/docs: on outside production, off in production unless API_DOCS=on.
  if (env.API_DOCS === 'on') await registerDocs(app, env.PUBLIC_URL);

  // ---- public API ----
  await app.register(healthRoutes, { prefix: '/api', health });
  await app.register(publicSettingsRoutes, { prefix: '/api', settings });
  await app.register(authRoutes, { prefix: '/api', auth, accounts, otp, members, authenticate, rateLimits });
  await app.register(applicationPublicRoutes, { prefix: '/api', applications, rateLimits });
  if (!env.isProduction) {
    await app.register(devOutboxRoutes, { prefix: '/api/dev', db });
  }

  // ---- member scope: any signed-in account; each route checks its own permission ----
  await app.register(
    async (scope) => {
      documentTokenSecurity(scope);
      scope.addHook('onRequest', authenticate);
      await scope.register(profileSelfRoutes, { profile });
      await scope.register(bankSelfRoutes, { bank });
      await scope.register(sessionsSelfRoutes, { sessions });
      await scope.register(notificationsSelfRoutes, { notifications });
      await scope.register(earningsSelfRoutes, { earnings });
      await scope.register(invoicesSelfRoutes, { invoices });
      await scope.register(paymentsSelfRoutes, { payments });
      await scope.register(deductionsSelfRoutes, { deductions });
    },
    { prefix: '/api/me' },
  );

  // ---- admin scope: admins only ----
  await app.register(
    async (scope) => {
      documentTokenSecurity(scope);
      scope.addHook('onRequest', authenticate);
      scope.addHook('onRequest', requireRole('admin'));
      await scope.register(applicationAdminRoutes, { applications });
      await scope.register(memberAdminRoutes, { membersAdmin });
      await scope.register(creatorAdminRoutes, { creators: creatorsAdmin });
      await scope.register(profileAdminRoutes, { profile });
      await scope.register(sessionsAdminRoutes, { sessions });
      await scope.register(agencyAdminRoutes, { agency });
      await scope.register(settingsAdminRoutes, { settings });
      await scope.register(activityAdminRoutes, { activity });
      await scope.register(exportsAdminRoutes, { databaseExports });
      await scope.register(uploadsAdminRoutes, { uploads });
      await scope.register(dashboardAdminRoutes, { dashboard });
      await scope.register(invoicesAdminRoutes, { invoices });
      await scope.register(paymentsAdminRoutes, { payments, db, clock });
      await scope.register(payoutBatchAdminRoutes, { payoutBatch });
      await scope.register(deductionsAdminRoutes, { deductions });
      await scope.register(notificationsAdminRoutes, { notifications });
    },
    { prefix: '/api/admin' },
  );

  // ---- the web app, and the 404s ----
  // `/` and `/kayit` get their title, description and link-preview tags per visitor (modules/sharing).
  await registerStaticWeb(app, env.WEB_DIST_DIR, {
    pageHead: createSharePageHead({ getPublicSettings: () => settings.getPublicSettings(), publicUrl: env.PUBLIC_URL }),
  });

  // ---- the monthly automatic payments (PAYOUT_SCHEDULER=off: none, e.g. in tests) ----
  if (env.PAYOUT_SCHEDULER === 'on') {
    const scheduler = await startPayoutScheduler({ db, clock, log: app.log });
    app.addHook('onClose', async () => scheduler.stop());
  }

  return app;
}

/**
 * What a killed process leaves behind (docs/decisions/014), cleaned when the server opens its own
 * database: automatic runs left `running` are marked interrupted, and files of imports that never
 * committed are deleted, at start and then every hour. At start on PGlite no other process can be
 * importing (the data folder is locked), so every such file goes; on PostgreSQL, and in the hourly
 * sweeps, only those older than ORPHAN_MIN_AGE_MS (an import may be under way). A failure is
 * logged and never stops the start.
 */
async function cleanUpAfterCrashes(
  app: FastifyInstance,
  deps: { db: DatabaseHandle['db']; storage: FileStorage; clock: Clock; kind: DatabaseHandle['kind'] },
): Promise<void> {
  const { db, storage, clock } = deps;
  try {
    const interrupted = await markInterruptedRuns(db, clock.now());
    for (const run of interrupted) {
      app.log.warn({ payoutRun: run.id, period: run.period, created: run.created }, 'an automatic payment run was interrupted: the next run completes it');
    }
  } catch (error) {
    app.log.warn({ err: error }, 'checking for interrupted automatic runs failed');
  }
  const sweep = async (minAgeMs: number) => {
    try {
      const result = await sweepOrphanUploads(db, storage, { now: clock.now(), minAgeMs });
      if (result.removed.length > 0 || result.leftovers > 0) {
        app.log.info({ removed: result.removed.length, leftovers: result.leftovers }, 'removed the files of imports that never committed');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'sweeping the files of uncommitted imports failed');
    }
  };
  await sweep(deps.kind === 'pglite' ? 0 : ORPHAN_MIN_AGE_MS);
  const timer = setInterval(() => void sweep(ORPHAN_MIN_AGE_MS), ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
