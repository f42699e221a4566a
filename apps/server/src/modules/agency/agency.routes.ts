import { idParamSchema, referralCodeRotationSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageEnvelope, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { AgencyService } from './agency.service.ts';

/** Inside the admin scope (`/api/admin`). */
export const agencyAdminRoutes: FastifyPluginAsyncZod<{ agency: AgencyService }> = async (app, { agency }) => {
  app.post(
    '/members/:id/referral-code/rotate',
    {
      preHandler: requirePermission('members:write:any'),
      schema: {
        tags: ['admin: members'],
        summary: "Give a member a new referral code (the old link stops working)",
        params: idParamSchema,
        response: { 200: messageEnvelope(referralCodeRotationSchema) },
      },
    },
    async (request) =>
      okWithMessage('REFERRAL_CODE_ROTATED', await agency.rotateReferralCode(currentUser(request), request.params.id, { ip: request.ip })),
  );
};
