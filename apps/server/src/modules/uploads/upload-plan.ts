import type { UploadChange, UploadReport, UploadWarning } from '@agency/shared';
import type { BackstageReadResult, BackstageRow } from './backstage-parser.ts';
import type { KnownCreator, StoredMonthRow } from './import-reads.repository.ts';
import { planRow, RowPlanner, rowContextOf, type PlannedRow } from './row-planner.ts';
import { monthOfUpload, type Answers } from './upload-month.ts';


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
 *
 * The month and its questions are found in upload-month.ts, each row is planned in row-planner.ts;
 * this file holds the plan of the whole upload and its report.
 */

const MAX_CHANGES = 500;
const MAX_MISSING_WARNINGS = 200;
const MAX_UNKNOWN_WARNINGS = 200;

export interface UploadPlan {
  report: UploadReport;
  /** The month rows to write: the file's rows, and the zeroed rows of missing creators. */
  rows: PlannedRow[];
  /** Usernames to create as creators (only with `createUnknown`). */
  toCreate: string[];
  /** The rows of `rows` that set creators missing from the file to zero (`missing: zero`). */
  zeroed: PlannedRow[];
  /** The moment the figures describe (end of the data period or of the as-of day, whichever is first). */
  asOfEnd: Date;
}

export interface PlanInput {
  read: BackstageReadResult;
  asOf: string;
  answers: Answers;
  now: Date;
  dryRun: boolean;
  /** Every creator of the agency (any status), by username: the file's known usernames, each with its row of the month. */
  creators: ReadonlyMap<string, KnownCreator>;
  /** The stored rows of the month the plan is for (see monthOfUpload): the creators' `stored` rows. */
  before: readonly StoredMonthRow[];
}

function figuresOf(row: { diamonds: number; validDays: number; liveSeconds: number }) {
  return { diamonds: row.diamonds, validDays: row.validDays, liveSeconds: row.liveSeconds };
}

/**
 * The plan of an upload: the report and the rows to write. `planner` is the one the import fed
 * while reading (its rows are taken as they are); without it every row of the read file is
 * planned here. Either way each row is planned once, by RowPlanner.
 */
export function planUpload(input: PlanInput & { planner?: RowPlanner }): UploadPlan {
  const { read, answers } = input;
  const month = monthOfUpload(read.file, input.asOf, answers);
  const period = month.period;
  const context = rowContextOf(month, input.now);
  const asOfEnd = context.asOfEnd;
  let planner = input.planner;
  if (planner && (planner.context.period !== period || planner.context.asOfEnd.getTime() !== asOfEnd.getTime())) {
    throw new Error(`The rows were planned for ${planner.context.period} as of ${planner.context.asOfEnd.toISOString()}, the file is ${period} as of ${asOfEnd.toISOString()}`);
  }
  if (planner && !planner.plansAgainst(input.creators)) throw new Error('The rows were planned against other creators');
  if (!planner) {
    planner = new RowPlanner(context, input.creators, answers.createUnknown);
    for (const item of read.items) planner.add(item);
  }
  const questions = [...month.questions];
  if (read.mappingCandidate) questions.unshift(read.mappingCandidate.question);
  const warnings: UploadWarning[] = [...read.warnings];
  // Per kind, at most MAX_CHANGES each: the report lists changed first and unchanged last.
  const changes: Record<UploadChange['kind'], UploadChange[]> = { changed: [], new: [], created: [], removed: [], zeroed: [], kept: [], unchanged: [] };
  const addChange = (change: UploadChange) => {
    const list = changes[change.kind];
    if (list.length < MAX_CHANGES) list.push(change);
  };
  const rows: PlannedRow[] = [];
  const toCreate: string[] = [];
  const zeroed: PlannedRow[] = [];
  const counts = { new: 0, changed: 0, unchanged: 0, unknown: 0, missing: 0, zeroed: 0, quit: read.counts.quit, duplicates: read.counts.duplicates, approximate: read.counts.approximate };
  let skipped = read.skipped;
  let unknownListed = 0;
  // Whether a creator is in the file: the planner plans every known creator's row of the file.
  const inFile = (tiktokUsername: string) => planner.planned.has(tiktokUsername);

  // One lookup per row: the planned row knows its creator and the figures stored before. Every known
  // creator's row is planned, and with createUnknown every unknown one's.
  for (const item of read.items) {
    const planned = planner.planned.get(item.tiktokUsername);
    const plannedAsRead = planned === undefined ? !answers.createUnknown && !input.creators.has(item.tiktokUsername) : planned.row === item.row;
    if (!plannedAsRead) throw new Error(`Row ${item.row} (@${item.tiktokUsername}) was not planned`);
    const creator = planned === undefined ? null : planned.creator;
    if (!creator) {
      counts.unknown += 1;
      if (unknownListed < MAX_UNKNOWN_WARNINGS) {
        unknownListed += 1;
        warnings.push({ row: item.row, kind: 'unknownUsername', tiktokUsername: item.tiktokUsername, params: { created: input.answers.createUnknown } });
      }
      if (planned === undefined) {
        skipped += 1;
        continue;
      }
      toCreate.push(item.tiktokUsername);
      addChange({ tiktokUsername: item.tiktokUsername, creatorId: null, kind: 'created', before: null, after: figuresOf(item) });
    } else {
      const previous = planned!.previous;
      let kind: UploadChange['kind'] = 'new';
      if (previous) {
        const same = previous.diamonds === item.diamonds && previous.validDays === item.validDays && previous.liveSeconds === item.liveSeconds;
        kind = same ? 'unchanged' : 'changed';
      }
      counts[kind as 'new' | 'changed' | 'unchanged'] += 1;
      if (changes[kind].length < MAX_CHANGES) addChange({ tiktokUsername: item.tiktokUsername, creatorId: creator.id, kind, before: previous ? figuresOf(previous) : null, after: figuresOf(item) });
    }
    rows.push(planned!);
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
  // (Skipped when the planner saw each of them in the file, as in most imports: 100,000 lookups less.)
  const stored = planner.everyStoredPlanned(input.before.length) ? [] : input.before;
  for (const previous of stored) {
    if (inFile(previous.tiktokUsername)) continue;
    missingWarning(previous.tiktokUsername);
    if (answers.missing === 'zero') {
      counts.zeroed += 1;
      addChange({ tiktokUsername: previous.tiktokUsername, creatorId: previous.creatorId, kind: 'zeroed', before: figuresOf(previous), after: { diamonds: 0, validDays: 0, liveSeconds: 0 } });
      const creator = input.creators.get(previous.tiktokUsername);
      if (creator?.stored !== previous) throw new Error(`The stored row of @${previous.tiktokUsername} is not its creator's`);
      const zero: BackstageRow = { row: 0, tiktokUsername: previous.tiktokUsername, diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null, leftNetwork: false };
      const row = planRow(zero, creator, previous, context);
      rows.push(row);
      zeroed.push(row);
    } else {
      addChange({ tiktokUsername: previous.tiktokUsername, creatorId: previous.creatorId, kind: 'kept', before: figuresOf(previous), after: figuresOf(previous) });
    }
  }
  const others = planner.everyCreatorPlanned() ? [] : input.creators.values();
  for (const creator of others) {
    if (creator.status === 'active' && !inFile(creator.tiktokUsername) && !creator.stored) missingWarning(creator.tiktokUsername);
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
  return { report, rows, toCreate, zeroed, asOfEnd };
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
