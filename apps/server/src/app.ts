import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { openDatabase, type DatabaseHandle, type WatchOptions } from './db/client.ts';
import { migrateDatabase, STARTUP_LOCK } from './db/migrate.ts';
import { seedDemo } from './db/seed/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLoggerOptions } from './lib/logger.ts';
import { createReadCache, type ReadCache } from './lib/read-cache.ts';
import { createStorageFromEnv, type FileStorage } from './lib/storage/index.ts';
import { activityAdminRoutes } from './modules/activity/activity.routes.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { applicationAdminRoutes, applicationPublicRoutes } from './modules/applications/applications.routes.ts';
import { createApplicationsService } from './modules/applications/applications.service.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createOtpService } from './modules/auth/otp.service.ts';
import { createCreatorsAdminService } from './modules/creators/creators.admin.service.ts';
import { creatorAdminRoutes } from './modules/creators/creators.routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
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
import { createDeductionsService } from './modules/payments/deductions.service.ts';
import { deductionsAdminRoutes, deductionsSelfRoutes } from './modules/payments/deductions.routes.ts';
import { paymentsAdminRoutes, paymentsSelfRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
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
import { registerErrorHandler } from './plugins/errors.ts';
import { requireRole } from './plugins/permissions.ts';
import { DEFAULT_RATE_LIMITS, registerRateLimit, type RateLimitBacking, type RateLimitOptions } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticWeb } from './plugins/static-web.ts';

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
}

/** Requests that may change data: the read cache is cleared when they have been handled. */
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RegisteredRoute {
  method: string;
  url: string;
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.decorateRequest('user', null);

  // ---- database ----
  let database = options.database;
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
    });
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
  const settings = createSettingsService({ db, clock, storage });
  const profile = createProfileService({ db, clock, storage, publicUrl: env.PUBLIC_URL });
  const bank = createBankService({ db, clock });
  const sessions = createSessionsService({ db, clock });
  const agency = createAgencyService({ db, clock, publicUrl: env.PUBLIC_URL });
  const members = createMembersService({ db, publicUrl: env.PUBLIC_URL });
  const otp = createOtpService({ db, clock, appSecret: env.APP_SECRET, sms: messaging, log: app.log });
  const auth = createAuthService({ db, clock, otp, appSecret: env.APP_SECRET, readCache });
  const accounts = createAccountService({
    db,
    clock,
    mail: messaging,
    publicUrl: env.PUBLIC_URL,
    companyId: env.COMPANY_ID,
  });
  const applications = createApplicationsService({ db, clock, otp, publicUrl: env.PUBLIC_URL, sms: messaging, log: app.log });
  const membersAdmin = createMembersAdminService({ db, clock, publicUrl: env.PUBLIC_URL });
  const creatorsAdmin = createCreatorsAdminService({ db, clock });
  const activity = createActivityService({ db });
  const notifications = createNotificationsService({ db, clock });
  const databaseExports = createExportsService({ db, clock });
  const uploads = createUploadsService({ db, clock, storage, log: app.log });
  const dashboard = createDashboardService({ db, clock });
  const earnings = createEarningsService({ db, clock, readCache });
  const payments = createPaymentsService({ db, clock });
  const deductions = createDeductionsService({ db, clock });
  const invoices = createInvoicesService({ db, clock, storage });
  const authenticate = createAuthenticate((token) => auth.resolveSession(token));

  // ---- plugins ----
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerRateLimit(app, rateLimits, rateLimitBacking(env, database, options.rateLimitKeyPrefix ?? 'agency-portal:rate-limit:'));
  await registerDocs(app, env.PUBLIC_URL);

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
      await scope.register(deductionsAdminRoutes, { deductions });
      await scope.register(notificationsAdminRoutes, { notifications });
    },
    { prefix: '/api/admin' },
  );

  // ---- the web app, and the 404s ----
  await registerStaticWeb(app, env.WEB_DIST_DIR);

  // ---- the monthly automatic payments (PAYOUT_SCHEDULER=off: none, e.g. in tests) ----
  if (env.PAYOUT_SCHEDULER === 'on') {
    const scheduler = await startPayoutScheduler({ db, clock, log: app.log });
    app.addHook('onClose', async () => scheduler.stop());
  }

  return app;
}
