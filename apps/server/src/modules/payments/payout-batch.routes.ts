import { paymentBatchResultSchema, paymentBatchSchema, PAYOUT_BATCH_MAX, transferListRequestSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, messageEnvelope, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { PayoutBatchService } from './payout-batch.service.ts';

const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** Inside the admin scope (`/api/admin`): paying approved payments in a batch (issue 17). */
export const payoutBatchAdminRoutes: FastifyPluginAsyncZod<{ payoutBatch: PayoutBatchService }> = async (app, { payoutBatch }) => {
  app.post(
    '/payments/transfer-list',
    {
      preHandler: requirePermission('payments:review:any'),
      schema: {
        tags: ['admin: payments'],
        summary: `Transfer list for the bank (.xlsx or .csv: account holder, IBAN, bank, amount, reference) of 1 to ${PAYOUT_BATCH_MAX} approved payments with verified bank details; anything else refuses the whole list`,
        body: transferListRequestSchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await payoutBatch.transferList(request.body, { id: user.id, ip: request.ip });
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .type(file.contentType)
        .send(file.body);
    },
  );

  app.post(
    '/payments/paid',
    {
      preHandler: requirePermission('payments:review:any'),
      schema: {
        tags: ['admin: payments'],
        summary: `Mark 1 to ${PAYOUT_BATCH_MAX} approved payments Paid at once (transfers done): all or none, each logged and notified like a single one`,
        body: paymentBatchSchema,
        response: { 200: messageEnvelope(paymentBatchResultSchema), ...errors },
      },
    },
    async (request) => okWithMessage('PAYMENTS_PAID', await payoutBatch.markPaid(request.body.ids, { id: currentUser(request).id, ip: request.ip })),
  );
};
