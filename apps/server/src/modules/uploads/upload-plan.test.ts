import { describe, expect, it } from 'vitest';
import type { BackstageReadResult, BackstageRow } from './backstage-parser.ts';
import type { KnownCreator, StoredMonthRow } from './import-reads.repository.ts';
import { RowPlanner, rowContextOf } from './row-planner.ts';
import { planUpload, type PlanInput } from './upload-plan.ts';
import { monthOfUpload, type Answers } from './upload-month.ts';

// planUpload's report of the creators missing from the file and of unknown usernames, planned by
// the import's streamed RowPlanner (rows handed on as read, a creator listed twice planned again)
// and by planUpload itself (the check): the same report either way, and exactly these counts.

const NOW = new Date('2026-11-20T12:00:00Z');
const AS_OF = '2026-11-19';
const JOINED = new Date('2026-01-01T00:00:00Z');

function creator(name: string, status = 'active'): KnownCreator {
  return { id: `id-${name}`, tiktokUsername: name, status, joinedAt: JOINED, affiliateId: null, stored: null };
}

function stored(name: string, diamonds: number): StoredMonthRow {
  return { creatorId: `id-${name}`, tiktokUsername: name, diamonds, validDays: 10, liveSeconds: 36_000, requirementState: 'onTrack', matches: 0, lastLiveAtMs: null, achievedBps: 5_000, leftNetwork: false };
}

function row(line: number, name: string, diamonds: number): BackstageRow {
  return { row: line, tiktokUsername: name, diamonds, validDays: 10, liveSeconds: 36_000, matches: 0, lastLiveAt: null, leftNetwork: false };
}

function readOf(items: BackstageRow[]): BackstageReadResult {
  return {
    file: { format: 'csv', encoding: 'utf-8', delimiter: ',', sheet: null, headerRow: 1, dataPeriod: null, figureKind: 'monthToDate', mappingSource: 'headers', dateOrder: null, dateOrderSource: null },
    header: null,
    mappingCandidate: null,
    rows: items.length,
    items,
    columns: {},
    errors: [],
    warnings: [],
    skipped: 0,
    counts: { quit: 0, duplicates: 0, approximate: 0 },
  };
}

interface Case {
  name: string;
  creators: KnownCreator[];
  before: StoredMonthRow[];
  /** The rows as handed on while reading (a creator listed twice: both rows, the winner last). */
  handed: BackstageRow[];
  /** The read file's items (one per username). */
  items: BackstageRow[];
  answers?: Partial<Answers>;
  counts: { new: number; changed: number; unchanged: number; unknown: number; missing: number; zeroed: number };
  missing: string[];
  imported: number;
}

