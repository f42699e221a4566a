import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  periodOfIsoDate,
  type UploadHistoryItem,
  type UploadListQuery,
  type UploadReport,
} from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { contentTypeOfKey, createStorageKey, type FileStorage } from '../../lib/storage/index.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { endOfIsoDate, recomputeMemberMonths } from '../earnings/earnings.engine.ts';
import { notifySystemEach } from '../notifications/notifications.repository.ts';
import { parseBackstageFile } from './backstage-parser.ts';
import { writeSampleWorkbook } from './sample-workbook.ts';
import { UploadFileError, type UploadFileErrorCode } from './upload-file-error.ts';
import { fileErrorReport, planUpload, type PlannedRow, type UploadPlan } from './upload-plan.ts';
import {
  beginMonthRowWrites,
  endMonthRowWrites,
  deleteMonth,
  deleteMonthRowsOf,
  insertUploadCreators,
  insertUploadRow,
  listCreatorsByUsername,
  listMonthFigures,
  listSampleRows,
  findUploadRow,
  listUploadRows,
  MONTH_INSERT_BATCH,
  listStoredMonthRows,
  lockMonthRows,
  refreshMonthStatistics,
  sameMonthRow,
  writeMonthRows,
} from './uploads.repository.ts';

export interface UploadInput {
  fileName: string;
  data: Buffer;
  asOf: string;
  dryRun: boolean;
  createUnknown: boolean;
}

export interface Actor {
  id: string;
  ip: string;
}

/** Either the report of a dry run or a commit, or a refusal (nothing written) with the report. */
export type UploadOutcome = { ok: true; report: UploadReport } | { ok: false; code: UploadFileErrorCode | 'UPLOAD_INVALID'; report: UploadReport };

export interface UploadsDeps {
  db: Database;
  clock: Clock;
  /** Where the original file of each committed import is kept (`uploads/<uuid>.xlsx|csv`). */
  storage: FileStorage;
  /** Tests only: abort the commit once this many month rows were inserted (proves the rollback). */
  failAfterInsertedRows?: number;
  /** Tests only: month rows per insert (default MONTH_INSERT_BATCH). */
  monthInsertBatch?: number;
}

/** A file name for the history: the last path part, printable characters only, at most 200. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim().slice(0, 200);
  return clean || 'upload';
}

const AT_RISK: readonly string[] = ['atRisk', 'failing'];

/** One notification per affiliate listing their creators who newly became at risk or failing. */
async function notifyAtRisk(tx: Executor, rows: readonly PlannedRow[], period: string, at: Date): Promise<number> {
  const byMember = new Map<string, PlannedRow[]>();
  for (const row of rows) {
    if (!row.affiliateId || !AT_RISK.includes(row.requirementState)) continue;
    if (row.previousState && AT_RISK.includes(row.previousState)) continue;
    const list = byMember.get(row.affiliateId) ?? [];
    list.push(row);
    byMember.set(row.affiliateId, list);
  }
  const items = [...byMember].map(([userId, list]) => {
    const usernames = list.map((row) => `@${row.tiktokUsername}`);
    const shown = usernames.length > 20 ? `${usernames.slice(0, 20).join(', ')} (+${usernames.length - 20})` : usernames.join(', ');
    const state = list.some((row) => row.requirementState === 'failing') ? 'failing' : 'atRisk';
    return {
      userId,
      notification: {
        template: 'creatorAtRisk',
        params: { username: shown, count: list.length, state, period },
        title: list.length === 1 ? 'A creator is behind the requirements' : `${list.length} creators are behind the requirements`,
        message: `${shown}: ${state === 'failing' ? 'cannot meet' : 'at risk of missing'} this month's requirements (12 valid days and 25 hours of LIVE).`,
      },
    };
  });
  await notifySystemEach(tx, items, at);
  return byMember.size;
}

