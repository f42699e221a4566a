import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  ERRORS,
  idParamSchema,
  listResponseSchema,
  UPLOAD_MAX_BYTES,
  uploadFieldsSchema,
  uploadHistoryItemSchema,
  uploadListQuerySchema,
  uploadReportSchema,
} from '@agency/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { attachmentDisposition } from '../../lib/uploads.ts';
import { dataEnvelope, errorEnvelope, messageEnvelope, ok, okWithMessage } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requirePermission } from '../../plugins/permissions.ts';
import type { UploadsService } from './uploads.service.ts';

const TAGS = ['admin: uploads'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 4_096 };

/** A refused file: the usual error envelope, the row problems as `details`, the whole report as `data`. */
const refusedEnvelope = errorEnvelope.extend({ data: uploadReportSchema.optional() });

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

interface UploadForm {
  file: { name: string; data: Buffer } | null;
  fields: Record<string, string>;
}

/** The whole form; the file is buffered (at most UPLOAD_MAX_BYTES) because a zip is read from its end. */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { file: null, fields: {} };
  if (!request.headers['content-type']) throw new AppError('FILE_AND_DATE_REQUIRED');
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', { details: [{ path: part.fieldname, message: 'Unknown field' }] });
        form.file = { name: part.filename, data };
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('UPLOAD_TOO_LARGE', { details: [{ path: 'file', message: `At most ${UPLOAD_MAX_BYTES} bytes` }] });
    }
    throw error;
  }
  return form;
}

/** Inside the admin scope (`/api/admin`): the backstage export upload (docs/product.md §6). */
export const uploadsAdminRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.post(
    '/uploads',
    {
      preHandler: requirePermission('uploads:write:any'),
      schema: {
        tags: TAGS,
        summary: "Import a LIVE Backstage export (multipart: file, asOf, dryRun, createUnknown, period, missing, acceptWindow, mapping)",
        description:
          "Writes the file's month (its Data period's, else the as-of date's) in one transaction. A dry run answers 200 with the report " +
          '(how the file was read, the questions to answer, the changes) and writes nothing. A file with any error answers 422 UPLOAD_INVALID ' +
          '(400/413/415 for a file that cannot be read), a commit with open questions 422 UPLOAD_NEEDS_ANSWERS, with the report in `data`; nothing is written.',
        consumes: ['multipart/form-data'],
        response: {
          200: dataEnvelope(uploadReportSchema),
          201: messageEnvelope(uploadReportSchema),
          400: refusedEnvelope,
          413: refusedEnvelope,
          415: refusedEnvelope,
          422: refusedEnvelope,
        },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request);
      if (!form.file || (form.file.data.length === 0 && !form.file.name) || !form.fields.asOf) throw new AppError('FILE_AND_DATE_REQUIRED');
      const fields = uploadFieldsSchema.safeParse(form.fields);
      if (!fields.success) {
        throw new AppError('VALIDATION_FAILED', { details: fields.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) });
      }
      const user = currentUser(request);
      const outcome = await uploads.importFile(
        { id: user.id, ip: request.ip },
        { fileName: form.file.name, data: form.file.data, ...fields.data },
      );
      if (!outcome.ok) {
        const { status, message } = ERRORS[outcome.code];
        const details = outcome.report.errors.map((error) => ({ path: error.column ?? '', message: error.code, row: error.row, params: error.params }));
        return reply.code(status as 400 | 413 | 415 | 422).send({ error: true, code: outcome.code, message, details, data: outcome.report });
      }
      if (outcome.report.dryRun) return reply.code(200).send(ok(outcome.report));
      return reply.code(201).send(okWithMessage('FILE_UPLOADED', outcome.report));
    },
  );

  app.get(
    '/uploads',
    {
      preHandler: requirePermission('uploads:write:any'),
      schema: {
        tags: TAGS,
        summary: 'Upload history, newest first',
        querystring: uploadListQuerySchema,
        response: { 200: dataEnvelope(listResponseSchema(uploadHistoryItemSchema)) },
      },
    },
    async (request) => ok(await uploads.listUploads(request.query)),
  );

  app.get(
    '/uploads/:id/file',
    {
      preHandler: requirePermission('uploads:write:any'),
      schema: {
        tags: TAGS,
        summary: 'The original file of a committed import, as an attachment under its uploaded name (404 for imports that kept none)',
        params: idParamSchema,
        produces: [XLSX_TYPE, 'text/csv'],
      },
    },
    async (request, reply) => {
      const file = await uploads.readUploadFile(request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  app.get(
    '/uploads/sample.xlsx',
    {
      preHandler: requirePermission('uploads:write:any'),
      schema: { tags: TAGS, summary: "Sample file: the active creators with this month's figures, backstage-style", produces: [XLSX_TYPE] },
    },
    async (request, reply) => {
      const stream = new PassThrough();
      uploads.writeSample(stream).catch((error: unknown) => {
        request.log.error({ err: error }, 'sample.xlsx failed while streaming');
        stream.destroy(error as Error);
      });
      const date = uploads.now().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="creator-data-sample-${date}.xlsx"`)
        .header('cache-control', 'no-store')
        .type(XLSX_TYPE)
        .send(stream);
    },
  );
};
