// The routes of the app: the public API, the member and admin scopes, and the web app with its 404s (buildApp in app.ts).
import type { FastifyInstance } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { AppServices } from './app-services.ts';
import { activityAdminRoutes } from './modules/activity/activity.routes.ts';
import { applicationAdminRoutes, applicationPublicRoutes } from './modules/applications/applications.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { creatorAdminRoutes } from './modules/creators/creators.routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard.routes.ts';
import { forecastsAdminRoutes, forecastsSelfRoutes } from './modules/forecasts/index.ts';
import { deductionsAdminRoutes, deductionsSelfRoutes } from './modules/deductions/deductions.routes.ts';
import { earningsSelfRoutes } from './modules/earnings/earnings.routes.ts';
import { exportsAdminRoutes } from './modules/exports/exports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicesAdminRoutes, invoicesSelfRoutes } from './modules/invoices/invoices.routes.ts';
import { memberAdminRoutes } from './modules/members/members.routes.ts';
import { devOutboxRoutes } from './modules/messaging/messaging.routes.ts';
import { agencyAdminRoutes } from './modules/agency/agency.routes.ts';
import { bankSelfRoutes } from './modules/bank/bank.routes.ts';
import { notificationsAdminRoutes, notificationsSelfRoutes } from './modules/notifications/notifications.routes.ts';
import { paymentsAdminRoutes, paymentsSelfRoutes } from './modules/payments/payments.routes.ts';
import { payoutBatchAdminRoutes } from './modules/payments/payout-batch.routes.ts';
import { profileAdminRoutes, profileSelfRoutes } from './modules/profile/profile.routes.ts';
import { sessionsAdminRoutes, sessionsSelfRoutes } from './modules/sessions/sessions.routes.ts';
import { publicSettingsRoutes, settingsAdminRoutes } from './modules/settings/settings.routes.ts';
import { uploadsAdminRoutes } from './modules/uploads/uploads.routes.ts';
import { documentTokenSecurity } from './plugins/auth.ts';
import { requireRole } from './plugins/permissions.ts';
import type { RateLimitOptions } from './plugins/rate-limit.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { createSharePageHead } from './modules/sharing/share-page-head.ts';

interface RouteDeps {
  env: Env;
  db: Database;
  clock: Clock;
  rateLimits: RateLimitOptions;
  services: AppServices;
}

export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { env, db, clock, rateLimits } = deps;
  const { health, settings, auth, accounts, otp, members, authenticate, applications, profile, bank, sessions, notifications, earnings, invoices, payments, deductions } =
    deps.services;
  const { membersAdmin, creatorsAdmin, agency, activity, databaseExports, uploads, dashboard, payoutBatch, forecasts } = deps.services;

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
      await scope.register(forecastsSelfRoutes, { forecasts });
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
      await scope.register(forecastsAdminRoutes, { forecasts });
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
}
