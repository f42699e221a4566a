/**
 * The plan of each row of the file (upload-plan.ts describes the plan step): the row to write,
 * its creator, its requirement state and the state before, made once per row by RowPlanner.
 */
import { requirementProgress, type RequirementState } from '@agency/shared';
import { endOfIsoDate } from '../earnings/index.ts';
import type { BackstageRow } from './backstage-parser.ts';
import type { KnownCreator, StoredMonthRow } from './import-reads.repository.ts';
import type { UploadMonth } from './upload-month.ts';

export interface PlannedRow extends BackstageRow {
  /** Null for a creator to be created from an unknown username. */
  creatorId: string | null;
  affiliateId: string | null;
  achievedBps: number;
  requirementState: RequirementState;
  /** The state the creator had this month before the upload (null: no figures). */
  previousState: RequirementState | null;
  /** The creator as known before the upload (null: one the upload creates; creatorId is set once it is made). */
  creator: KnownCreator | null;
  /** The creator's row stored this month before the upload (null: none). */
  previous: StoredMonthRow | null;
}

/** What planRow needs besides the row: the month, the moment the figures describe, and now (the join time of a creator made by the upload). */
export interface RowContext {
  period: string;
  asOfEnd: Date;
  now: Date;
}

/**
 * The row to write for `item`: its creator (undefined: one the upload creates), requirement state
 * and the state before. `item` itself becomes the planned row (its figures stay as they are): a
 * copy of each of 100,000 rows, alive to the end of the import, was ~13 MB at its peak of memory.
 */
export function planRow(item: BackstageRow, creator: KnownCreator | undefined, previous: StoredMonthRow | null, context: RowContext): PlannedRow {
  const progress = requirementProgress({
    joinedAt: creator ? creator.joinedAt : context.now,
    validDays: item.validDays,
    liveSeconds: item.liveSeconds,
    period: context.period,
    asOf: context.asOfEnd,
  });
  const row = item as PlannedRow;
  row.creatorId = creator ? creator.id : null;
  row.affiliateId = creator ? creator.affiliateId : null;
  row.achievedBps = progress.achievedBps;
  row.requirementState = progress.state;
  row.previousState = previous ? previous.requirementState : null;
  row.creator = creator ?? null;
  row.previous = previous;
  return row;
}

/**
 * Plans each row of the file once, as it comes (the import hands it each final row while the file
 * is read and writes what it returns; the check feeds it the read file's rows): the row's creator,
 * the stored figures it replaces, its requirement state. A creator listed twice is planned again
 * when the later row wins: the planned row of a username is always the one of the read file.
 */
export class RowPlanner {
  /** The planned row of each username of the file (unknown usernames only with `createUnknown`). */
  readonly planned = new Map<string, PlannedRow>();
  /** Known creators planned (each counted once), and those of them with figures stored this month. */
  private knownPlanned = 0;
  private storedPlanned = 0;

  /** `creators`: every creator by username, each with its row of the month (readCreatorsAndMonth). */
  constructor(
    readonly context: RowContext,
    private readonly creators: ReadonlyMap<string, KnownCreator>,
    private readonly createUnknown: boolean,
  ) {}

  /** True when the planner plans against `creators` (the same map, not a copy). */
  plansAgainst(creators: ReadonlyMap<string, KnownCreator>): boolean {
    return this.creators === creators;
  }

  /** True when every known creator has a planned row: none is missing from the file. */
  everyCreatorPlanned(): boolean {
    return this.knownPlanned === this.creators.size;
  }

  /** True when every creator with figures stored this month (`stored` rows in all, each a creator's) has a planned row. */
  everyStoredPlanned(stored: number): boolean {
    return this.storedPlanned === stored;
  }

  /** The row to write for a final row of the file; null for an unknown username left out. */
  add(item: BackstageRow): PlannedRow | null {
    const creator = this.creators.get(item.tiktokUsername);
    if (!creator && !this.createUnknown) return null;
    const previous = creator ? creator.stored : null;
    const row = planRow(item, creator, previous, this.context);
    const size = this.planned.size;
    this.planned.set(item.tiktokUsername, row);
    // A username's first row (a creator listed twice is planned again, and counted once).
    if (creator && this.planned.size > size) {
      this.knownPlanned += 1;
      if (previous) this.storedPlanned += 1;
    }
    return row;
  }
}

/** The month and the moment of the figures of an upload, for its RowPlanner. */
export function rowContextOf(month: UploadMonth, now: Date): RowContext {
  return { period: month.period, asOfEnd: endOfIsoDate(month.asOfDate), now };
}
