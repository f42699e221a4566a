// The composition root's services: every module's service built once, with what it depends on (buildApp in app.ts).
import type { FastifyInstance } from 'fastify';
import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { ReadCache } from './lib/read-cache.ts';
import { createStorageFromEnv, type FileStorage } from './lib/storage/index.ts';
import { cleanUpAfterCrashes } from './app-crash-cleanup.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { createApplicationsService } from './modules/applications/applications.service.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createOtpService } from './modules/auth/otp.service.ts';
import { createPasswordThrottle } from './modules/auth/password-throttle.ts';
import { createCreatorsAdminService } from './modules/creators/creators.admin.service.ts';
import { createAfterImports, createDailyBrief, createForecastsService } from './modules/forecasts/index.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createDeductionsService } from './modules/deductions/deductions.service.ts';
import { createEarningsService } from './modules/earnings/earnings.service.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createMembersAdminService } from './modules/members/members.admin.service.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { createMessaging } from './modules/messaging/messaging.service.ts';
import type { Messaging } from './modules/messaging/messaging.types.ts';
import { createAgencyService } from './modules/agency/agency.service.ts';
import { createBankService } from './modules/bank/bank.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createPayoutBatchService } from './modules/payments/payout-batch.service.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createAuthenticate } from './plugins/auth.ts';

interface ServiceDeps {
  env: Env;
  database: DatabaseHandle;
  /** True when the app opened the database itself (not handed one by a test): it then cleans up after crashes. */
  ownDatabase: boolean;
  clock: Clock;
  readCache: ReadCache;
  /** Replaces the SMS/e-mail providers chosen from `env`. */
  messaging?: Messaging | undefined;
  /** Replaces the file storage chosen from `env`. */
  storage?: FileStorage | undefined;
}

export type AppServices = Awaited<ReturnType<typeof createServices>>;

export async function createServices(app: FastifyInstance, deps: ServiceDeps) {
  const { env, database, ownDatabase, clock, readCache } = deps;
  const { db } = database;
  const ownMessaging = deps.messaging ? null : createMessaging({ env, db, clock, log: app.log });
  if (ownMessaging) app.addHook('onClose', async () => ownMessaging.close());
  const messaging: Messaging = deps.messaging ?? ownMessaging!;
  if (env.isProduction && (env.SMS_PROVIDER === 'outbox' || env.MAIL_PROVIDER === 'outbox')) {
    app.log.warn('the outbox provider delivers no SMS or e-mail: configure SMS_PROVIDER=http and MAIL_PROVIDER=smtp');
  }
  const health = createHealthService({ database });
  // Uploaded files (pictures, invoices, earnings files): DATA_DIR/uploads, or S3 when S3_BUCKET is set.
  const storage = deps.storage ?? createStorageFromEnv(env).storage;
  if (ownDatabase) await cleanUpAfterCrashes(app, { db, storage, clock, kind: database.kind });
  const settings = createSettingsService({ db, clock, storage });
  // Wrong passwords, at sign-in and when re-entered to confirm a change, counted by account and address (docs/decisions/015).
  const throttle = createPasswordThrottle({ db, clock, appSecret: env.APP_SECRET });
  const otp = createOtpService({ db, clock, appSecret: env.APP_SECRET, sms: messaging, publicUrl: env.PUBLIC_URL, log: app.log });
  const profile = createProfileService({ db, clock, storage, publicUrl: env.PUBLIC_URL, otp, throttle, messaging, log: app.log });
  const bank = createBankService({ db, clock });
  const sessions = createSessionsService({ db, clock, throttle, otp });
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
  const forecasts = createForecastsService({ db, clock });
  const dailyBrief = createDailyBrief({ db, clock, forecasts, messaging, publicUrl: env.PUBLIC_URL, log: app.log });
  const briefs = createAfterImports({ brief: dailyBrief, forecasts, delaySeconds: env.BRIEF_DELAY_SECONDS, log: app.log });
  app.addHook('onClose', () => briefs.stop());
  const creatorsAdmin = createCreatorsAdminService({ db, clock, forecasts });
  const activity = createActivityService({ db });
  const notifications = createNotificationsService({ db, clock });
  const databaseExports = createExportsService({ db, clock });
  const uploads = createUploadsService({ db, clock, storage, log: app.log, afterCommit: () => briefs.schedule() });
  const dashboard = createDashboardService({ db, clock });
  const earnings = createEarningsService({ db, clock, readCache });
  const payments = createPaymentsService({ db, clock });
  const payoutBatch = createPayoutBatchService({ db, clock });
  const deductions = createDeductionsService({ db, clock });
  const invoices = createInvoicesService({ db, clock, storage });
  const authenticate = createAuthenticate((token) => auth.resolveSession(token));
  return {
    health,
    settings,
    otp,
    profile,
    bank,
    sessions,
    agency,
    members,
    auth,
    accounts,
    applications,
    membersAdmin,
    creatorsAdmin,
    forecasts,
    briefs,
    activity,
    notifications,
    databaseExports,
    uploads,
    dashboard,
    earnings,
    payments,
    payoutBatch,
    deductions,
    invoices,
    authenticate,
  };
}