const cases: Case[] = [
  {
    name: 'every creator in the file',
    creators: [creator('a'), creator('b'), creator('c', 'pending')],
    before: [stored('a', 5), stored('b', 7)],
    handed: [row(2, 'a', 5), row(3, 'b', 8), row(4, 'c', 1)],
    items: [row(2, 'a', 5), row(3, 'b', 8), row(4, 'c', 1)],
    counts: { new: 1, changed: 1, unchanged: 1, unknown: 0, missing: 0, zeroed: 0 },
    missing: [],
    imported: 3,
  },
  {
    name: 'a creator with stored figures missing, another listed twice',
    creators: [creator('a'), creator('b'), creator('c')],
    before: [stored('a', 5), stored('b', 7)],
    handed: [row(2, 'a', 5), row(3, 'c', 1), row(4, 'c', 9)],
    items: [row(2, 'a', 5), row(4, 'c', 9)],
    counts: { new: 1, changed: 0, unchanged: 1, unknown: 0, missing: 1, zeroed: 0 },
    missing: ['b'],
    imported: 2,
  },
  {
    name: 'an active creator without figures missing (a pending one is not expected), one listed twice',
    creators: [creator('a'), creator('b'), creator('c', 'pending')],
    before: [stored('a', 5)],
    handed: [row(2, 'a', 1), row(3, 'a', 6)],
    items: [row(3, 'a', 6)],
    counts: { new: 0, changed: 1, unchanged: 0, unknown: 0, missing: 1, zeroed: 0 },
    missing: ['b'],
    imported: 1,
  },
  {
    name: 'an active creator without figures missing while the other is listed twice',
    creators: [creator('a'), creator('b')],
    before: [],
    handed: [row(2, 'a', 1), row(3, 'a', 6)],
    items: [row(3, 'a', 6)],
    counts: { new: 1, changed: 0, unchanged: 0, unknown: 0, missing: 1, zeroed: 0 },
    missing: ['b'],
    imported: 1,
  },
  {
    name: 'a creator with stored figures missing while the other is listed twice',
    creators: [creator('a'), creator('b')],
    before: [stored('a', 5), stored('b', 7)],
    handed: [row(2, 'a', 1), row(3, 'a', 6)],
    items: [row(3, 'a', 6)],
    counts: { new: 0, changed: 1, unchanged: 0, unknown: 0, missing: 1, zeroed: 0 },
    missing: ['b'],
    imported: 1,
  },
  {
    name: 'creators missing set to zero, an unknown username skipped',
    creators: [creator('a'), creator('b'), creator('c')],
    before: [stored('a', 5), stored('b', 7)],
    handed: [row(2, 'a', 6), row(3, 'x', 4)],
    items: [row(2, 'a', 6), row(3, 'x', 4)],
    answers: { missing: 'zero' },
    counts: { new: 0, changed: 1, unchanged: 0, unknown: 1, missing: 2, zeroed: 1 },
    missing: ['b', 'c'],
    imported: 1,
  },
  {
    name: 'unknown usernames created: every known creator is in the file too',
    creators: [creator('a')],
    before: [],
    handed: [row(2, 'x', 4), row(3, 'a', 1), row(4, 'y', 2), row(5, 'x', 6)],
    items: [row(3, 'a', 1), row(4, 'y', 2), row(5, 'x', 6)],
    answers: { createUnknown: true },
    counts: { new: 1, changed: 0, unchanged: 0, unknown: 2, missing: 0, zeroed: 0 },
    missing: [],
    imported: 3,
  },
];

/** The case's creators, each with its stored row (as readCreatorsAndMonth gives them), and the stored rows. */
function inputOf(test: Case): PlanInput {
  const before = test.before.map((row) => ({ ...row }));
  const creators = test.creators.map((known) => ({ ...known, stored: before.find((row) => row.creatorId === known.id) ?? null }));
  return {
    read: readOf(test.items.map((item) => ({ ...item }))),
    asOf: AS_OF,
    answers: { acceptWindow: false, missing: 'keep', createUnknown: false, ...test.answers },
    now: NOW,
    dryRun: false,
    creators: new Map(creators.map((known) => [known.tiktokUsername, known])),
    before,
  };
}

describe('planUpload: creators missing from the file and unknown usernames', () => {
  for (const test of cases) {
    it(test.name, () => {
      const checked = planUpload(inputOf(test));

      const input = inputOf(test);
      const context = rowContextOf(monthOfUpload(input.read.file, input.asOf, input.answers), input.now);
      const planner = new RowPlanner(context, input.creators, input.answers.createUnknown);
      // The items are the rows handed on last for their username (the same objects, as the reader gives them).
      const byRow = new Map(input.read.items.map((item) => [item.row, item]));
      for (const handed of test.handed) planner.add(byRow.get(handed.row) ?? { ...handed });
      const streamed = planUpload({ ...input, planner });

      for (const plan of [checked, streamed]) {
        expect(plan.report.counts).toMatchObject(test.counts);
        expect(plan.report.imported).toBe(test.imported);
        expect(plan.report.warnings.filter((warning) => warning.kind === 'missingFromFile').map((warning) => warning.tiktokUsername)).toEqual(test.missing);
        expect(plan.rows.map((planned) => planned.tiktokUsername).sort()).toEqual([...test.items.filter((item) => test.creators.some((known) => known.tiktokUsername === item.tiktokUsername) || input.answers.createUnknown).map((item) => item.tiktokUsername), ...(input.answers.missing === 'zero' ? test.missing.filter((name) => test.before.some((figures) => figures.tiktokUsername === name)) : [])].sort());
      }
      expect(streamed.report).toEqual(checked.report);
    });
  }

  it('refuses rows planned against other creators', () => {
    const input = inputOf(cases[0]!);
    const planner = new RowPlanner(rowContextOf(monthOfUpload(input.read.file, input.asOf, input.answers), input.now), new Map(input.creators), false);
    for (const item of input.read.items) planner.add(item);
    expect(() => planUpload({ ...input, planner })).toThrow('planned against other creators');
  });
});
