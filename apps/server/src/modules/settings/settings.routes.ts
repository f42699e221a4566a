import multipart from '@fastify/multipart';
import { LOGO_MAX_BYTES, adminSettingsSchema, adminSettingsUpdateSchema, publicSettingsSchema } from '@agency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { readUploadedFile, sendImage } from '../../lib/uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { InvoiceImageKind, SettingsService } from './settings.service.ts';

/** `GET /api/settings/public` and `GET /api/settings/logo`: no sign-in needed. */
export const publicSettingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Agency details shown on public pages',
        response: { 200: dataEnvelope(publicSettingsSchema) },
      },
    },
    async () => ok(await settings.getPublicSettings()),
  );

  app.get(
    '/settings/logo',
    { schema: { tags: ['settings'], summary: 'The agency logo (PNG or JPEG); 404 when none was uploaded' } },
    async (_request, reply) => sendImage(reply, await settings.readLogo(), 'public'),
  );
};

/** Inside the admin scope (`/api/admin`). */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/settings',
    {
      preHandler: requirePermission('settings:read:any'),
      schema: { tags: ['admin: settings'], summary: 'Agency settings, commission tiers and diamond value', response: { 200: dataEnvelope(adminSettingsSchema) } },
    },
    async () => ok(await settings.getAdminSettings()),
  );

  app.put(
    '/settings',
    {
      preHandler: requirePermission('settings:write:any'),
      schema: {
        tags: ['admin: settings'],
        summary: 'Change any of the settings (only the fields sent)',
        body: adminSettingsUpdateSchema,
        response: { 200: messageEnvelope(adminSettingsSchema) },
      },
    },
    async (request) => {
      const updated = await settings.updateSettings(currentUser(request), request.body, { ip: request.ip });
      const onlyTiers = Object.keys(request.body).every((key) => key === 'commissionTiers' || key === 'diamondValueMicros');
      return okWithMessage(onlyTiers && Object.keys(request.body).length > 0 ? 'COMMISSION_SAVED' : 'DETAILS_UPDATED', updated);
    },
  );

  app.put(
    '/settings/logo',
    {
      preHandler: requirePermission('settings:write:any'),
      schema: {
        tags: ['admin: settings'],
        summary: 'Upload the agency logo (multipart `file`: PNG or JPEG, at most 1 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: messageEnvelope(adminSettingsSchema) },
      },
    },
    async (request) => {
      const upload = await readUploadedFile(request, LOGO_MAX_BYTES);
      return okWithMessage('DETAILS_UPDATED', await settings.updateLogo(currentUser(request), upload, { ip: request.ip }));
    },
  );

  // Stamp and signature printed on generated invoices (`/app/accounts/stamp`, `/app/accounts/eSignature`).
  for (const kind of ['stamp', 'signature'] as const satisfies readonly InvoiceImageKind[]) {
    app.get(
      `/settings/${kind}`,
      {
        preHandler: requirePermission('settings:read:any'),
        schema: { tags: ['admin: settings'], summary: `The invoice ${kind} image (PNG or JPEG); 404 when none was uploaded` },
      },
      async (_request, reply) => sendImage(reply, await settings.readInvoiceImage(kind), 'private'),
    );

    app.put(
      `/settings/${kind}`,
      {
        preHandler: requirePermission('settings:write:any'),
        schema: {
          tags: ['admin: settings'],
          summary: `Upload the invoice ${kind} (multipart \`file\`: PNG or JPEG, at most 1 MB; stored at most 600x600)`,
          consumes: ['multipart/form-data'],
          response: { 200: messageEnvelope(adminSettingsSchema) },
        },
      },
      async (request) => {
        const upload = await readUploadedFile(request, LOGO_MAX_BYTES);
        return okWithMessage('DETAILS_UPDATED', await settings.updateInvoiceImage(kind, currentUser(request), upload, { ip: request.ip }));
      },
    );

    app.delete(
      `/settings/${kind}`,
      {
        preHandler: requirePermission('settings:write:any'),
        schema: { tags: ['admin: settings'], summary: `Remove the invoice ${kind}`, response: { 200: messageEnvelope(adminSettingsSchema) } },
      },
      async (request) => okWithMessage('DETAILS_UPDATED', await settings.deleteInvoiceImage(kind, currentUser(request), { ip: request.ip })),
    );
  }
};