export function createUploadsService(deps: UploadsDeps) {
  const { db, clock, storage } = deps;

  /**
   * Parses the file and plans the import. Its own function so that the parsed file, the creators
   * and the month's figures can be collected once the plan exists (locals of an async function
   * stay alive until it returns, and the commit takes seconds). Its effect on the peak RSS was not
   * measurable apart on the busy bench machine.
   */
  async function readAndPlan(input: UploadInput, period: string): Promise<{ ok: true; plan: UploadPlan; replacing: boolean; format: 'xlsx' | 'csv' } | { ok: false; code: UploadFileErrorCode; report: UploadReport }> {
    // The month's figures and the creators do not depend on the file: read them while it is
    // parsed (PostgreSQL works in parallel; on PGlite this only saves nothing).
    const context = Promise.all([listCreatorsByUsername(db), listMonthFigures(db, period)]);
    context.catch(() => undefined);
    let parsed;
    try {
      parsed = await parseBackstageFile(input.data);
    } catch (error) {
      if (!(error instanceof UploadFileError)) throw error;
      return { ok: false, code: error.code, report: fileErrorReport({ period, asOf: input.asOf, dryRun: input.dryRun, message: error.message }) };
    }
    const [creators, before] = await context;
    const plan = planUpload({
      parsed,
      period,
      asOf: input.asOf,
      asOfEnd: endOfIsoDate(input.asOf),
      now: clock.now(),
      dryRun: input.dryRun,
      createUnknown: input.createUnknown,
      creators,
      before,
    });
    return { ok: true, plan, replacing: before.length > 0, format: parsed.format };
  }

  /**
   * Writes the plan in one transaction, the month locked against other writers first.
   * `replacing`: the month had figures when the plan was read. A first import deletes the month
   * (nothing, or what was committed since) and writes every row. A re-import reads the month's rows
   * under the lock and writes only the difference: the rows of creators no longer in the file are
   * deleted, a changed row is deleted and written again, a new one written, an unchanged one left as
   * it is (its upload id and time stay those of the upload that last changed it). Either way the
   * month ends as exactly the file's rows.
   */
  async function commit(actor: Actor, input: UploadInput, plan: UploadPlan, period: string, options: { replacing: boolean; sha256: string; format: 'xlsx' | 'csv' }): Promise<string> {
    const now = clock.now();
    const uploadId = randomUUID();
    // The file first: if it cannot be stored (a full disk answers STORAGE_FULL) nothing is imported;
    // if the import fails the stored file is removed, so the history and the files always agree.
    const fileKey = createStorageKey('uploads', options.format);
    await storage.put(fileKey, input.data);
    try {
      await writeImport(actor, input, plan, period, { uploadId, fileKey, now, replacing: options.replacing, sha256: options.sha256 });
    } catch (error) {
      await storage.delete(fileKey).catch(() => undefined);
      throw error;
    }
    return uploadId;
  }

  async function writeImport(
    actor: Actor,
    input: UploadInput,
    plan: UploadPlan,
    period: string,
    { uploadId, fileKey, now, replacing, sha256 }: { uploadId: string; fileKey: string; now: Date; replacing: boolean; sha256: string },
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await lockMonthRows(tx);
      const created = plan.toCreate.length > 0 ? await insertUploadCreators(tx, plan.toCreate, now) : new Map<string, string>();
      // The ids of the creators just made, in place (the plan's rows are this import's own).
      if (created.size > 0) for (const row of plan.rows) row.creatorId ??= created.get(row.tiktokUsername)!;
      let rows = plan.rows as readonly (PlannedRow & { creatorId: string })[];
      await beginMonthRowWrites(tx);
      if (replacing) {
        const stored = await listStoredMonthRows(tx, period);
        const toWrite: (PlannedRow & { creatorId: string })[] = [];
        const toDelete: string[] = [];
        for (const row of rows) {
          const before = stored.get(row.creatorId);
          if (before) {
            stored.delete(row.creatorId);
            if (sameMonthRow(before, row)) continue;
            toDelete.push(row.creatorId);
          }
          toWrite.push(row);
        }
        for (const creatorId of stored.keys()) toDelete.push(creatorId);
        stored.clear();
        await deleteMonthRowsOf(tx, period, toDelete);
        rows = toWrite;
      } else {
        await deleteMonth(tx, period);
      }
      let inserted = 0;
      const batchSize = deps.monthInsertBatch ?? MONTH_INSERT_BATCH;
      for (let start = 0; start < rows.length; start += batchSize) {
        const end = Math.min(rows.length, start + batchSize);
        await writeMonthRows(tx, period, uploadId, now, rows, start, end);
        inserted += end - start;
        if (deps.failAfterInsertedRows !== undefined && inserted >= deps.failAfterInsertedRows) {
          throw new Error(`injected fault after ${inserted} month rows`);
        }
      }
      await endMonthRowWrites(tx, period, uploadId);
      await refreshMonthStatistics(tx);
      await recomputeMemberMonths(tx, period, now);
      const { report } = plan;
      const fileName = sanitizeFileName(input.fileName);
      await insertUploadRow(tx, {
        id: uploadId,
        uploadedBy: actor.id,
        fileName,
        sizeBytes: input.data.length,
        sha256,
        fileKey,
        period,
        asOf: input.asOf,
        rows: report.rows,
        imported: report.imported,
        created: report.created,
        skipped: report.skipped,
        missing: report.counts.missing,
        createdAt: now,
      });
      const notified = await notifyAtRisk(tx, plan.rows, period, now);
      await recordActivity(tx, {
        actorId: actor.id,
        action: 'upload.committed',
        entityType: 'upload',
        entityId: uploadId,
        after: { fileName, sha256, period, asOf: input.asOf, rows: report.rows, imported: report.imported, created: report.created, skipped: report.skipped, ...report.counts, notifiedMembers: notified },
        ip: actor.ip,
        at: now,
      });
    });
  }

  return {
    /**
     * Parse, compare, and (unless a dry run, and only without errors) replace the month in one
     * transaction. Nothing is written for a dry run or a refused file.
     */
    async importFile(actor: Actor, input: UploadInput): Promise<UploadOutcome> {
      const period = periodOfIsoDate(input.asOf);
      const planned = await readAndPlan(input, period);
      if (!planned.ok) return planned;
      const { plan, replacing } = planned;
      if (plan.report.errors.length > 0) return { ok: false, code: 'UPLOAD_INVALID', report: plan.report };
      if (input.dryRun) return { ok: true, report: plan.report };
      const sha256 = createHash('sha256').update(input.data).digest('hex');
      const uploadId = await commit(actor, input, plan, period, { replacing, sha256, format: planned.format });
      return { ok: true, report: { ...plan.report, uploadId } };
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
