import multipart from '@fastify/multipart';
import { INVOICE_MAX_BYTES, idParamSchema, invoiceStateSchema } from '@agency/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { InvoiceDownload, InvoicesService, UploadedInvoice } from './invoices.service.ts';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/**
 * The multipart field `file`, at most INVOICE_MAX_BYTES: the parser stops at the limit, so a
 * larger upload is never held in memory. Too large: 413 FILE_TOO_LARGE; empty: 415
 * FILE_TYPE_INVALID; no file part: 400 INVOICE_UPLOAD_FAILED.
 */
async function readInvoiceUpload(request: FastifyRequest): Promise<UploadedInvoice> {
  let part;
  try {
    part = await request.file({ limits: { fileSize: INVOICE_MAX_BYTES, files: 1, fields: 5 } });
  } catch (error) {
    if (errorCode(error) === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw error;
  }
  if (!part || part.fieldname !== 'file') throw new AppError('INVOICE_UPLOAD_FAILED');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', { details: [{ path: 'file', message: `At most ${INVOICE_MAX_BYTES} bytes` }] });
    }
    throw error;
  }
  if (data.length === 0) throw new AppError('FILE_TYPE_INVALID');
  return { data, filename: part.filename ?? '', mimeType: part.mimetype ?? '' };
}

/** A download, never shown inline: an uploaded file could be anything a browser might run. */
function sendInvoice(reply: FastifyReply, invoice: InvoiceDownload): FastifyReply {
  return reply
    .header('content-type', invoice.contentType)
    .header('content-disposition', `attachment; filename="${invoice.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(invoice.data);
}

const params = idParamSchema;

/** Inside the member scope (`/api/me`): the member's own payments only; others answer 404. */
export const invoicesSelfRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (app, { invoices }) => {
  await app.register(multipart, { limits: { fileSize: INVOICE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get(
    '/payments/:id/invoice',
    {
      preHandler: requirePermission('payments:read:own'),
      schema: {
        tags: ['me'],
        summary: 'Download the invoice of an own payment: the custom upload, or the generated PDF in the member’s language',
        params,
      },
    },
    async (request, reply) => sendInvoice(reply, await invoices.getInvoice(currentUser(request), request.params.id, 'own')),
  );

  app.get(
    '/payments/:id/invoice/state',
    {
      preHandler: requirePermission('payments:read:own'),
      schema: {
        tags: ['me'],
        summary: 'The invoice choice of an own payment: preference, number, the custom file in use and every upload',
        params,
        response: { 200: dataEnvelope(invoiceStateSchema) },
      },
    },
    async (request) => ok(await invoices.getInvoiceState(currentUser(request), request.params.id, 'own')),
  );

  app.put(
    '/payments/:id/invoice',
    {
      preHandler: requirePermission('invoices:manage:own'),
      schema: {
        tags: ['me'],
        summary: 'Upload a custom invoice (multipart `file`: PDF, PNG or JPEG by content, at most 5 MB) and use it',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: messageEnvelope(invoiceStateSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Ownership and status first: a stranger's upload is not even read.
      await invoices.assertCanChange(user, request.params.id);
      const upload = await readInvoiceUpload(request);
      return okWithMessage('INVOICE_CUSTOM_SET', await invoices.uploadCustomInvoice(user, request.params.id, upload, { ip: request.ip }));
    },
  );

  app.delete(
    '/payments/:id/invoice',
    {
      preHandler: requirePermission('invoices:manage:own'),
      schema: {
        tags: ['me'],
        summary: 'Switch back to the generated invoice (uploads stay in the history)',
        params,
        response: { 200: messageEnvelope(invoiceStateSchema) },
      },
    },
    async (request) =>
      okWithMessage('INVOICE_DEFAULT_SET', await invoices.useDefaultInvoice(currentUser(request), request.params.id, { ip: request.ip })),
  );
};

/** Inside the admin scope (`/api/admin`): any payment's invoice. */
export const invoicesAdminRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (app, { invoices }) => {
  app.get(
    '/payments/:id/invoice',
    {
      preHandler: requirePermission('invoices:read:any'),
      schema: { tags: ['admin: payments'], summary: 'Download the invoice of any payment (custom upload or generated PDF)', params },
    },
    async (request, reply) => sendInvoice(reply, await invoices.getInvoice(currentUser(request), request.params.id, 'any')),
  );
};
