import {
  requirementProgress,
  type RequirementState,
  type UploadChange,
  type UploadFileInfo,
  type UploadQuestion,
  type UploadReport,
  type UploadWarning,
} from '@agency/shared';
import { endOfIsoDate } from '../earnings/earnings.engine.ts';
import type { BackstageReadResult, BackstageRow } from './backstage-parser.ts';
import type { KnownCreator, MonthFigures } from './uploads.repository.ts';

/**
 * The plan step of the upload's pipeline: what an import would do, as a pure function of the read
 * file, the admin's answers and the current data. The check shows its report; the import writes
 * its rows (month-writer.ts) and nothing else, so what is written is what the report says.
 *
 * - The month: the file's `Data period` month, else the as-of date's; when they differ the admin
 *   chooses (question `period`), and the figures are as of the end of the data period or the
 *   as-of date, whichever is first.
 * - Rolling 30-day and selected-period figures become the month's only when the admin says so
 *   (question `window`); a file whose columns were not found asks for a mapping (question `mapping`).
 * - Creators of the month missing from the file keep their figures (`missing: keep`, the default)
 *   or are set to zero (`missing: zero`): nothing is zeroed by omission.
 * - Unknown usernames are skipped with a warning, or created with `createUnknown`.
 */

const MAX_CHANGES = 500;
const MAX_MISSING_WARNINGS = 200;
const MAX_UNKNOWN_WARNINGS = 200;

export interface PlannedRow extends BackstageRow {
  /** Null for a creator to be created from an unknown username. */
  creatorId: string | null;
  affiliateId: string | null;
  achievedBps: number;
  requirementState: RequirementState;
  /** The state the creator had this month before the upload (null: no figures). */
  previousState: RequirementState | null;
}

export interface UploadPlan {
  report: UploadReport;
  /** The month rows to write: the file's rows, and the zeroed rows of missing creators. */
  rows: PlannedRow[];
  /** Usernames to create as creators (only with `createUnknown`). */
  toCreate: string[];
  /** The moment the figures describe (end of the data period or of the as-of day, whichever is first). */
  asOfEnd: Date;
}

export interface Answers {
  /** The month the admin confirmed (question `period`). */
  period?: string | undefined;
  acceptWindow: boolean;
  missing: 'keep' | 'zero';
  createUnknown: boolean;
}

export interface PlanInput {
  read: BackstageReadResult;
  asOf: string;
  answers: Answers;
  now: Date;
  dryRun: boolean;
  /** Every creator of the agency (any status), by username: the file's known usernames. */
  creators: ReadonlyMap<string, KnownCreator>;
  /** The stored figures of the month the plan is for (see monthOfUpload). */
  before: readonly MonthFigures[];
}

function figuresOf(row: { diamonds: number; validDays: number; liveSeconds: number }) {
  return { diamonds: row.diamonds, validDays: row.validDays, liveSeconds: row.liveSeconds };
}

const monthOf = (isoDate: string) => isoDate.slice(0, 7);


export interface UploadMonth {
  /** The month the figures go to; when questions remain, the month they would go to if answered as suggested. */
  period: string;
  /** YYYY-MM-DD the figures are as of. */
  asOfDate: string;
  questions: UploadQuestion[];
  /** The admin's period answer names neither month. */
  invalidPeriod: boolean;
}

/**
 * The month of an upload and the questions about it. Needed before the plan, to read that month's
 * stored figures.
 */
