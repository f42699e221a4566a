import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  periodOfIsoDate,
  type UploadHistoryItem,
  type UploadListQuery,
  type UploadReport,
} from '@agency/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { collectGarbageSoon } from '../../lib/collect-garbage.ts';
import { contentTypeOfKey, createStorageKey, type FileStorage } from '../../lib/storage/index.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { endOfIsoDate, recomputeMemberMonths } from '../earnings/earnings.engine.ts';
import { notifySystemEach } from '../notifications/notifications.repository.ts';
import { parseBackstageFile, type BackstageParseResult, type BackstageRow } from './backstage-parser.ts';
import { writeSampleWorkbook } from './sample-workbook.ts';
import { UploadFileError, type UploadFileErrorCode } from './upload-file-error.ts';
import { fileErrorReport, planUpload, type PlannedRow, type UploadPlan } from './upload-plan.ts';
import { MonthWriter } from './month-writer.ts';
import {
  beginMonthRowWrites,
  endMonthRowWrites,
  findUploadRow,
  insertUploadCreators,
  insertUploadRow,
  listSampleRows,
  listUploadRows,
  lockMonthRows,
  readCreatorsAndMonth,
  refreshMonthStatistics,
  vacuumImportTables,
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
  /** Where a failed clean-up after a committed import is reported (the import itself stands). */
  log?: { warn(object: Record<string, unknown>, message: string): void };
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

/** Thrown inside the commit's transaction to roll it back and answer with the refusal. */
class Refusal extends Error {
  constructor(readonly outcome: UploadOutcome & { ok: false }) {
    super('upload refused');
  }
}

export function createUploadsService(deps: UploadsDeps) {
  const { db, clock, storage } = deps;

  /**
   * Parses the file and plans the import. Its own function so that the parsed file, the creators
   * and the month's figures can be collected once the plan exists (locals of an async function
   * stay alive until it returns, and the commit takes seconds). Its effect on the peak RSS was not
   * measurable apart on the busy bench machine.
   */
  async function readAndPlan(input: UploadInput, period: string): Promise<{ ok: true; plan: UploadPlan } | { ok: false; code: UploadFileErrorCode; report: UploadReport }> {
    // The month's figures and the creators do not depend on the file: read them while it is
    // parsed (PostgreSQL works in parallel; on PGlite this only saves nothing).
    const context = readCreatorsAndMonth(db, period);
    context.catch(() => undefined);
    let parsed;
    try {
      parsed = await parseBackstageFile(input.data);
    } catch (error) {
      if (!(error instanceof UploadFileError)) throw error;
      return { ok: false, code: error.code, report: fileErrorReport({ period, asOf: input.asOf, dryRun: input.dryRun, message: error.message }) };
    }
    const { creators, stored: before } = await context;
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
    return { ok: true, plan };
  }

  /**
   * Parses and commits in one transaction, the month locked against other writers first. The file
   * is parsed while the transaction starts and reads the creators and the month's rows (under the
   * lock, so what the commit compares with cannot change under it); each row is handed to the
   * MonthWriter as soon as it is read, which writes the difference in batches on the transaction's
   * connection while parsing goes on (on PostgreSQL the database works while Node parses). A file
   * with any error, or one that cannot be read, rolls everything back and answers as the check
   * would (the report is planned against the rows read under the lock). The month always ends as
   * exactly the file's rows; an unchanged row keeps the upload id and time of the upload that last
   * changed it.
   */
  async function commitFile(actor: Actor, input: UploadInput, period: string): Promise<UploadOutcome> {
    const now = clock.now();
    const uploadId = randomUUID();
    const context = { period, asOfEnd: endOfIsoDate(input.asOf), now };
    let writer: MonthWriter | null = null;
    const early: BackstageRow[] = [];
    let parsing: Promise<BackstageParseResult> | null = parseBackstageFile(input.data, { onRow: (row) => (writer ? writer.add(row) : early.push(row)) });
    parsing.catch(() => undefined);
    let fileKey: string | null = null;
    /**
     * Everything up to the month's rows being written, in its own function so that the creators,
     * the stored rows and the parsed file can be collected when it returns (locals of an async
     * function stay alive until it returns; the rest of the commit does not need them).
     */
    const writeMonth = async (tx: Transaction): Promise<{ plan: UploadPlan; sha256: string; key: string; storedRows: number }> => {
      await lockMonthRows(tx);
      await beginMonthRowWrites(tx);
      const { creators, stored } = await readCreatorsAndMonth(tx, period);
      const monthWriter = new MonthWriter({ tx, context, uploadId, at: now, creators, stored, batchSize: deps.monthInsertBatch, failAfterInsertedRows: deps.failAfterInsertedRows });
      for (const row of early) monthWriter.add(row);
      early.length = 0;
      writer = monthWriter;
      let parsed: BackstageParseResult;
      try {
        parsed = await parsing!;
        parsing = null;
      } catch (error) {
        await monthWriter.settle();
        if (!(error instanceof UploadFileError)) throw error;
        throw new Refusal({ ok: false, code: error.code, report: fileErrorReport({ period, asOf: input.asOf, dryRun: false, message: error.message }) });
      }
      const plan = planUpload({ parsed, period, asOf: input.asOf, asOfEnd: context.asOfEnd, now, dryRun: false, createUnknown: input.createUnknown, creators, before: stored, planned: monthWriter.rows });
      if (plan.report.errors.length > 0) {
        await monthWriter.settle();
        throw new Refusal({ ok: false, code: 'UPLOAD_INVALID', report: plan.report });
      }
      // The file is kept before the import can commit: if it cannot be stored (a full disk
      // answers STORAGE_FULL) nothing is imported; if the import fails it is removed again.
      const sha256 = createHash('sha256').update(input.data).digest('hex');
      const key = createStorageKey('uploads', parsed.format);
      await storage.put(key, input.data);
      fileKey = key;
      if (plan.toCreate.length > 0) {
        // The creators made from unknown usernames, and their rows (the plan's own objects).
        const created = await insertUploadCreators(tx, plan.toCreate, now);
        for (const row of plan.rows) {
          if (row.creatorId !== null) continue;
          row.creatorId = created.get(row.tiktokUsername)!;
          monthWriter.addRow(row as PlannedRow & { creatorId: string });
        }
      }
      await monthWriter.finish();
      writer = null;
      return { plan, sha256, key, storedRows: stored.length };
    };
    let outcome: UploadOutcome;
    try {
      outcome = await db.transaction(async (tx) => {
        const { plan, sha256, key, storedRows } = await writeMonth(tx);
        await refreshMonthStatistics(tx, storedRows, plan.report.imported);
        await endMonthRowWrites(tx, period, uploadId);
        await recomputeMemberMonths(tx, period, now);
        const { report } = plan;
        const fileName = sanitizeFileName(input.fileName);
        await insertUploadRow(tx, {
          id: uploadId,
          uploadedBy: actor.id,
          fileName,
          sizeBytes: input.data.length,
          sha256,
          fileKey: key,
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
        return { ok: true as const, report: { ...report, uploadId } };
      });
    } catch (error) {
      if (error instanceof Refusal) return error.outcome;
      if (fileKey) await storage.delete(fileKey).catch(() => undefined);
      throw error;
    }
    // The import has committed: a failed VACUUM leaves dead rows behind, never a failed upload.
    await vacuumImportTables(db).catch((error: unknown) => deps.log?.warn({ err: error, period }, 'VACUUM after the import failed'));
    return outcome;
  }

  return {
    /**
     * Parse, compare, and (unless a dry run, and only without errors) replace the month in one
     * transaction. Nothing is written for a dry run or a refused file.
     */
    async importFile(actor: Actor, input: UploadInput): Promise<UploadOutcome> {
      try {
        const period = periodOfIsoDate(input.asOf);
        if (!input.dryRun) return await commitFile(actor, input, period);
        const planned = await readAndPlan(input, period);
        if (!planned.ok) return planned;
        const { plan } = planned;
        if (plan.report.errors.length > 0) return { ok: false, code: 'UPLOAD_INVALID', report: plan.report };
        return { ok: true, report: plan.report };
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
