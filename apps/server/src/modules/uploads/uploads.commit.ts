/**
 * The import's commit (uploads.service.ts runs the dry run): the transaction that plans the file
 * against the locked month and writes it, the refusal that rolls it back, and the notifications
 * of the creators who became at risk.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { UploadFileInfo } from '@agency/shared';
import type { Executor, Transaction } from '../../db/client.ts';
import { isMonthPeriod, prepareMonthPartition } from '../../db/month-partitions.ts';
import { personId, type Actor } from '../../lib/actor.ts';
import { createStorageKey } from '../../lib/storage/index.ts';
import { recordActivity } from '../activity/index.ts';
import { recomputeMemberMonths } from '../earnings/index.ts';
import { insertUploadSnapshot } from '../forecasts/index.ts';
import { creatorAtRiskNotification, notifySystemEach, readUserLocales } from '../notifications/index.ts';
import type { BackstageReadResult, BackstageRow } from './backstage-parser.ts';
import { lockMonthRows, readCreatorsAndMonth } from './import-reads.repository.ts';
import { MonthWriter } from './month-writer.ts';
import { beginMonthRowWrites, endMonthRowWrites } from './month-write-settings.ts';
import { RowPlanner, rowContextOf, type PlannedRow } from './row-planner.ts';
import { monthOfUpload, type UploadMonth } from './upload-month.ts';
import { fileErrorReport, planUpload } from './upload-plan.ts';
import { answersOf, invalidPeriodError, readUploadedFile, type UploadInput, type UploadOutcome, type UploadsDeps } from './upload-request.ts';
import { insertUploadRow, readColumnMappings, refreshMonthStatistics, rememberColumnMapping, vacuumImportTables } from './uploads.repository.ts';

/** A file name for the history: the last path part, printable characters only, at most 200. */
function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim().slice(0, 200);
  return clean || 'upload';
}

const AT_RISK: readonly string[] = ['atRisk', 'failing'];

/** The rows of creators who newly became at risk or failing, by their affiliate. */
function newlyAtRisk(rows: readonly PlannedRow[]): Map<string, PlannedRow[]> {
  const byMember = new Map<string, PlannedRow[]>();
  for (const row of rows) {
    if (!row.affiliateId || !AT_RISK.includes(row.requirementState)) continue;
    if (row.previousState && AT_RISK.includes(row.previousState)) continue;
    const list = byMember.get(row.affiliateId) ?? [];
    list.push(row);
    byMember.set(row.affiliateId, list);
  }
  return byMember;
}

