import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  periodOfIsoDate,
  type UploadHistoryItem,
  type UploadListQuery,
  type UploadFileInfo,
  type UploadMapping,
  type UploadReport,
} from '@agency/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { collectGarbageSoon } from '../../lib/collect-garbage.ts';
import { contentTypeOfKey, createStorageKey, type FileStorage } from '../../lib/storage/index.ts';
import { recordActivity } from '../activity/index.ts';
import { recomputeMemberMonths } from '../earnings/index.ts';
import { creatorAtRiskNotification } from '../notifications/index.ts';
import { notifySystemEach, readUserLocales } from '../notifications/index.ts';
import type { BackstageReadResult, BackstageRow, ReadOptions } from './backstage-parser.ts';
import { readBackstageFileInWorker } from './parse-in-worker.ts';
import { writeSampleWorkbook } from './sample-workbook.ts';
import { UploadFileError, type UploadFileErrorCode } from './upload-file-error.ts';
import { fileErrorReport, monthOfUpload, planUpload, RowPlanner, rowContextOf, type Answers, type PlannedRow, type UploadPlan } from './upload-plan.ts';
import { MonthWriter } from './month-writer.ts';
import {
  beginMonthRowWrites,
  endMonthRowWrites,
  findUploadRow,
  insertUploadRow,
  listSampleRows,
  listUploadRows,
  lockMonthRows,
  readColumnMappings,
  readCreatorsAndMonth,
  refreshMonthStatistics,
  rememberColumnMapping,
  vacuumImportTables,
} from './uploads.repository.ts';
import { personId, type Actor } from '../../lib/actor.ts';

export interface UploadInput {
  fileName: string;
  data: Buffer;
  asOf: string;
  dryRun: boolean;
  createUnknown: boolean;
  /** The admin's answers to the dry run's questions (uploadFieldsSchema). */
  period?: string | undefined;
  missing?: 'keep' | 'zero';
  acceptWindow?: boolean;
  mapping?: UploadMapping | undefined;
}

function answersOf(input: UploadInput): Answers {
  return { period: input.period, acceptWindow: input.acceptWindow ?? false, missing: input.missing ?? 'keep', createUnknown: input.createUnknown };
}


/** Either the report of a dry run or a commit, or a refusal (nothing written) with the report. */
export type UploadOutcome = { ok: true; report: UploadReport } | { ok: false; code: UploadFileErrorCode | 'UPLOAD_INVALID' | 'UPLOAD_NEEDS_ANSWERS'; report: UploadReport };

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
function sanitizeFileName(name: string): string {
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
  // The stored title and message in each affiliate's own language; the web app translates the template.
  const locales = await readUserLocales(tx, [...byMember.keys()]);
  const items = [...byMember].map(([userId, list]) => {
    const usernames = list.map((row) => `@${row.tiktokUsername}`);
    const shown = usernames.length > 20 ? `${usernames.slice(0, 20).join(', ')} (+${usernames.length - 20})` : usernames.join(', ');
    const state = list.some((row) => row.requirementState === 'failing') ? 'failing' : 'atRisk';
    return { userId, notification: creatorAtRiskNotification({ usernames: shown, count: list.length, state, period }, locales.get(userId)) };
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

function invalidPeriodError(): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path: 'period', message: "The month must be the file's Data period month or the as-of date's" }] });
}

/**
 * Text dates such as `2/3/2026` whose column cannot tell day from month are read day first: the
 * portal's six languages (and en-GB, the English date format) all write the day first.
 */
const AGENCY_DATE_ORDER = 'dmy' as const;

