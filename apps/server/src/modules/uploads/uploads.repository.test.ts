import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/schema.ts';
import { copyMonthRows, copyText, insertMonthRows, monthCopyText, writeMonthRows, type MonthRowInput } from './month-rows.repository.ts';
import { beginMonthRowWrites, endMonthRowWrites } from './month-write-settings.ts';
import { updateMonthRows } from './month-updates.repository.ts';

const UPLOAD_ID = '6f1c2a52-5d0e-4c1b-9a57-0c3f4d1e2b7a';
const AT = new Date('2026-09-16T10:00:00.123Z');

/** A test database with four creators, and a month row for each (not written yet). */
async function monthRowsFixture(): Promise<{ handle: DatabaseHandle; rows: MonthRowInput[] }> {
  const handle = await createTestDatabase();
  const made = await handle.db
    .insert(creators)
    .values(['star.one', 'dance_vibes', 'a_b.c_d', 'xyz.9'].map((tiktokUsername) => ({ tiktokUsername, status: 'active' as const, joinedAt: new Date('2025-01-01T00:00:00Z') })))
    .returning({ id: creators.id, tiktokUsername: creators.tiktokUsername });
  const id = (name: string) => made.find((row) => row.tiktokUsername === name)!.id;
  const rows: MonthRowInput[] = [
    { creatorId: id('star.one'), diamonds: 2_980_000, validDays: 12, liveSeconds: 431_251, matches: 7, lastLiveAt: new Date('2026-09-15T21:04:05.678Z'), achievedBps: 10_000, requirementState: 'onTrack', leftNetwork: false },
    { creatorId: id('dance_vibes'), diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null, achievedBps: 0, requirementState: 'failing', leftNetwork: false },
    { creatorId: id('a_b.c_d'), diamonds: Number.MAX_SAFE_INTEGER, validDays: 31, liveSeconds: 2_678_400, matches: 40, lastLiveAt: new Date('2026-09-01T00:00:00Z'), achievedBps: 4_321, requirementState: 'atRisk', leftNetwork: false },
    { creatorId: id('xyz.9'), diamonds: 1, validDays: 1, liveSeconds: 1, matches: 1, lastLiveAt: null, achievedBps: 1, requirementState: 'atRisk', leftNetwork: false },
  ];
  return { handle, rows };
}

/** The month's rows as stored, by username. */
function monthRowsOf(handle: DatabaseHandle, period: string) {
  return handle.db
    .select({
      creatorId: creatorMonths.creatorId,
      tiktokUsername: creators.tiktokUsername,
      diamonds: creatorMonths.diamonds,
      validDays: creatorMonths.validDays,
      liveSeconds: creatorMonths.liveSeconds,
      matches: creatorMonths.matches,
      lastLiveAt: creatorMonths.lastLiveAt,
      achievedBps: creatorMonths.achievedBps,
      requirementState: creatorMonths.requirementState,
      leftNetwork: creatorMonths.leftNetwork,
      uploadId: creatorMonths.uploadId,
      updatedAt: creatorMonths.updatedAt,
    })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(eq(creatorMonths.period, period))
    .orderBy(asc(creators.tiktokUsername));
}

describe('month rows: COPY (PostgreSQL) writes exactly what the unnest insert writes', () => {
  let handle: DatabaseHandle;
  let rows: MonthRowInput[];

  beforeAll(async () => {
    ({ handle, rows } = await monthRowsFixture());
  });
  afterAll(() => handle.close());

  const monthRows = (period: string) => monthRowsOf(handle, period);

  it('the same rows, null last LIVE and usernames with dots and underscores included', async () => {
    let copied = false;
    await handle.db.transaction(async (tx) => {
      copied = await copyMonthRows(tx, '2026-08', UPLOAD_ID, AT, rows, 0, 1);
      if (!copied) await insertMonthRows(tx, '2026-08', UPLOAD_ID, AT, rows, 0, 1);
      await writeMonthRows(tx, '2026-08', UPLOAD_ID, AT, rows, 1, rows.length);
    });
    // COPY needs a PostgreSQL transaction; PGlite (and the database outside a transaction) insert.
    expect(copied).toBe(handle.kind === 'postgres');
    expect(await copyMonthRows(handle.db, '2026-07', UPLOAD_ID, AT, rows)).toBe(false);
    await handle.db.transaction((tx) => insertMonthRows(tx, '2026-09', UPLOAD_ID, AT, rows));
    const viaCopy = await monthRows('2026-08');
    expect(viaCopy).toHaveLength(4);
    expect(viaCopy).toEqual(await monthRows('2026-09'));
    expect(viaCopy.find((row) => row.tiktokUsername === 'dance_vibes')).toMatchObject({ lastLiveAt: null, requirementState: 'failing' });
    expect(viaCopy.find((row) => row.tiktokUsername === 'a_b.c_d')).toMatchObject({ diamonds: Number.MAX_SAFE_INTEGER, lastLiveAt: new Date('2026-09-01T00:00:00Z') });
    expect(viaCopy[0]!.updatedAt).toEqual(AT);
  });

  it('rows copied in a transaction that then fails are rolled back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await writeMonthRows(tx, '2026-06', UPLOAD_ID, AT, rows, 0, 2);
        await writeMonthRows(tx, '2026-06', UPLOAD_ID, AT, rows, 2, 4);
        // Not visible outside the transaction (PGlite has one connection: it would wait for this one).
        if (handle.kind === 'postgres') expect(await monthRows('2026-06')).toHaveLength(0);
        throw new Error('late fault');
      }),
    ).rejects.toThrow('late fault');
    expect(await monthRows('2026-06')).toEqual([]);
  });

  it('a COPY that breaks a constraint fails the whole transaction', async () => {
    const negative = [{ ...rows[0]!, diamonds: -1 }];
    await expect(handle.db.transaction((tx) => writeMonthRows(tx, '2026-05', UPLOAD_ID, AT, negative))).rejects.toThrow();
    expect(await monthRows('2026-05')).toEqual([]);
  });

  it('a row of a creator that does not exist fails the transaction, with the per-row check off on PGlite too', async () => {
    const ghost = [{ ...rows[0]!, creatorId: '0b7d8a4e-3f1e-4c55-8d7a-5e2b9c1f0a11' }];
    await expect(
      handle.db.transaction(async (tx) => {
        await beginMonthRowWrites(tx);
        await writeMonthRows(tx, '2026-04', UPLOAD_ID, AT, [...rows.slice(1), ...ghost]);
        await endMonthRowWrites(tx, '2026-04', UPLOAD_ID);
      }),
    ).rejects.toThrow();
    expect(await monthRows('2026-04')).toEqual([]);
    // Rows of existing creators go through, and the check is local to the transaction.
    await handle.db.transaction(async (tx) => {
      await beginMonthRowWrites(tx);
      await writeMonthRows(tx, '2026-03', UPLOAD_ID, AT, rows);
      await endMonthRowWrites(tx, '2026-03', UPLOAD_ID);
    });
    expect(await monthRows('2026-03')).toHaveLength(4);
    await expect(handle.db.transaction((tx) => writeMonthRows(tx, '2026-02', UPLOAD_ID, AT, ghost))).rejects.toThrow();
  });
});