export function monthOfUpload(file: UploadFileInfo | null, asOf: string, answers: Pick<Answers, 'period' | 'acceptWindow'>): UploadMonth {
  const questions: UploadQuestion[] = [];
  const asOfMonth = monthOf(asOf);
  const period = file?.dataPeriod ?? null;
  const kind = file?.figureKind ?? 'unknown';
  let month = asOfMonth;
  let asOfDate = asOf;
  let invalidPeriod = false;
  if (period && kind !== 'rolling30') {
    const fileMonth = monthOf(period.to);
    month = fileMonth;
    if (fileMonth !== asOfMonth) {
      if (answers.period === undefined) questions.push({ kind: 'period', fileMonth, asOfMonth });
      else if (answers.period !== fileMonth && answers.period !== asOfMonth) invalidPeriod = true;
      else month = answers.period;
    } else if (answers.period !== undefined && answers.period !== fileMonth) {
      invalidPeriod = true;
    }
    // The figures are as of the end of the data period or the as-of date, whichever is first.
    if (month === fileMonth && period.to < asOf) asOfDate = period.to;
  } else if (answers.period !== undefined && answers.period !== asOfMonth) {
    invalidPeriod = true;
  }
  if ((kind === 'rolling30' || kind === 'selectedPeriod') && !answers.acceptWindow) {
    questions.push({ kind: 'window', figureKind: kind, from: period?.from ?? null, to: period?.to ?? null });
  }
  return { period: month, asOfDate, questions, invalidPeriod };
}

/** What planRow needs besides the row: the month, the moment the figures describe, and now (the join time of a creator made by the upload). */
export interface RowContext {
  period: string;
  asOfEnd: Date;
  now: Date;
}

/** The row to write for `item`: its creator (undefined: one the upload creates), requirement state and the state before. */
export function planRow(item: BackstageRow, creator: KnownCreator | undefined, previous: MonthFigures | undefined, context: RowContext): PlannedRow {
  const progress = requirementProgress({
    joinedAt: creator ? creator.joinedAt : context.now,
    validDays: item.validDays,
    liveSeconds: item.liveSeconds,
    period: context.period,
    asOf: context.asOfEnd,
  });
  return {
    row: item.row,
    tiktokUsername: item.tiktokUsername,
    diamonds: item.diamonds,
    validDays: item.validDays,
    liveSeconds: item.liveSeconds,
    matches: item.matches,
    lastLiveAt: item.lastLiveAt,
    leftNetwork: item.leftNetwork,
    creatorId: creator ? creator.id : null,
    affiliateId: creator ? creator.affiliateId : null,
    achievedBps: progress.achievedBps,
    requirementState: progress.state,
    previousState: previous ? previous.requirementState : null,
  };
}

