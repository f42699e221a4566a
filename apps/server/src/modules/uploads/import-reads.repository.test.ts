import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/schema.ts';
import { readCreatorsAndMonth } from './import-reads.repository.ts';

// readCreatorsAndMonth reads lines of text on PostgreSQL and JSON on PGlite: every value comes
// back exactly, nulls as null, on both databases (this file runs on each).

describe("an import's read of the creators and the month", () => {
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};
  let affiliateId = '';

  beforeAll(async () => {
    handle = await createTestDatabase();
    affiliateId = (await createUser(handle.db)).id;
    const made = await handle.db
      .insert(creators)
      .values([
        { tiktokUsername: 'star.one', status: 'active', joinedAt: new Date('2025-01-01T00:00:00.123Z'), affiliateId },
        { tiktokUsername: 'no_month', status: 'pending', joinedAt: new Date('2026-09-03T10:20:30Z') },
        { tiktokUsername: 'xy', status: 'inactive', joinedAt: new Date('2026-09-01T00:00:00Z') },
        { tiktokUsername: 'quit.99', status: 'active', joinedAt: new Date('2026-02-28T23:59:59.999Z') },
      ])
      .returning({ id: creators.id, tiktokUsername: creators.tiktokUsername });
    for (const row of made) ids[row.tiktokUsername] = row.id;
    await handle.db.insert(creatorMonths).values([
      { creatorId: ids['star.one']!, period: '2026-09', diamonds: Number.MAX_SAFE_INTEGER, validDays: 31, liveSeconds: 2_678_400, matches: 40, lastLiveAt: new Date('2026-09-15T21:04:05.678Z'), achievedBps: 10_000, requirementState: 'onTrack' },
      { creatorId: ids['xy']!, period: '2026-09', diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null, achievedBps: 0, requirementState: null },
      { creatorId: ids['quit.99']!, period: '2026-09', diamonds: 2_980_000, validDays: 12, liveSeconds: 431_251, matches: 7, lastLiveAt: new Date('2026-09-30T23:59:59Z'), achievedBps: 4_321, requirementState: 'atRisk', leftNetwork: true },
      // Another month: not read.
      { creatorId: ids['no_month']!, period: '2026-08', diamonds: 5, validDays: 1, liveSeconds: 1, matches: 1, achievedBps: 1, requirementState: 'failing' },
    ]);
    // A time with microseconds, as PostgreSQL may hold it (a JS Date has milliseconds only).
    await handle.db.execute(sql`update creator_months set last_live_at = '2026-09-20 08:00:00.123456+00' where creator_id = ${ids['xy']!} and period = '2026-09'`);
  });
  afterAll(() => handle.close());

  it('gives every creator with its row of the month, exactly', async () => {
    const { creators: byName, stored } = await handle.db.transaction((tx) => readCreatorsAndMonth(tx, '2026-09'));
    expect([...byName.keys()].sort()).toEqual(['no_month', 'quit.99', 'star.one', 'xy']);
    expect(byName.get('no_month')).toEqual({ id: ids['no_month'], tiktokUsername: 'no_month', status: 'pending', joinedAt: new Date('2026-09-03T10:20:30Z'), affiliateId: null, stored: null });
    expect(byName.get('star.one')).toEqual({
      id: ids['star.one'],
      tiktokUsername: 'star.one',
      status: 'active',
      joinedAt: new Date('2025-01-01T00:00:00.123Z'),
      affiliateId,
      stored: { creatorId: ids['star.one'], tiktokUsername: 'star.one', diamonds: Number.MAX_SAFE_INTEGER, validDays: 31, liveSeconds: 2_678_400, requirementState: 'onTrack', matches: 40, lastLiveAtMs: Date.parse('2026-09-15T21:04:05.678Z'), achievedBps: 10_000, leftNetwork: false },
    });
    expect(byName.get('xy')!.stored).toEqual({ creatorId: ids['xy'], tiktokUsername: 'xy', diamonds: 0, validDays: 0, liveSeconds: 0, requirementState: null, matches: 0, lastLiveAtMs: Date.parse('2026-09-20T08:00:00.123Z') + 0.456, achievedBps: 0, leftNetwork: false });
    expect(byName.get('quit.99')).toMatchObject({ joinedAt: new Date('2026-02-28T23:59:59.999Z'), stored: { diamonds: 2_980_000, lastLiveAtMs: Date.parse('2026-09-30T23:59:59Z'), requirementState: 'atRisk', leftNetwork: true } });
    // The stored rows are the creators' own objects.
    expect(stored.map((row) => row.tiktokUsername).sort()).toEqual(['quit.99', 'star.one', 'xy']);
    for (const row of stored) expect(byName.get(row.tiktokUsername)!.stored).toBe(row);
  });

  it('gives the creators without rows for a month nobody wrote', async () => {
    const { creators: byName, stored } = await handle.db.transaction((tx) => readCreatorsAndMonth(tx, '2026-10'));
    expect(byName.size).toBe(4);
    expect(stored).toEqual([]);
    expect([...byName.values()].every((creator) => creator.stored === null)).toBe(true);
  });
});