export function createUploadsService(deps: UploadsDeps) {
  const { db, clock, storage } = deps;

  /** Read -> recognise -> map -> parse: once per request, for the check and the import alike. */
  async function readFile(
    input: UploadInput,
    remembered: ReadonlyMap<string, UploadMapping>,
    stream: Pick<ReadOptions, 'onRow' | 'onFile'> = {},
  ): Promise<{ ok: true; read: BackstageReadResult } | { ok: false; code: UploadFileErrorCode }> {
    try {
      return { ok: true, read: await readBackstageFileInWorker(input.data, { mapping: input.mapping, remembered, localeDateOrder: AGENCY_DATE_ORDER, ...stream }) };
    } catch (error) {
      if (!(error instanceof UploadFileError)) throw error;
      return { ok: false, code: error.code };
    }
  }

  /**
   * Plans and, when the plan has no errors and no open questions, writes it in one transaction,
   * the month locked against other writers first; the creators and the month's rows the plan is
   * made against are read under the lock, so they cannot change under it. The original file is
   * stored before the commit and removed if it fails.
   */
  async function commit(actor: Actor, input: UploadInput, guess: string): Promise<UploadOutcome> {
    const now = clock.now();
    const uploadId = randomUUID();
    const answers = answersOf(input);
    let fileKey: string | null = null;
    // Read before the transaction: on PGlite a query outside an open transaction waits for its end.
    const remembered = await readColumnMappings(db);
    let read: BackstageReadResult | null = null;
    let period = guess;
    /** Up to the month's rows written, in its own function so that what it read can be collected when it returns. */
    const writePlan = async (tx: Transaction): Promise<{ plan: UploadPlan; storedRows: number; monthRowsAfter: number }> => {
      await lockMonthRows(tx);
      await beginMonthRowWrites(tx);
      // The month the file most likely is (the admin's answer, else the as-of date's), read while
      // the file is read: PostgreSQL works while Node parses.
      let contextPeriod = guess;
      let context = readCreatorsAndMonth(tx, guess);
      context.catch(() => undefined);
      // Each final row of the file is planned and written as soon as the file hands it on, once the
      // file's month is known (with its first row) and that month's figures are read.
      const stream: { planner?: RowPlanner; writer?: MonthWriter; off?: boolean; starting?: Promise<void> } = {};
      const queue: BackstageRow[] = [];
      const feed = (row: BackstageRow) => {
        const planned = stream.planner!.add(row);
        if (planned) stream.writer!.add(planned);
      };
      const onFile = (file: Pick<UploadFileInfo, 'dataPeriod' | 'figureKind'>) => {
        const month = monthOfUpload(file, input.asOf, answers);
        // A file that asks a question is refused at the end: nothing to write meanwhile.
        if (month.questions.length > 0 || month.invalidPeriod) {
          stream.off = true;
          return;
        }
        if (month.period !== contextPeriod) {
          contextPeriod = month.period;
          context = context.catch(() => undefined).then(() => readCreatorsAndMonth(tx, month.period));
          context.catch(() => undefined);
        }
        stream.starting = context.then(({ creators, stored }) => {
          stream.planner = new RowPlanner(rowContextOf(month, now), creators, stored, answers.createUnknown);
          stream.writer = new MonthWriter({ tx, period: month.period, uploadId, at: now, stored, batchSize: deps.monthInsertBatch, failAfterInsertedRows: deps.failAfterInsertedRows });
          for (const row of queue) feed(row);
          queue.length = 0;
        });
        stream.starting.catch(() => undefined);
      };
      const onRow = (row: BackstageRow) => {
        if (stream.off) return;
        if (stream.planner) feed(row);
        else queue.push(row);
      };
      const settle = async () => {
        await stream.starting?.catch(() => undefined);
        await stream.writer?.settle();
        await context.catch(() => undefined);
      };
      const readResult = await readFile(input, remembered, { onFile, onRow });
      if (!readResult.ok) {
        await settle();
        throw new Refusal({ ok: false, code: readResult.code, report: fileErrorReport({ period: guess, asOf: input.asOf, dryRun: false, code: readResult.code }) });
      }
      read = readResult.read;
      const month = monthOfUpload(read.file, input.asOf, answers);
      if (month.invalidPeriod) {
        await settle();
        throw invalidPeriodError();
      }
      period = month.period;
      await stream.starting;
      if (!stream.planner && contextPeriod !== period) {
        contextPeriod = period;
        context = context.catch(() => undefined).then(() => readCreatorsAndMonth(tx, period));
      }
      const { creators, stored } = await context;
      const plan = planUpload({ read, asOf: input.asOf, answers, now, dryRun: false, creators, before: stored, planner: stream.planner });
      if (plan.report.errors.length > 0 || plan.report.questions.length > 0) {
        await settle();
        throw new Refusal({ ok: false, code: plan.report.errors.length > 0 ? 'UPLOAD_INVALID' : 'UPLOAD_NEEDS_ANSWERS', report: plan.report });
      }
      // The file is kept before the import can commit: if it cannot be stored (a full disk
      // answers STORAGE_FULL) nothing is imported; if the import fails it is removed again.
      const key = createStorageKey('uploads', read.file!.format);
      try {
        await storage.put(key, input.data);
      } catch (error) {
        await settle();
        throw error;
      }
      fileKey = key;
      // The rows not handed on while reading: creators set to zero, or all of them when nothing streamed.
      const writer = stream.writer ?? new MonthWriter({ tx, period, uploadId, at: now, stored, batchSize: deps.monthInsertBatch, failAfterInsertedRows: deps.failAfterInsertedRows });
      for (const row of stream.writer ? plan.zeroed : plan.rows) writer.add(row);
      await writer.finish();
      // Rows the month holds after the write: the stored ones (missing creators keep theirs) and the new ones.
      const storedIds = new Set(stored.map((row) => row.creatorId));
      const added = plan.rows.filter((row) => !storedIds.has(row.creatorId!)).length;
      return { plan, storedRows: stored.length, monthRowsAfter: stored.length + added };
    };
    let outcome: UploadOutcome;
    try {
      outcome = await db.transaction(async (tx) => {
        const { plan, storedRows, monthRowsAfter } = await writePlan(tx);
        await refreshMonthStatistics(tx, storedRows, monthRowsAfter);
        await endMonthRowWrites(tx, period, uploadId);
        await recomputeMemberMonths(tx, period, now);
        const { report } = plan;
        const fileName = sanitizeFileName(input.fileName);
        const sha256 = createHash('sha256').update(input.data).digest('hex');
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
        const file = read!;
        if (file.file?.mappingSource === 'admin' && file.header && input.mapping) {
          await rememberColumnMapping(tx, { signature: file.header.signature, mapping: input.mapping, headers: file.header.cells.slice(0, 200).map((cell) => cell.slice(0, 200)), createdBy: personId(actor), at: now });
        }
        const notified = await notifyAtRisk(tx, plan.rows, period, now);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'upload.committed',
          entityType: 'upload',
          entityId: uploadId,
          after: {
            fileName,
            sha256,
            period,
            asOf: input.asOf,
            dataPeriod: file.file?.dataPeriod ?? null,
            figureKind: file.file?.figureKind ?? null,
            mappingSource: file.file?.mappingSource ?? null,
            missingAction: answers.missing,
            rows: report.rows,
            imported: report.imported,
            created: report.created,
            skipped: report.skipped,
            ...report.counts,
            notifiedMembers: notified,
          },
          ip: actor.ip,
          at: now,
        });
        return { ok: true as const, report: { ...report, uploadId } };
      });
    } catch (error) {
      if (fileKey) await storage.delete(fileKey).catch(() => undefined);
      if (error instanceof Refusal) return error.outcome;
      throw error;
    }
    // The import has committed: a failed VACUUM leaves dead rows behind, never a failed upload.
    await vacuumImportTables(db).catch((error: unknown) => deps.log?.warn({ err: error, period }, 'VACUUM after the import failed'));
    return outcome;
  }

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
        if (!input.dryRun) return await commit(actor, input, guess);
        const remembered = await readColumnMappings(db);
        const context = readCreatorsAndMonth(db, guess);
        context.catch(() => undefined);
        const readResult = await readFile(input, remembered);
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
