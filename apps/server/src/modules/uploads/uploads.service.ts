/**
 * The uploads service: the import of a file (the dry run here, the commit in uploads.commit.ts),
 * the upload history, the original files and the sample file.
 */
import { Writable } from 'node:stream';
import { periodOfIsoDate, type UploadHistoryItem, type UploadListQuery } from '@agency/shared';
import { AppError } from '../../lib/app-error.ts';
import { collectGarbageSoon } from '../../lib/collect-garbage.ts';
import { contentTypeOfKey } from '../../lib/storage/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { readCreatorsAndMonth } from './import-reads.repository.ts';
import { writeSampleWorkbook } from './sample-workbook.ts';
import { monthOfUpload } from './upload-month.ts';
import { fileErrorReport, planUpload } from './upload-plan.ts';
import { answersOf, invalidPeriodError, readUploadedFile, type UploadInput, type UploadOutcome, type UploadsDeps } from './upload-request.ts';
import { commitUpload } from './uploads.commit.ts';
import { findUploadRow, listSampleRows, listUploadRows, readColumnMappings } from './uploads.repository.ts';

export function createUploadsService(deps: UploadsDeps) {
  const { db, clock, storage } = deps;

  return {
    /**
     * The pipeline: read the file, find its month, plan against that month, and (unless a dry
     * run, and only without errors or open questions) write the plan in one transaction. Nothing
     * is written for a dry run or a refused file.
     */
    async importFile(actor: Actor, input: UploadInput): Promise<UploadOutcome> {
      try {
        // The month the figures most likely go to: the admin's answer, else the as-of date's.
        const guess = input.period ?? periodOfIsoDate(input.asOf);
        if (!input.dryRun) return await commitUpload(deps, actor, input, guess);
        const remembered = await readColumnMappings(db);
        const context = readCreatorsAndMonth(db, guess);
        context.catch(() => undefined);
        const readResult = await readUploadedFile(input, remembered);
        if (!readResult.ok) return { ok: false, code: readResult.code, report: fileErrorReport({ period: guess, asOf: input.asOf, dryRun: true, code: readResult.code }) };
        const { read } = readResult;
        const month = monthOfUpload(read.file, input.asOf, answersOf(input));
        if (month.invalidPeriod) throw invalidPeriodError();
        const { creators, stored } = month.period === guess ? await context : await readCreatorsAndMonth(db, month.period);
        const { report } = planUpload({ read, asOf: input.asOf, answers: answersOf(input), now: clock.now(), dryRun: true, creators, before: stored });
        if (report.errors.length > 0) return { ok: false, code: 'UPLOAD_INVALID', report };
        return { ok: true, report };
      } finally {
        // The parsed file, the month's rows and the plan are garbage now (lib/collect-garbage.ts).
        collectGarbageSoon();
      }
    },

    async listUploads(query: UploadListQuery): Promise<{ items: UploadHistoryItem[]; total: number; page: number; pageSize: number }> {
      const { rows, total } = await listUploadRows(db, { period: query.period }, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return {
        items: rows.map(({ upload, firstName, lastName }) => ({
          id: upload.id,
          fileName: upload.fileName,
          period: upload.period,
          asOf: upload.asOf,
          rows: upload.rows,
          imported: upload.imported,
          created: upload.created,
          skipped: upload.skipped,
          missing: upload.missing,
          sizeBytes: upload.sizeBytes,
          hasFile: upload.fileKey !== null,
          uploadedBy: upload.uploadedBy && firstName !== null ? { uid: upload.uploadedBy, firstName, lastName: lastName ?? '' } : null,
          createdAt: upload.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The original file of a committed import; 404 when the import kept none or it is gone. */
    async readUploadFile(uploadId: string): Promise<{ fileName: string; contentType: string; data: Buffer }> {
      const row = await findUploadRow(db, uploadId);
      if (!row?.fileKey) throw new AppError('NOT_FOUND');
      const data = await storage.get(row.fileKey);
      if (!data) throw new AppError('NOT_FOUND');
      return { fileName: row.fileName, contentType: contentTypeOfKey(row.fileKey), data };
    },

    /** The admin's template: this month's figures of the active creators, as the backstage exports them. */
    async writeSample(stream: Writable): Promise<void> {
      const now = clock.now();
      const isoDate = now.toISOString().slice(0, 10);
      const period = periodOfIsoDate(isoDate);
      await writeSampleWorkbook(stream, { now, period, rows: await listSampleRows(db, period) });
    },

    now: () => clock.now(),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