export function planUpload(input: PlanInput): UploadPlan {
  const { read, answers } = input;
  const month = monthOfUpload(read.file, input.asOf, answers);
  const period = month.period;
  const asOfEnd = endOfIsoDate(month.asOfDate);
  const context: RowContext = { period, asOfEnd, now: input.now };
  const questions = [...month.questions];
  if (read.mappingCandidate) questions.unshift(read.mappingCandidate.question);
  const beforeById = new Map<string, MonthFigures>();
  for (const row of input.before) beforeById.set(row.creatorId, row);
  const warnings: UploadWarning[] = [...read.warnings];
  // Per kind, at most MAX_CHANGES each: the report lists changed first and unchanged last.
  const changes: Record<UploadChange['kind'], UploadChange[]> = { changed: [], new: [], created: [], removed: [], zeroed: [], kept: [], unchanged: [] };
  const addChange = (change: UploadChange) => {
    const list = changes[change.kind];
    if (list.length < MAX_CHANGES) list.push(change);
  };
  const rows: PlannedRow[] = [];
  const toCreate: string[] = [];
  const counts = { new: 0, changed: 0, unchanged: 0, unknown: 0, missing: 0, zeroed: 0, quit: read.counts.quit, duplicates: read.counts.duplicates, approximate: read.counts.approximate };
  let skipped = read.skipped;
  let unknownListed = 0;
  const inFile = new Set<string>();

  for (const item of read.items) {
    inFile.add(item.tiktokUsername);
    const creator = input.creators.get(item.tiktokUsername);
    let previous: MonthFigures | undefined;
    if (!creator) {
      counts.unknown += 1;
      if (unknownListed < MAX_UNKNOWN_WARNINGS) {
        unknownListed += 1;
        warnings.push({ row: item.row, kind: 'unknownUsername', tiktokUsername: item.tiktokUsername, params: { created: input.answers.createUnknown } });
      }
      if (!answers.createUnknown) {
        skipped += 1;
        continue;
      }
      toCreate.push(item.tiktokUsername);
      addChange({ tiktokUsername: item.tiktokUsername, creatorId: null, kind: 'created', before: null, after: figuresOf(item) });
    } else {
      previous = beforeById.get(creator.id);
      let kind: UploadChange['kind'] = 'new';
      if (previous) {
        const same = previous.diamonds === item.diamonds && previous.validDays === item.validDays && previous.liveSeconds === item.liveSeconds;
        kind = same ? 'unchanged' : 'changed';
      }
      counts[kind as 'new' | 'changed' | 'unchanged'] += 1;
      if (changes[kind].length < MAX_CHANGES) addChange({ tiktokUsername: item.tiktokUsername, creatorId: creator.id, kind, before: previous ? figuresOf(previous) : null, after: figuresOf(item) });
    }
    rows.push(planRow(item, creator, previous, context));
  }

  // Creators of the month not in the file: active creators, and any creator with figures this month.
  let missingListed = 0;
  const missingWarning = (tiktokUsername: string) => {
    counts.missing += 1;
    if (missingListed < MAX_MISSING_WARNINGS) {
      missingListed += 1;
      warnings.push({ row: null, kind: 'missingFromFile', tiktokUsername, params: { action: answers.missing } });
    }
  };
  const stored = new Set<string>();
  for (const previous of input.before) {
    stored.add(previous.tiktokUsername);
    if (inFile.has(previous.tiktokUsername)) continue;
    missingWarning(previous.tiktokUsername);
    if (answers.missing === 'zero') {
      counts.zeroed += 1;
      addChange({ tiktokUsername: previous.tiktokUsername, creatorId: previous.creatorId, kind: 'zeroed', before: figuresOf(previous), after: { diamonds: 0, validDays: 0, liveSeconds: 0 } });
      const creator = input.creators.get(previous.tiktokUsername);
      const zero: BackstageRow = { row: 0, tiktokUsername: previous.tiktokUsername, diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null, leftNetwork: false };
      rows.push(planRow(zero, creator, previous, context));
    } else {
      addChange({ tiktokUsername: previous.tiktokUsername, creatorId: previous.creatorId, kind: 'kept', before: figuresOf(previous), after: figuresOf(previous) });
    }
  }
  for (const creator of input.creators.values()) {
    if (creator.status === 'active' && !inFile.has(creator.tiktokUsername) && !stored.has(creator.tiktokUsername)) missingWarning(creator.tiktokUsername);
  }

  const report: UploadReport = {
    period,
    asOf: input.asOf,
    dryRun: input.dryRun,
    file: read.file,
    questions,
    missing: answers.missing,
    rows: read.rows,
    imported: rows.length - counts.zeroed,
    created: toCreate.length,
    skipped,
    counts,
    columns: read.columns,
    warnings,
    errors: read.errors,
    changes: [...changes.changed, ...changes.new, ...changes.created, ...changes.zeroed, ...changes.removed, ...changes.kept, ...changes.unchanged].slice(0, MAX_CHANGES),
    uploadId: null,
  };
  return { report, rows, toCreate, asOfEnd };
}

/** A report for a file that could not be read at all: one error on row 0 with the file's error code. */
export function fileErrorReport(options: { period: string; asOf: string; dryRun: boolean; code: string }): UploadReport {
  return {
    period: options.period,
    asOf: options.asOf,
    dryRun: options.dryRun,
    file: null,
    questions: [],
    missing: 'keep',
    rows: 0,
    imported: 0,
    created: 0,
    skipped: 0,
    counts: { new: 0, changed: 0, unchanged: 0, unknown: 0, missing: 0, zeroed: 0, quit: 0, duplicates: 0, approximate: 0 },
    columns: {},
    warnings: [],
    errors: [{ row: 0, column: null, code: 'fileUnreadable', params: { code: options.code } }],
    changes: [],
    uploadId: null,
  };
}