describe('month rows updated in place', () => {
  let handle: DatabaseHandle;
  let rows: MonthRowInput[];
  const LATER_UPLOAD = '6f1c2b1e-9d7a-4c3b-8e5f-2a1b0c9d8e7f';
  const LATER = new Date('2026-09-20T08:00:00.000Z');

  beforeAll(async () => {
    ({ handle, rows } = await monthRowsFixture());
    await handle.db.transaction((tx) => writeMonthRows(tx, '2026-09', UPLOAD_ID, AT, rows));
  });
  afterAll(() => handle.close());

  it('replaces every figure, the upload and the time of the rows named, and leaves the others as they were', async () => {
    const before = await monthRowsOf(handle, '2026-09');
    const changed = [
      { ...rows[1]!, diamonds: 123_456, validDays: 9, liveSeconds: 7_200, matches: 3, lastLiveAt: new Date('2026-09-19T21:00:00Z'), achievedBps: 10_000, requirementState: 'onTrack' as const, leftNetwork: true },
      { ...rows[3]!, diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null, achievedBps: 0, requirementState: 'failing' as const, leftNetwork: false },
    ];
    await handle.db.transaction((tx) => updateMonthRows(tx, '2026-09', LATER_UPLOAD, LATER, changed));
    const after = await monthRowsOf(handle, '2026-09');
    expect(after).toHaveLength(4);
    for (const row of after) {
      const update = changed.find((candidate) => candidate.creatorId === row.creatorId);
      if (!update) {
        expect(row).toEqual(before.find((candidate) => candidate.creatorId === row.creatorId));
        continue;
      }
      expect(row).toMatchObject({
        diamonds: update.diamonds,
        validDays: update.validDays,
        liveSeconds: update.liveSeconds,
        matches: update.matches,
        lastLiveAt: update.lastLiveAt,
        achievedBps: update.achievedBps,
        requirementState: update.requirementState,
        leftNetwork: update.leftNetwork,
        uploadId: LATER_UPLOAD,
        updatedAt: LATER,
      });
    }
  });

  it('a row that is not there fails the update and the transaction changes nothing', async () => {
    const before = await monthRowsOf(handle, '2026-09');
    const ghost = { ...rows[0]!, creatorId: '0b7d8a4e-3f1e-4c55-8d7a-5e2b9c1f0a11', diamonds: 1 };
    await expect(handle.db.transaction((tx) => updateMonthRows(tx, '2026-09', LATER_UPLOAD, AT, [{ ...rows[0]!, diamonds: 77 }, ghost]))).rejects.toThrow(/2 rows to update, 1 found/);
    // Another month: no row of the creator there.
    await expect(handle.db.transaction((tx) => updateMonthRows(tx, '2026-08', LATER_UPLOAD, AT, [rows[0]!]))).rejects.toThrow(/1 rows to update, 0 found/);
    expect(await monthRowsOf(handle, '2026-09')).toEqual(before);
  });
});

describe('COPY text format', () => {
  it('escapes backslash, tab, newline and carriage return; leaves the rest', () => {
    expect(copyText('creator.one_2')).toBe('creator.one_2');
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
  });

  it('writes null as \\N, dates as ISO, and refuses a fraction in a whole number', () => {
    const row: MonthRowInput = { creatorId: 'c1', diamonds: 5, validDays: 2, liveSeconds: 3, matches: 0, lastLiveAt: null, achievedBps: 7, requirementState: 'onTrack', leftNetwork: false };
    expect(monthCopyText('2026-09', 'u1', AT, [row])).toBe('c1\t2026-09\t5\t2\t3\t0\t\\N\t7\tonTrack\tf\tu1\t2026-09-16T10:00:00.123Z\n');
    expect(() => monthCopyText('2026-09', 'u1', AT, [{ ...row, diamonds: 1.5 }])).toThrow(/whole number/);
  });
});
