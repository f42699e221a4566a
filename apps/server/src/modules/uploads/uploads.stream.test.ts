import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators } from '../../db/schema.ts';
import { createLocalStorage } from '../../lib/storage/index.ts';
import { createUploadsService } from './uploads.service.ts';

/**
 * The import plans and writes each row while the file is read (month-writer.ts). With one row per
 * write batch, every case where a later row changes what was handed on earlier reaches the
 * database: the month must end exactly as the check of the same file says, whatever the batches.
 */
describe('earnings upload: rows written while the file is read', () => {
  let t: TestApp;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-09-16T10:00:00Z') });
    adminId = (await createUser(t.db, { email: 'boss@example.com', role: 'admin' })).id;
    const joinedAt = new Date('2025-01-01T00:00:00Z');
    await t.db.insert(creators).values(['kept.same', 'moved.twice', 'dated.late', 'zero.me'].map((tiktokUsername) => ({ tiktokUsername, status: 'active' as const, joinedAt })));
  });
  afterAll(() => t.close());

  async function month() {
    const rows = await t.db
      .select({ username: creators.tiktokUsername, diamonds: creatorMonths.diamonds, validDays: creatorMonths.validDays, lastLiveAt: creatorMonths.lastLiveAt })
      .from(creatorMonths)
      .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
      .where(eq(creatorMonths.period, '2026-09'));
    return Object.fromEntries(rows.map(({ username, lastLiveAt, ...rest }) => [username, { ...rest, lastLiveAt: lastLiveAt?.toISOString() ?? null }]));
  }

  // Changed rows are staged and written by one UPDATE each `applyEvery` staged rows, and at the end.
  it.each([
    [1, 1],
    [1, 1000],
    [2, 2],
    [3, 1000],
    [1000, 1000],
  ])('batches of %i, an UPDATE each %i staged rows: duplicates replaced after their first row was written, new creators listed twice, dates that wait for their column, zeroed creators', async (batch, applyEvery) => {
    const service = createUploadsService({ db: t.db, clock: t.clock, storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'upload-stream-'))), monthInsertBatch: batch, monthApplyEvery: applyEvery });
    const actor = { id: adminId, ip: '127.0.0.1' };
    const base = ["Creator's username,Diamonds,Valid go LIVE days,Last LIVE", 'kept.same,100,1,2026-09-01', 'moved.twice,200,2,2026-09-02', 'zero.me,300,3,-'];
    expect(await service.importFile(actor, { fileName: 'a.csv', data: Buffer.from(`${base.join('\n')}\n`), asOf: '2026-09-16', dryRun: false, createUnknown: false })).toMatchObject({ ok: true });

    const lines = [
      "Creator's username,Diamonds,Valid go LIVE days,Last LIVE",
      'kept.same,100,1,2026-09-01',
      'moved.twice,150,2,2026-09-03',
      'new.twice,10,1,2026-09-04',
      'dated.late,50,1,2/9/2026',
      'moved.twice,900,9,2026-09-05',
      'new.twice,20,2,2026-09-06',
      'new.once,5,1,-',
      'dated.late,40,1,3/9/2026',
      'new.twice,15,1,2026-09-07',
    ];
    const data = Buffer.from(`${lines.join('\n')}\n`);
    const input = { fileName: 'b.csv', data, asOf: '2026-09-16', dryRun: true, createUnknown: true, missing: 'zero' as const };
    const check = await service.importFile(actor, input);
    expect(check).toMatchObject({ ok: true, report: { imported: 5, created: 2, counts: { zeroed: 1, duplicates: 4 } } });
    const committed = await service.importFile(actor, { ...input, dryRun: false });
    expect(committed).toMatchObject({ ok: true, report: { imported: 5, created: 2, counts: { zeroed: 1, duplicates: 4 } } });
    expect(await month()).toEqual({
      'kept.same': { diamonds: 100, validDays: 1, lastLiveAt: '2026-09-01T00:00:00.000Z' },
      'moved.twice': { diamonds: 900, validDays: 9, lastLiveAt: '2026-09-05T00:00:00.000Z' },
      // Day first (the agency's locale: the column cannot tell), the higher diamonds kept.
      'dated.late': { diamonds: 50, validDays: 1, lastLiveAt: '2026-09-02T00:00:00.000Z' },
      'new.twice': { diamonds: 20, validDays: 2, lastLiveAt: '2026-09-06T00:00:00.000Z' },
      'new.once': { diamonds: 5, validDays: 1, lastLiveAt: null },
      'zero.me': { diamonds: 0, validDays: 0, lastLiveAt: null },
    });
    expect(await t.db.select({ id: creators.id }).from(creators).where(eq(creators.tiktokUsername, 'new.twice'))).toHaveLength(1);
    // The next case starts from no month and no created creators.
    await t.db.delete(creatorMonths);
    await t.db.delete(creators).where(eq(creators.tiktokUsername, 'new.twice'));
    await t.db.delete(creators).where(eq(creators.tiktokUsername, 'new.once'));
  });

  // On PGlite a month's first import writes into a new table swapped in at the end; rows staged
  // before the swap (a creator listed twice, its first row already written) are written after it.
  it.each([
    [1, 1],
    [2, 1000],
  ])('the month\'s first import, batches of %i, an UPDATE each %i staged rows: a creator listed twice after its first row was written', async (batch, applyEvery) => {
    await t.db.delete(creatorMonths);
    const service = createUploadsService({ db: t.db, clock: t.clock, storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'upload-stream-'))), monthInsertBatch: batch, monthApplyEvery: applyEvery });
    const lines = ["Creator's username,Diamonds,Valid go LIVE days", 'moved.twice,150,2', 'kept.same,100,1', 'zero.me,7,1', 'moved.twice,900,9', 'fresh.twice,5,1', 'fresh.twice,6,2'];
    const outcome = await service.importFile({ id: adminId, ip: '127.0.0.1' }, { fileName: 'first.csv', data: Buffer.from(`${lines.join('\n')}\n`), asOf: '2026-09-16', dryRun: false, createUnknown: true });
    expect(outcome).toMatchObject({ ok: true, report: { imported: 4, created: 1, counts: { duplicates: 2 } } });
    expect(await month()).toEqual({
      'moved.twice': { diamonds: 900, validDays: 9, lastLiveAt: null },
      'kept.same': { diamonds: 100, validDays: 1, lastLiveAt: null },
      'zero.me': { diamonds: 7, validDays: 1, lastLiveAt: null },
      'fresh.twice': { diamonds: 6, validDays: 2, lastLiveAt: null },
    });
    await t.db.delete(creatorMonths);
    await t.db.delete(creators).where(eq(creators.tiktokUsername, 'fresh.twice'));
  });

  it('a file that turns out to have an error after rows were written leaves the month as it was', async () => {
    const service = createUploadsService({ db: t.db, clock: t.clock, storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'upload-stream-'))), monthInsertBatch: 1 });
    const actor = { id: adminId, ip: '127.0.0.1' };
    await service.importFile(actor, { fileName: 'a.csv', data: Buffer.from("Creator's username,Diamonds\nkept.same,100\n"), asOf: '2026-09-16', dryRun: false, createUnknown: false });
    const before = await month();
    const outcome = await service.importFile(actor, {
      fileName: 'b.csv',
      data: Buffer.from("Creator's username,Diamonds\nkept.same,700\nmoved.twice,800\nbrand.new,1\ndated.late,lots\n"),
      asOf: '2026-09-16',
      dryRun: false,
      createUnknown: true,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'UPLOAD_INVALID' });
    expect(await month()).toEqual(before);
    expect(await t.db.select({ id: creators.id }).from(creators).where(eq(creators.tiktokUsername, 'brand.new'))).toEqual([]);
  });
});