/** One notification per affiliate listing their creators who newly became at risk or failing (newlyAtRisk). */
async function notifyAtRisk(tx: Executor, byMember: ReadonlyMap<string, readonly PlannedRow[]>, period: string, at: Date): Promise<number> {
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

/**
 * Whether an upload's figures are the month to date as of its as-of day (a snapshot for the
 * forecasts): a month-to-date export, one whose kind is not known (the figures are stored as the
 * month's), or a selected period that starts on the month's first day; never a rolling window.
 */
function isMonthToDate(file: BackstageReadResult['file'], month: UploadMonth): boolean {
  if (month.asOfDate.slice(0, 7) !== month.period) return false;
  const kind = file?.figureKind ?? 'unknown';
  if (kind === 'monthToDate' || kind === 'unknown') return true;
  return kind === 'selectedPeriod' && file?.dataPeriod?.from === `${month.period}-01`;
}

/** Thrown inside the commit's transaction to roll it back and answer with the refusal. */
class Refusal extends Error {
  constructor(readonly outcome: UploadOutcome & { ok: false }) {
    super('upload refused');
  }
}

/**
 * Plans and, when the plan has no errors and no open questions, writes it in one transaction,
 * the month locked against other writers first; the creators and the month's rows the plan is
 * made against are read under the lock, so they cannot change under it. The original file is
 * stored before the commit and removed if it fails.
 */
export async function commitUpload(deps: UploadsDeps, actor: Actor, input: UploadInput, guess: string): Promise<UploadOutcome> {
  const { db, clock, storage } = deps;
  const now = clock.now();
  const uploadId = randomUUID();
  const answers = answersOf(input);
  let fileKey: string | null = null;
  // Read before the transaction: on PGlite a query outside an open transaction waits for its end.
  const remembered = await readColumnMappings(db);
  // The month's own partition, in a short transaction of its own (on PostgreSQL attaching it locks
  // the default partition until the commit): on PGlite always, on PostgreSQL when rows of the month
  // wait in the default partition (prepareMonthPartition). A first import writes its month into a
  // new table attached as its partition (MonthWriter). Left in place if the import fails.
  if (isMonthPeriod(guess)) await db.transaction((tx) => prepareMonthPartition(tx, guess));
  let period = guess;
  /** The import's transaction, in its own function so that what it read can be collected when it returns. */
  const writePlan = async (tx: Transaction): Promise<UploadOutcome & { ok: true }> => {
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
        stream.planner = new RowPlanner(rowContextOf(month, now), creators, answers.createUnknown);
        stream.writer = new MonthWriter({ tx, period: month.period, uploadId, at: now, storedRows: stored.length, batchSize: deps.monthInsertBatch, applyEvery: deps.monthApplyEvery, failAfterInsertedRows: deps.failAfterInsertedRows });
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
    const readResult = await readUploadedFile(input, remembered, { onFile, onRow });
    if (!readResult.ok) {
      await settle();
      throw new Refusal({ ok: false, code: readResult.code, report: fileErrorReport({ period: guess, asOf: input.asOf, dryRun: false, code: readResult.code }) });
    }
    const { read } = readResult;
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
    // The database's steps after the file was read, one after the other, each queued as soon as
    // what it needs is known: the database goes from one to the next while Node makes the report,
    // stores the file and builds the snapshot's lists and the notifications. A step that fails
    // ends the chain; the transaction rolls back once the chain has stopped.
    let steps: Promise<void> = Promise.resolve();
    const step = (next: () => Promise<void>) => {
      steps = steps.then(next);
      steps.catch(() => undefined);
    };
    const endWrites = (writer: MonthWriter) =>
      step(async () => {
        await writer.finish();
        await refreshMonthStatistics(tx, period, stored.length, writer.monthRows, writer.rewritten);
        await endMonthRowWrites(tx, period, uploadId);
        await recomputeMemberMonths(tx, period, now);
      });
    try {
      // Every row handed on while reading and the missing creators kept: nothing is left to add,
      // so the month's last writes start before the report is made.
      let writer = answers.missing === 'zero' ? null : (stream.writer ?? null);
      if (writer) {
        writer.close();
        endWrites(writer);
      }
      const plan = planUpload({ read, asOf: input.asOf, answers, now, dryRun: false, creators, before: stored, planner: stream.planner });
      const { report } = plan;
      if (report.errors.length > 0 || report.questions.length > 0) {
        throw new Refusal({ ok: false, code: report.errors.length > 0 ? 'UPLOAD_INVALID' : 'UPLOAD_NEEDS_ANSWERS', report });
      }
      // The file is kept before the import can commit: if it cannot be stored (a full disk
      // answers STORAGE_FULL) nothing is imported; if the import fails it is removed again.
      const key = createStorageKey('uploads', read.file!.format);
      await storage.put(key, input.data);
      fileKey = key;
      if (!writer) {
        // The rows not handed on while reading: creators set to zero, or all of them when nothing streamed.
        writer = stream.writer ?? new MonthWriter({ tx, period, uploadId, at: now, storedRows: stored.length, batchSize: deps.monthInsertBatch, applyEvery: deps.monthApplyEvery, failAfterInsertedRows: deps.failAfterInsertedRows });
        for (const row of stream.writer ? plan.zeroed : plan.rows) writer.add(row);
        writer.close();
        endWrites(writer);
      }
      const fileName = sanitizeFileName(input.fileName);
      const sha256 = createHash('sha256').update(input.data).digest('hex');
      step(() =>
        insertUploadRow(tx, {
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
        }),
      );
      // The month-to-date figures of this upload, for the month's pace forecasts.
      if (isMonthToDate(read.file, month)) {
        const lists = writer.figures.lists();
        step(() => insertUploadSnapshot(tx, { uploadId, period, asOf: month.asOfDate, lists, at: now }));
      }
      if (read.file?.mappingSource === 'admin' && read.header && input.mapping) {
        const remember = { signature: read.header.signature, mapping: input.mapping, headers: read.header.cells.slice(0, 200).map((cell) => cell.slice(0, 200)), createdBy: personId(actor), at: now };
        step(() => rememberColumnMapping(tx, remember));
      }
      const atRisk = newlyAtRisk(plan.rows);
      let notified = 0;
      step(async () => {
        notified = await notifyAtRisk(tx, atRisk, period, now);
      });
      step(() =>
        recordActivity(tx, {
          actorId: actor.id,
          action: 'upload.committed',
          entityType: 'upload',
          entityId: uploadId,
          after: {
            fileName,
            sha256,
            period,
            asOf: input.asOf,
            dataPeriod: read.file?.dataPeriod ?? null,
            figureKind: read.file?.figureKind ?? null,
            mappingSource: read.file?.mappingSource ?? null,
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
        }),
      );
      await steps;
      return { ok: true as const, report: { ...report, uploadId } };
    } catch (error) {
      await settle();
      await steps.catch(() => undefined);
      throw error;
    }
  };
  let outcome: UploadOutcome;
  try {
    outcome = await db.transaction(writePlan);
  } catch (error) {
    if (fileKey) await storage.delete(fileKey).catch(() => undefined);
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
  if (outcome.ok) deps.afterCommit?.();
  // The import has committed: a failed VACUUM leaves dead rows behind, never a failed upload.
  await vacuumImportTables(db, period).catch((error: unknown) => deps.log?.warn({ err: error, period }, 'VACUUM after the import failed'));
  return outcome;
}
