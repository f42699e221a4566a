import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../plugins/permissions.ts';
import { datedFileName, type ExportsService } from './exports.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Inside the admin scope (`/api/admin`): the database download (docs/product.md §15). */
export const exportsAdminRoutes: FastifyPluginAsyncZod<{ databaseExports: ExportsService }> = async (app, { databaseExports }) => {
  app.get(
    '/export.xlsx',
    {
      preHandler: requirePermission('exports:read:any'),
      schema: {
        tags: ['admin: exports'],
        summary: 'Workbook of members, creators, monthly figures, payments and deductions (.xlsx, one sheet each)',
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const now = databaseExports.now();
      const stream = new PassThrough();
      databaseExports.writeWorkbook(stream, now).catch((error: unknown) => {
        // The status line is already sent: cutting the stream is the only way to tell the client.
        request.log.error({ err: error }, 'export.xlsx failed while streaming');
        stream.destroy(error as Error);
      });
      return reply
        .header('content-disposition', `attachment; filename="${datedFileName('export', 'xlsx', now)}"`)
        .header('cache-control', 'no-store')
        .type(XLSX_TYPE)
        .send(stream);
    },
  );

  app.get(
    '/backup',
    {
      preHandler: requirePermission('exports:read:any'),
      schema: {
        tags: ['admin: exports'],
        summary: 'Full machine-readable backup of every table (JSON); restore with `npm run restore -- <file>`',
        produces: ['application/json'],
      },
    },
    async (_request, reply) => {
      const now = databaseExports.now();
      const backup = await databaseExports.createBackup(now);
      return reply
        .header('content-disposition', `attachment; filename="${datedFileName('backup', 'json', now)}"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(backup));
    },
  );
};
