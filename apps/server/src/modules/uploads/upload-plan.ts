import {
  requirementProgress,
  type RequirementState,
  type UploadChange,
  type UploadReport,
  type UploadWarning,
} from '@agency/shared';
import type { BackstageParseResult, BackstageRow } from './backstage-parser.ts';
import type { KnownCreator, MonthFigures } from './uploads.repository.ts';

/**
 * What an upload would do, computed without writing: the report (PRODUCT section 4) and the rows
 * to write. A pure function of the parsed file and the current data, so the dry run and the commit
 * show the same report.
 */

const MAX_CHANGES = 500;
const MAX_MISSING_WARNINGS = 1000;

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
  rows: PlannedRow[];
  /** Usernames to create as creators (only with `createUnknown`). */
  toCreate: string[];
}

export interface PlanInput {
  parsed: BackstageParseResult;
  period: string;
  asOf: string;
  /** End of the as-of day: the moment the figures describe. */
  asOfEnd: Date;
  now: Date;
  dryRun: boolean;
  createUnknown: boolean;
  /** Every creator of the agency (any status), by username: the file's known usernames. */
  creators: ReadonlyMap<string, KnownCreator>;
  before: readonly MonthFigures[];
  /**
   * Rows already made with planRow for the file's rows of known creators, in the file's order
   * (the commit's MonthWriter): taken as they are when they match the item, else made anew.
   */
  planned?: readonly PlannedRow[];
}

function figuresOf(row: { diamonds: number; validDays: number; liveSeconds: number }) {
  return { diamonds: row.diamonds, validDays: row.validDays, liveSeconds: row.liveSeconds };
}

/** What planRow needs besides the row: the month, the moment the figures describe, and now (the join time of a creator made by the upload). */
export interface RowContext {
  period: string;
  asOfEnd: Date;
  now: Date;
}

/**
 * The row to write for `item`: its creator (undefined: one the upload creates), requirement state
 * and the state before. The plan and the commit's row writer (month-writer.ts) both make their
 * rows with it, so what is written is what the report says.
 */
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
    creatorId: creator ? creator.id : null,
    affiliateId: creator ? creator.affiliateId : null,
    achievedBps: progress.achievedBps,
    requirementState: progress.state,
    previousState: previous ? previous.requirementState : null,
  };
}

export function planUpload(input: PlanInput): UploadPlan {
  const { parsed, period } = input;
  const knownByName = input.creators;
  const beforeById = new Map<string, MonthFigures>();
  for (const row of input.before) beforeById.set(row.creatorId, row);
  const warnings: UploadWarning[] = [...parsed.warnings];
  // Per kind, at most MAX_CHANGES each: the report lists changed first and unchanged last.
  const changes: Record<UploadChange['kind'], UploadChange[]> = { changed: [], new: [], created: [], removed: [], unchanged: [] };
  const addChange = (change: UploadChange) => {
    const list = changes[change.kind];
    if (list.length < MAX_CHANGES) list.push(change);
  };
  const rows: PlannedRow[] = [];
  const toCreate: string[] = [];
  const counts = { new: 0, changed: 0, unchanged: 0, unknown: 0, missing: 0 };
  let skipped = parsed.skipped;
  const inFile = new Set<string>();
  let plannedAt = 0;

  // One pass, one object per row written (no spread copies: 100,000 rows).
  for (const item of parsed.items) {
    inFile.add(item.tiktokUsername);
    const creator = knownByName.get(item.tiktokUsername);
    let previous: MonthFigures | undefined;
    if (!creator) {
      counts.unknown += 1;
      if (!input.createUnknown) {
        skipped += 1;
        warnings.push({ row: item.row, kind: 'unknownUsername', tiktokUsername: item.tiktokUsername, message: 'Not a creator of the agency: row skipped' });
        continue;
      }
      warnings.push({ row: item.row, kind: 'unknownUsername', tiktokUsername: item.tiktokUsername, message: 'Not a creator of the agency: created' });
      toCreate.push(item.tiktokUsername);
      addChange({ tiktokUsername: item.tiktokUsername, creatorId: null, kind: 'created', before: null, after: figuresOf(item) });
    } else {
      previous = beforeById.get(creator.id);
      let kind: UploadChange['kind'] = 'new';
      if (previous) {
        const same = previous.diamonds === item.diamonds && previous.validDays === item.validDays && previous.liveSeconds === item.liveSeconds;
        kind = same ? 'unchanged' : 'changed';
      }
      counts[kind] += 1;
      if (changes[kind].length < MAX_CHANGES) addChange({ tiktokUsername: item.tiktokUsername, creatorId: creator.id, kind, before: previous ? figuresOf(previous) : null, after: figuresOf(item) });
    }
    const made = creator ? input.planned?.[plannedAt] : undefined;
    if (made && made.row === item.row && made.creatorId === creator!.id) {
      plannedAt += 1;
      rows.push(made);
    } else {
      rows.push(planRow(item, creator, previous, input));
    }
  }

  // Creators who quit are named in the file: not "missing", their warning says why.
  for (const warning of parsed.warnings) if (warning.kind === 'creatorQuit') inFile.add(warning.tiktokUsername);
  let missingListed = 0;
  for (const creator of knownByName.values()) {
    if (creator.status !== 'active' || inFile.has(creator.tiktokUsername)) continue;
    counts.missing += 1;
    if (missingListed < MAX_MISSING_WARNINGS) {
      missingListed += 1;
      warnings.push({ row: null, kind: 'missingFromFile', tiktokUsername: creator.tiktokUsername, message: 'Active creator missing from the file' });
    }
  }
  // The upload replaces the month: figures of creators not in the file are removed.
  for (const previous of input.before) {
    if (inFile.has(previous.tiktokUsername)) continue;
    addChange({
      tiktokUsername: previous.tiktokUsername,
      creatorId: previous.creatorId,
      kind: 'removed',
      before: figuresOf(previous),
      after: null,
    });
  }

  const report: UploadReport = {
    period,
    asOf: input.asOf,
    dryRun: input.dryRun,
    rows: parsed.rows,
    imported: rows.length,
    created: toCreate.length,
    skipped,
    counts,
    columns: parsed.columns,
    warnings,
    errors: parsed.errors,
    changes: [...changes.changed, ...changes.new, ...changes.created, ...changes.removed, ...changes.unchanged].slice(0, MAX_CHANGES),
    uploadId: null,
  };
  return { report, rows, toCreate };
}

/** A report for a file that could not be read at all: one error on row 0. */
export function fileErrorReport(options: { period: string; asOf: string; dryRun: boolean; message: string }): UploadReport {
  return {
    period: options.period,
    asOf: options.asOf,
    dryRun: options.dryRun,
    rows: 0,
    imported: 0,
    created: 0,
    skipped: 0,
    counts: { new: 0, changed: 0, unchanged: 0, unknown: 0, missing: 0 },
    columns: {},
    warnings: [],
    errors: [{ row: 0, column: null, message: options.message }],
    changes: [],
    uploadId: null,
  };
}
