import { bankDetailsInputSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageEnvelope, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { BankService } from './bank.service.ts';

/** Inside the member scope (`/api/me`). */
export const bankSelfRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (app, { bank }) => {
  app.put(
    '/bank',
    {
      preHandler: requirePermission('bank:update:own'),
      schema: {
        tags: ['me'],
        summary: 'Save own bank details (IBAN checksum; T.C. identity number for Turkish IBANs); resets the status to Not Verified',
        body: bankDetailsInputSchema,
        response: { 200: messageEnvelope(z.object({ bankStatus: z.literal('Not Verified') })) },
      },
    },
    async (request) => {
      await bank.updateOwnBankDetails(currentUser(request).id, request.body, { ip: request.ip });
      return okWithMessage('DETAILS_UPDATED', { bankStatus: 'Not Verified' as const });
    },
  );
};
