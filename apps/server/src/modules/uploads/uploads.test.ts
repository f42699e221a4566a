import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, creatorMonths, creators, memberMonths, notificationRecipients, notifications, uploads } from '../../db/schema.ts';
import { readBackstageFile } from './backstage-parser.ts';
import { backstageCsv, backstageXlsx, postUpload } from './uploads-test-support.ts';

const PASSWORD = 'Uploads-pass-1';
const AS_OF = '2026-09-16';
const PERIOD = '2026-09';

interface Report {
  period: string;
  rows: number;
  imported: number;
  created: number;
  skipped: number;
  dryRun: boolean;
  uploadId: string | null;
  counts: { new: number; changed: number; unchanged: number; unknown: number; missing: number; zeroed: number; quit: number; duplicates: number; approximate: number };
  warnings: { kind: string; tiktokUsername: string | null; row: number | null; params: Record<string, unknown> }[];
  errors: { row: number; column: string | null; code: string; params: Record<string, unknown> }[];
  changes: { tiktokUsername: string; kind: string; before: unknown; after: unknown }[];
  columns: Record<string, string>;
}

describe('earnings upload API', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  let adminId: string;
  let memberA: string;
  let memberB: string;

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-09-16T10:00:00Z') });
    adminId = (await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin', firstName: 'Ada', lastName: 'Admin' })).id;
    memberA = (await createUser(t.db, { email: 'a@example.com', password: PASSWORD })).id;
    memberB = (await createUser(t.db, { email: 'b@example.com', password: PASSWORD, commissionRateBps: 500 })).id;
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.delete(notificationRecipients);
    await t.db.delete(notifications);
    await t.db.delete(uploads);
    await t.db.delete(memberMonths);
    await t.db.delete(creators);
    const joinedAt = new Date('2025-01-01T00:00:00Z');
    await t.db.insert(creators).values([
      { tiktokUsername: 'a.one', status: 'active', affiliateId: memberA, joinedAt },
      { tiktokUsername: 'a.two', status: 'active', affiliateId: memberA, joinedAt },
      { tiktokUsername: 'b.one', status: 'active', affiliateId: memberB, joinedAt },
      { tiktokUsername: 'quiet.one', status: 'active', affiliateId: null, joinedAt },
    ]);
  });

  const upload = (request: Parameters<typeof postUpload>[2]) => postUpload(t.app, adminToken, request);

  async function earningsOf(memberId: string) {
    const [row] = await t.db.select().from(memberMonths).where(eq(memberMonths.memberId, memberId));
    return row ? { diamonds: row.diamonds, earningsCents: row.earningsCents, rateBps: row.rateBps } : null;
  }

  async function monthOf(username: string) {
    const [row] = await t.db
      .select({ diamonds: creatorMonths.diamonds, validDays: creatorMonths.validDays, liveSeconds: creatorMonths.liveSeconds, state: creatorMonths.requirementState, uploadId: creatorMonths.uploadId })
      .from(creatorMonths)
      .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
      .where(eq(creators.tiktokUsername, username));
    return row ?? null;
  }

  async function snapshot() {
    return JSON.stringify({
      creators: await t.db.select().from(creators).orderBy(asc(creators.tiktokUsername)),
      creatorMonths: await t.db.select().from(creatorMonths).orderBy(asc(creatorMonths.creatorId)),
      memberMonths: await t.db.select().from(memberMonths).orderBy(asc(memberMonths.memberId)),
      uploads: await t.db.select().from(uploads),
      notifications: await t.db.select().from(notifications),
      activity: (await t.db.select().from(activityLog).where(eq(activityLog.action, 'upload.committed'))).length,
    });
  }

  it('turns 4,000,000 diamonds of one member into exactly 40000 cents; a personal rate of 500 bps overrides the tiers', async () => {
    const file = backstageCsv([
      ['a.one', '2,500,000', 12, 30],
      ['@A.Two', '1.5M', 10, 20],
      ['b.one', '1,000,000', 3, 5],
      ['quiet.one', '-'],
    ]);
    const response = await upload({ name: 'creator-data.csv', data: file, asOf: AS_OF });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ error: false, messageCode: 'FILE_UPLOADED', message: 'File upload successfully' });
    const report = response.body.data as Report;
    expect(report).toMatchObject({ period: PERIOD, rows: 4, imported: 4, created: 0, skipped: 0, dryRun: false });
    // `1.5M` is a rounded figure: flagged.
    expect(report.counts).toEqual({ new: 4, changed: 0, unchanged: 0, unknown: 0, missing: 0, zeroed: 0, quit: 0, duplicates: 0, approximate: 1 });
    expect(report.uploadId).toEqual(expect.any(String));

    expect(await earningsOf(memberA)).toEqual({ diamonds: 4_000_000, earningsCents: 40_000, rateBps: 200 });
    expect(await earningsOf(memberB)).toEqual({ diamonds: 1_000_000, earningsCents: 25_000, rateBps: 500 });
    expect(await monthOf('a.one')).toMatchObject({ diamonds: 2_500_000, validDays: 12, liveSeconds: 30 * 3600, state: 'onTrack', uploadId: report.uploadId });
  });

  it('reads the same figures from an .xlsx', async () => {
    const response = await upload({ data: await backstageXlsx([['a.one', 2_500_000, 12, 30], ['a.two', 1_500_000, 10, 20]]), asOf: AS_OF });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await earningsOf(memberA)).toEqual({ diamonds: 4_000_000, earningsCents: 40_000, rateBps: 200 });
  });

  it('a second upload of the month replaces the figures (never adds); creators missing from it keep theirs unless the admin zeroes them', async () => {
    await upload({ data: backstageCsv([['a.one', 2_500_000], ['a.two', 1_500_000], ['b.one', 1_000_000]]), asOf: '2026-09-10' });
    const again = await upload({ data: backstageCsv([['a.one', 1_000_000], ['a.two', 1_500_000]]), asOf: AS_OF });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const report = again.body.data as Report;
    expect(report.counts).toMatchObject({ new: 0, changed: 1, unchanged: 1, missing: 2 });
    expect(report.changes.map((change) => [change.tiktokUsername, change.kind])).toEqual([
      ['a.one', 'changed'],
      ['b.one', 'kept'],
      ['a.two', 'unchanged'],
    ]);
    expect(await monthOf('a.one')).toMatchObject({ diamonds: 1_000_000 });
    expect(await monthOf('b.one')).toMatchObject({ diamonds: 1_000_000 });
    expect(await earningsOf(memberA)).toEqual({ diamonds: 2_500_000, earningsCents: 12_500, rateBps: 100 });
    expect(await earningsOf(memberB)).toEqual({ diamonds: 1_000_000, earningsCents: 25_000, rateBps: 500 });

    const zeroed = await upload({ data: backstageCsv([['a.one', 1_000_000], ['a.two', 1_500_000]]), asOf: AS_OF, extraFields: { missing: 'zero' } });
    expect(zeroed.status).toBe(201);
    expect((zeroed.body.data as Report).changes.map((change) => [change.tiktokUsername, change.kind])).toEqual([
      ['b.one', 'zeroed'],
      ['a.one', 'unchanged'],
      ['a.two', 'unchanged'],
    ]);
    expect(await monthOf('b.one')).toMatchObject({ diamonds: 0, validDays: 0, liveSeconds: 0 });
    expect(await earningsOf(memberB)).toEqual({ diamonds: 0, earningsCents: 0, rateBps: 500 });
  });

  it('a re-import writes only the difference: an unchanged row keeps the upload that wrote it', async () => {
    const first = (await upload({ data: backstageCsv([['a.one', 100, 5, 10], ['a.two', 200, 5, 10], ['b.one', 300, 5, 10], ['quiet.one', 0]]), asOf: AS_OF })).body.data as Report;
    const second = await upload({ data: backstageCsv([['a.one', 100, 5, 10], ['a.two', 250, 5, 10], ['quiet.one', 0]]), asOf: AS_OF });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const report = second.body.data as Report;
    expect(report.counts).toMatchObject({ new: 0, changed: 1, unchanged: 2 });
    expect(await monthOf('a.one')).toMatchObject({ diamonds: 100, uploadId: first.uploadId });
    expect(await monthOf('a.two')).toMatchObject({ diamonds: 250, uploadId: report.uploadId });
    expect(await monthOf('b.one')).toMatchObject({ diamonds: 300, uploadId: first.uploadId });
    expect(await monthOf('quiet.one')).toMatchObject({ diamonds: 0, state: 'atRisk', uploadId: first.uploadId });
    expect(await t.db.select().from(creatorMonths).where(eq(creatorMonths.period, PERIOD))).toHaveLength(4);
    expect(await earningsOf(memberA)).toEqual({ diamonds: 350, earningsCents: expect.any(Number), rateBps: expect.any(Number) });

    // The same figures later in the month: the state is computed anew, so the row is written again.
    const later = (await upload({ data: backstageCsv([['a.one', 100, 5, 10], ['a.two', 250, 5, 10], ['quiet.one', 0], ['b.one', 300, 5, 10]]), asOf: '2026-09-28' })).body.data as Report;
    expect(await monthOf('quiet.one')).toMatchObject({ diamonds: 0, state: 'failing', uploadId: later.uploadId });
    expect(await monthOf('b.one')).toMatchObject({ diamonds: 300, uploadId: later.uploadId });
    expect(await t.db.select().from(creatorMonths).where(eq(creatorMonths.period, PERIOD))).toHaveLength(4);
  });

  it('a dry run answers 200 with the report and writes nothing', async () => {
    await upload({ data: backstageCsv([['a.one', 100]]), asOf: AS_OF });
    const before = await snapshot();
    const response = await upload({ data: backstageCsv([['a.one', 200], ['nobody.here', 5]]), asOf: AS_OF, dryRun: true, createUnknown: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body.data as Report;
    expect(report).toMatchObject({ dryRun: true, imported: 2, created: 1, uploadId: null });
    expect(report.changes).toEqual(
      expect.arrayContaining([{ tiktokUsername: 'a.one', creatorId: expect.any(String), kind: 'changed', before: { diamonds: 100, validDays: 0, liveSeconds: 0 }, after: { diamonds: 200, validDays: 0, liveSeconds: 0 } }]),
    );
    expect(await snapshot()).toBe(before);
  });

  it('skips unknown usernames with a warning, or creates them with createUnknown', async () => {
    const file = backstageCsv([['a.one', 100], ['new.face', 7_000, 2, 3]]);
    const skipped = await upload({ data: file, asOf: AS_OF });
    expect(skipped.status).toBe(201);
    const report = skipped.body.data as Report;
    expect(report).toMatchObject({ imported: 1, skipped: 1, created: 0 });
    expect(report.counts.unknown).toBe(1);
    expect(report.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'unknownUsername', tiktokUsername: 'new.face', row: 4 })]));
    expect(await t.db.select().from(creators).where(eq(creators.tiktokUsername, 'new.face'))).toHaveLength(0);

    const created = await upload({ data: file, asOf: AS_OF, createUnknown: true });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ imported: 2, skipped: 0, created: 1 });
    const [creator] = await t.db.select().from(creators).where(eq(creators.tiktokUsername, 'new.face'));
    expect(creator).toMatchObject({ status: 'active', affiliateId: null });
    expect(await monthOf('new.face')).toMatchObject({ diamonds: 7_000, validDays: 2, liveSeconds: 3 * 3600 });
  });

  it('warns about active creators missing from the file; a creator who quit is stored and marked', async () => {
    const file = Buffer.from("Creator ID,Creator's username,Diamonds\n1,a.one,5\nThe creator has quit the network,a.two,9\n");
    const response = await upload({ data: file, asOf: AS_OF });
    expect(response.status).toBe(201);
    const report = response.body.data as Report;
    expect(report).toMatchObject({ rows: 2, imported: 2, skipped: 0 });
    expect(report.counts).toMatchObject({ missing: 2, quit: 1 });
    const kinds = report.warnings.map((warning) => `${warning.kind}:${warning.tiktokUsername}`).sort();
    expect(kinds).toEqual(['creatorQuit:a.two', 'missingFromFile:b.one', 'missingFromFile:quiet.one']);
    expect(await monthOf('a.two')).toMatchObject({ diamonds: 9 });
  });

  it('notifies the affiliate once when a creator becomes at risk, not again while it stays at risk', async () => {
    const file = backstageCsv([['a.one', 100, 0, 0], ['a.two', 100, 12, 30]]);
    expect((await upload({ data: file, asOf: AS_OF })).status).toBe(201);
    expect(await monthOf('a.one')).toMatchObject({ state: 'atRisk' });
    const sent = await t.db
      .select({ userId: notificationRecipients.userId, template: notifications.template, params: notifications.params })
      .from(notifications)
      .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id));
    expect(sent).toEqual([{ userId: memberA, template: 'creatorAtRisk', params: { username: '@a.one', count: 1, state: 'atRisk', period: PERIOD } }]);

    expect((await upload({ data: file, asOf: AS_OF })).status).toBe(201);
    expect(await t.db.select().from(notifications)).toHaveLength(1);
  });

  it('lists the history newest first with who, when, file, period and counts, and logs the activity', async () => {
    await upload({ name: '../../etc/first.csv', data: backstageCsv([['a.one', 1]]), asOf: '2026-08-31' });
    t.clock.advanceSeconds(60);
    await upload({ name: 'second.csv', data: backstageCsv([['a.one', 1], ['ghost.user', 2]]), asOf: AS_OF });
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/uploads?pageSize=1', headers: { accesstoken: adminToken } });
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items[0]).toMatchObject({
      fileName: 'second.csv',
      period: PERIOD,
      asOf: AS_OF,
      rows: 2,
      imported: 1,
      skipped: 1,
      missing: 3,
      uploadedBy: { uid: adminId, firstName: 'Ada', lastName: 'Admin' },
    });
    const second = await t.app.inject({ method: 'GET', url: '/api/admin/uploads?page=2&pageSize=1', headers: { accesstoken: adminToken } });
    expect(second.json().data.items[0]).toMatchObject({ fileName: 'first.csv', period: '2026-08' });
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'upload.committed'));
    expect(logged.at(-1)).toMatchObject({ actorId: adminId, entityType: 'upload', after: expect.objectContaining({ fileName: 'second.csv', imported: 1 }) });
  });

  it('refuses a member (403) and asks for a file and a date (400)', async () => {
    const asMember = await postUpload(t.app, memberToken, { data: backstageCsv([['a.one', 1]]), asOf: AS_OF });
    expect(asMember.status).toBe(403);
    const history = await t.app.inject({ method: 'GET', url: '/api/admin/uploads', headers: { accesstoken: memberToken } });
    expect(history.statusCode).toBe(403);

    const noDate = await upload({ data: backstageCsv([['a.one', 1]]) });
    expect(noDate.status).toBe(400);
    expect(noDate.body).toMatchObject({ code: 'FILE_AND_DATE_REQUIRED', message: 'Please select a file and date' });
    const noFile = await upload({ asOf: AS_OF });
    expect(noFile.body).toMatchObject({ code: 'FILE_AND_DATE_REQUIRED' });
    const badDate = await upload({ data: backstageCsv([['a.one', 1]]), asOf: '2026-13-01' });
    expect(badDate.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const unknownField = await upload({ data: backstageCsv([['a.one', 1]]), asOf: AS_OF, extraFields: { period: '2026-01' } });
    expect(unknownField.status).toBe(400);
  });

  it('serves a backstage-style sample of the active creators that imports as is', async () => {
    await upload({ data: backstageCsv([['a.one', 2_980_000, 21, 119.5]]), asOf: AS_OF });
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/uploads/sample.xlsx', headers: { accesstoken: adminToken } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const parsed = await readBackstageFile(response.rawPayload);
    expect(parsed.errors).toEqual([]);
    expect(parsed.items.map((item) => item.tiktokUsername)).toEqual(['a.one', 'a.two', 'b.one', 'quiet.one']);
    expect(parsed.items[0]).toMatchObject({ diamonds: 2_980_000, validDays: 21, liveSeconds: 119.5 * 3600 });
  });

  // PGlite runs no autovacuum: without a VACUUM after each import, the rows a re-import replaces
  // would stay in the table and its indexes for good (PostgreSQL's autovacuum does it there); and
  // its planner statistics are only what the import's ANALYZE gives it. The month's rows are in a
  // partition of their own (creator_months_2026_05), which an import that changes at least half of
  // them replaces with a new table (a new relid, no statistics yet).
  it.runIf(process.env.TEST_DB !== 'postgres')('on PGlite, a VACUUM follows each committed import; ANALYZE runs when the month has a new number of rows or was written anew', async () => {
    // A month of its own: the tests above imported AS_OF's.
    const MAY = '2026-05-16';
    const maintenance = async () => {
      const result = await t.db.execute(sql`
        select relid::int as relid, relname, vacuum_count::int as vacuums, analyze_count::int as analyzes from pg_stat_user_tables
        where relname in ('creator_months_2026_05', 'member_months', 'agency_months') order by relname`);
      const rows = (result as unknown as { rows: { relid: number; relname: string; vacuums: number; analyzes: number }[] }).rows;
      const table = (name: string) => rows.find((row) => row.relname === name);
      const month = table('creator_months_2026_05');
      return {
        month: month ? { relid: month.relid, vacuums: month.vacuums, analyzes: month.analyzes } : null,
        memberMonthsVacuums: table('member_months')!.vacuums,
        agencyMonthsVacuums: table('agency_months')!.vacuums,
      };
    };
    const before = await maintenance();
    expect(before.month).toBeNull();
    const vacuumed = (imports: number) => ({ memberMonthsVacuums: before.memberMonthsVacuums + imports, agencyMonthsVacuums: before.agencyMonthsVacuums + imports });
    const twelve = (diamonds: number) => Array.from({ length: 12 }, (_, index): [string, number] => [`fresh.${index}`, diamonds + index]);
    // The first import of the month: its partition is made, and new rows for the statistics.
    expect((await upload({ data: backstageCsv(twelve(100)), asOf: MAY, createUnknown: true })).status).toBe(201);
    const first = await maintenance();
    expect(first).toEqual({ month: { relid: expect.any(Number), vacuums: 1, analyzes: 1 }, ...vacuumed(1) });
    // One figure of twelve changed: updated in place, the statistics stand.
    const oneChanged = twelve(100).map(([name, diamonds], index): [string, number] => [name, index === 3 ? 999 : diamonds]);
    expect((await upload({ data: backstageCsv(oneChanged), asOf: MAY })).status).toBe(201);
    expect(await monthOf('fresh.3')).toMatchObject({ diamonds: 999 });
    expect(await maintenance()).toEqual({ month: { relid: first.month!.relid, vacuums: 2, analyzes: 1 }, ...vacuumed(2) });
    // Every figure changed: the month is written anew, a new table, analyzed.
    expect((await upload({ data: backstageCsv(twelve(200)), asOf: MAY })).status).toBe(201);
    expect(await monthOf('fresh.11')).toMatchObject({ diamonds: 211 });
    expect(await monthOf('fresh.3')).toMatchObject({ diamonds: 203 });
    const rewritten = await maintenance();
    expect(rewritten.month!.relid).not.toBe(first.month!.relid);
    expect(rewritten).toEqual({ month: { relid: rewritten.month!.relid, vacuums: 1, analyzes: 1 }, ...vacuumed(3) });
    // Twelve more creators, the twelve as they were: the month's share of the table changed, ANALYZE again.
    const more = Array.from({ length: 12 }, (_, index): [string, number] => [`more.${index}`, index]);
    expect((await upload({ data: backstageCsv([...twelve(200), ...more]), asOf: MAY, createUnknown: true })).status).toBe(201);
    expect(await monthOf('more.11')).toMatchObject({ diamonds: 11 });
    expect(await maintenance()).toEqual({ month: { relid: rewritten.month!.relid, vacuums: 2, analyzes: 2 }, ...vacuumed(4) });
    // Nothing was written: no VACUUM for a dry run or a refused file.
    expect((await upload({ data: backstageCsv([['fresh.1', 300]]), asOf: MAY, dryRun: true })).status).toBe(200);
    expect((await upload({ data: backstageCsv([['fresh.1', 'lots']]), asOf: MAY })).status).toBe(422);
    expect(await maintenance()).toEqual({ month: { relid: rewritten.month!.relid, vacuums: 2, analyzes: 2 }, ...vacuumed(4) });
  });

  // How an import writes its month, on both databases (docs/decisions/006): a first import into a
  // new table made the month's partition; one row of twelve changed, in place; every row changed,
  // on PGlite the month written anew (a new table in the partition's place), on PostgreSQL in place.
  it('writes a month\'s first import into a new table made its partition, a small change in place, and on PGlite a month whose every row changed anew', async () => {
    const APRIL = '2026-04-16';
    const partition = async () => {
      const result = await t.db.execute(sql`select oid::int as oid from pg_class where relname like 'creator_months_2026_04%' and relkind = 'r' order by relname`);
      const rows = (result as unknown as { rows: { oid: number }[] }).rows;
      return rows.map((row) => row.oid);
    };
    const where = async () => {
      const result = await t.db.execute(sql`select distinct tableoid::regclass::text as name from creator_months where period = '2026-04'`);
      return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    };
    const twelve = (diamonds: number) => Array.from({ length: 12 }, (_, index): [string, number] => [`april.${index}`, diamonds + index]);
    expect(await partition()).toEqual([]);
    expect((await upload({ data: backstageCsv(twelve(100)), asOf: APRIL, createUnknown: true })).status).toBe(201);
    const [first] = await partition();
    expect(await partition()).toEqual([first]);
    expect(await where()).toEqual(['creator_months_2026_04']);
    expect(await monthOf('april.11')).toMatchObject({ diamonds: 111 });
    const oneChanged = twelve(100).map(([name, diamonds], index): [string, number] => [name, index === 3 ? 999 : diamonds]);
    expect((await upload({ data: backstageCsv(oneChanged), asOf: APRIL })).status).toBe(201);
    expect(await partition()).toEqual([first]);
    expect(await monthOf('april.3')).toMatchObject({ diamonds: 999 });
    expect((await upload({ data: backstageCsv(twelve(200)), asOf: APRIL })).status).toBe(201);
    const [rewritten] = await partition();
    if (process.env.TEST_DB === 'postgres') expect(rewritten).toBe(first);
    else expect(rewritten).not.toBe(first);
    expect(await partition()).toEqual([rewritten]);
    expect(await where()).toEqual(['creator_months_2026_04']);
    for (let index = 0; index < 12; index += 1) expect(await monthOf(`april.${index}`)).toMatchObject({ diamonds: 200 + index });
  });

  it('asks V8 for one full collection after each import: a commit, a dry run and a refused file (lib/collect-garbage.ts)', async () => {
    const holder = globalThis as { gc?: unknown };
    const original = holder.gc;
    const gc = vi.fn(() => Promise.resolve());
    holder.gc = gc;
    try {
      expect((await upload({ data: backstageCsv([['a.one', 200]]), asOf: AS_OF, dryRun: true })).status).toBe(200);
      expect(gc).toHaveBeenCalledTimes(1);
      expect((await upload({ data: backstageCsv([['a.one', 200]]), asOf: AS_OF })).status).toBe(201);
      expect(gc).toHaveBeenCalledTimes(2);
      expect((await upload({ data: backstageCsv([['a.one', 'lots']]), asOf: AS_OF })).status).toBe(422);
      expect(gc).toHaveBeenCalledTimes(3);
      expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async' });
    } finally {
      if (original === undefined) delete holder.gc;
      else holder.gc = original;
    }
  });
});
