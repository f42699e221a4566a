import {
  autoRunResultSchema,
  idParamSchema,
  listResponseSchema,
  paymentListQuerySchema,
  paymentReasonSchema,
  paymentRequestSchema,
  paymentSchema,
  payoutRunSchema,
} from '@agency/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import { payoutPeriodAt } from '../ledger/index.ts';
import { runAutomaticPayments } from './auto-run.ts';
import { latestPayoutRuns } from './payout-runs.ts';
import type { AdminPaymentAction, PaymentsService } from './payments.service.ts';

const ownListQuerySchema = paymentListQuerySchema.omit({ memberId: true, q: true });
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** Inside the member scope (`/api/me`): the signed-in member's own payments only. */
export const paymentsSelfRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.get(
    '/payments',
    {
      preHandler: requirePermission('payments:read:own'),
      schema: { tags: ['me'], summary: 'Own payments, newest first', querystring: ownListQuerySchema, response: { 200: dataEnvelope(listResponseSchema(paymentSchema)) } },
    },
    async (request) => ok(await payments.listOwn(currentUser(request).id, request.query)),
  );

  app.post(
    '/payments',
    {
      preHandler: requirePermission('payments:create:own'),
      schema: {
        tags: ['me'],
        summary: 'Request a payment: at least $50 and at most the available balance; consumes the open deductions',
        body: paymentRequestSchema,
        response: { 201: messageEnvelope(paymentSchema), 400: errorEnvelope },
      },
    },
    async (request, reply) =>
      reply.code(201).send(okWithMessage('PAYMENT_REQUEST_SENT', await payments.request(currentUser(request).id, request.body, request.ip))),
  );

  app.post(
    '/payments/:id/cancel',
    {
      preHandler: requirePermission('payments:cancel:own'),
      schema: {
        tags: ['me'],
        summary: 'Cancel an own Pending request (becomes Rejected with the reason)',
        params: idParamSchema,
        body: paymentReasonSchema,
        response: { 200: messageEnvelope(paymentSchema), ...errors },
      },
    },
    async (request) =>
      okWithMessage('PAYMENT_CANCELLED', await payments.cancelOwn(currentUser(request).id, request.params.id, request.body.reason, request.ip)),
  );
};

const REVIEW_MESSAGES = { approve: 'PAYMENT_APPROVED', reject: 'PAYMENT_REJECTED', paid: 'PAYMENT_PAID', unpaid: 'PAYMENT_UNPAID' } as const;

/** Inside the admin scope (`/api/admin`). */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; db: Database; clock: Clock }> = async (
  app,
  { payments, db, clock },
) => {
  const actorOf = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });

  app.get(
    '/payments',
    {
      preHandler: requirePermission('payments:read:any'),
      schema: {
        tags: ['admin: payments'],
        summary: 'Payments with the member names, filtered by status, kind, member or name, newest first',
        querystring: paymentListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(paymentSchema)) },
      },
    },
    async (request) => ok(await payments.list(request.query)),
  );

  app.get(
    '/payments/runs',
    {
      preHandler: requirePermission('payments:read:any'),
      schema: {
        tags: ['admin: payments'],
        summary: 'The latest automatic runs, newest first: running, finished or interrupted (a run whose process died), with their counts',
        response: { 200: dataEnvelope(z.array(payoutRunSchema)) },
      },
    },
    async () => ok(await latestPayoutRuns(db, clock.now())),
  );

  app.post(
    '/payments/auto-run',
    {
      preHandler: requirePermission('payments:run:any'),
      schema: {
        tags: ['admin: payments'],
        summary: 'Process all automatic payments now (idempotent per member and month)',
        response: { 200: messageEnvelope(autoRunResultSchema), 500: errorEnvelope },
      },
    },
    async (request) => {
      try {
        const now = clock.now();
        const result = await runAutomaticPayments(db, { period: await payoutPeriodAt(db, now), trigger: 'admin', actorId: currentUser(request).id, now });
        return okWithMessage('AUTO_RUN_DONE', result);
      } catch (error) {
        if (isAppError(error)) throw error;
        request.log.error({ err: error }, 'automatic payments failed');
        throw new AppError('AUTO_PAYMENTS_FAILED');
      }
    },
  );

  for (const action of ['approve', 'paid'] as const satisfies readonly AdminPaymentAction[]) {
    app.post(
      `/payments/:id/${action}`,
      {
        preHandler: requirePermission('payments:review:any'),
        schema: { tags: ['admin: payments'], summary: `Mark a payment ${action === 'approve' ? 'Approved' : 'Paid'}`, params: idParamSchema, response: { 200: messageEnvelope(paymentSchema), ...errors } },
      },
      async (request) => okWithMessage(REVIEW_MESSAGES[action], await payments.review(request.params.id, action, actorOf(request))),
    );
  }

  for (const action of ['reject', 'unpaid'] as const satisfies readonly AdminPaymentAction[]) {
    app.post(
      `/payments/:id/${action}`,
      {
        preHandler: requirePermission('payments:review:any'),
        schema: {
          tags: ['admin: payments'],
          summary: action === 'reject' ? 'Reject a payment (reason of at least 10 characters)' : 'Mark an approved payment Unpaid (transfer failed; reason)',
          params: idParamSchema,
          body: paymentReasonSchema,
          response: { 200: messageEnvelope(paymentSchema), ...errors },
        },
      },
      async (request) => okWithMessage(REVIEW_MESSAGES[action], await payments.review(request.params.id, action, actorOf(request), request.body.reason)),
    );
  }
};
