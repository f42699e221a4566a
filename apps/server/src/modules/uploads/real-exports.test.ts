import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadReport } from '@agency/shared';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators, memberMonths, uploadColumnMappings, uploads } from '../../db/schema.ts';
import { postUpload } from './uploads-test-support.ts';

/**
 * The "real exports" fixtures (fixtures/real-exports/README.md): every layout agencies actually
 * get imports exactly (the stored figures, the month, the warnings), or asks the admin first.
 */

const PASSWORD = 'Real-exports-1';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/real-exports/${name}`, import.meta.url));
const hours = (value: number) => Math.round(value * 3600);

describe('real Backstage exports import exactly', () => {
  let t: TestApp;
  let token: string;
  let memberA: string;
  let memberB: string;

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-15T10:00:00Z') });
    await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    memberA = (await createUser(t.db, { email: 'a@example.com', password: PASSWORD })).id;
    memberB = (await createUser(t.db, { email: 'b@example.com', password: PASSWORD })).id;
    token = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.delete(uploads);
    await t.db.delete(memberMonths);
    await t.db.delete(uploadColumnMappings);
    await t.db.delete(creators);
    const joinedAt = new Date('2025-01-01T00:00:00Z');
    await t.db.insert(creators).values([
      { tiktokUsername: 'ayse.live', status: 'active', affiliateId: memberA, joinedAt },
      { tiktokUsername: 'mehmet.sahne', status: 'active', affiliateId: memberA, joinedAt },
      { tiktokUsername: 'elif.muzik', status: 'active', affiliateId: memberB, joinedAt },
    ]);
  });

  async function upload(name: string, asOf: string, fields: Record<string, string> = {}, dryRun = false) {
    const response = await postUpload(t.app, token, { name, data: fixture(name), asOf, dryRun, extraFields: fields });
    return { status: response.status, code: response.body.code, report: response.body.data as UploadReport };
  }

  /** The stored month rows, by username. */
  async function month(period: string) {
    const rows = await t.db
      .select({
        username: creators.tiktokUsername,
        diamonds: creatorMonths.diamonds,
        validDays: creatorMonths.validDays,
        liveSeconds: creatorMonths.liveSeconds,
        matches: creatorMonths.matches,
        lastLiveAt: creatorMonths.lastLiveAt,
        leftNetwork: creatorMonths.leftNetwork,
        state: creatorMonths.requirementState,
      })
      .from(creatorMonths)
      .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
      .where(eq(creatorMonths.period, period));
    return Object.fromEntries(rows.map(({ username, lastLiveAt, ...rest }) => [username, { ...rest, lastLiveAt: lastLiveAt?.toISOString() ?? null }]));
  }

  async function earnings(memberId: string, period: string) {
    const [row] = await t.db.select().from(memberMonths).where(and(eq(memberMonths.memberId, memberId), eq(memberMonths.period, period)));
    return row ? { diamonds: row.diamonds, earningsCents: row.earningsCents } : null;
  }

  const kinds = (report: UploadReport) => report.warnings.map((warning) => [warning.kind, warning.row, warning.tiktokUsername, warning.params]);

  it('1. a month closed with a file pulled on the 1st goes to the Data period month, after the admin confirms it', async () => {
    const check = await upload('01-closing-month.xlsx', '2026-11-01', {}, true);
    expect(check.status).toBe(200);
    expect(check.report.questions).toEqual([{ kind: 'period', fileMonth: '2026-10', asOfMonth: '2026-11' }]);
    expect(check.report.file).toMatchObject({ format: 'xlsx', headerRow: 2, dataPeriod: { from: '2026-10-01', to: '2026-10-31' }, figureKind: 'monthToDate', mappingSource: 'headers' });

    const unanswered = await upload('01-closing-month.xlsx', '2026-11-01');
    expect(unanswered.status).toBe(422);
    expect(unanswered.code).toBe('UPLOAD_NEEDS_ANSWERS');
    expect(await month('2026-10')).toEqual({});
    expect(await month('2026-11')).toEqual({});

    const wrong = await upload('01-closing-month.xlsx', '2026-11-01', { period: '2026-09' });
    expect(wrong.status).toBe(400);

    const committed = await upload('01-closing-month.xlsx', '2026-11-01', { period: '2026-10' });
    expect(committed.status).toBe(201);
    expect(committed.report).toMatchObject({ period: '2026-10', imported: 3, questions: [] });
    expect(await month('2026-10')).toEqual({
      'ayse.live': { diamonds: 2_500_000, validDays: 21, liveSeconds: 119 * 3600 + 47 * 60 + 31, matches: 12, lastLiveAt: '2026-10-31T21:04:00.000Z', leftNetwork: false, state: 'onTrack' },
      'mehmet.sahne': { diamonds: 1_500_000, validDays: 18, liveSeconds: 88 * 3600 + 10 * 60, matches: 0, lastLiveAt: '2026-10-30T18:30:00.000Z', leftNetwork: false, state: 'onTrack' },
      'elif.muzik': { diamonds: 310_000, validDays: 13, liveSeconds: 30 * 3600, matches: 3, lastLiveAt: '2026-10-29T12:00:00.000Z', leftNetwork: false, state: 'onTrack' },
    });
    expect(await month('2026-11')).toEqual({});
    // 4,000,000 diamonds x $0.005 x 2% = $400.00.
    expect(await earnings(memberA, '2026-10')).toEqual({ diamonds: 4_000_000, earningsCents: 40_000 });
  });

  it('2. Turkish "Manage creators" (metadata line, decimal hours): valid days and last LIVE read, not failing', async () => {
    const check = await upload('02-turkish-manage-creators.xlsx', '2026-11-15', {}, true);
    expect(check.report.file).toMatchObject({ headerRow: 2, figureKind: 'rolling30', dataPeriod: null });
    expect(check.report.questions).toEqual([{ kind: 'window', figureKind: 'rolling30', from: null, to: null }]);
    expect(check.report.columns).toMatchObject({
      'İçerik üreticisinin kullanıcı adı': 'username',
      Temsilci: 'networkManager',
      'Son 30 gündeki elmaslar': 'diamonds',
      'Son 30 gündeki CANLI Yayın süresi': 'liveDuration',
      'Son 30 günde geçerli CANLI Yayın yapılan günler': 'validDays',
      'Katılma zamanı': 'joinTime',
      'Son CANLI': 'lastLive',
    });
    const committed = await upload('02-turkish-manage-creators.xlsx', '2026-11-15', { acceptWindow: 'true' });
    expect(committed.status).toBe(201);
    expect(await month('2026-11')).toEqual({
      'ayse.live': { diamonds: 2_980_000, validDays: 21, liveSeconds: hours(88.46), matches: 0, lastLiveAt: '2026-11-14T21:04:00.000Z', leftNetwork: false, state: 'onTrack' },
      'mehmet.sahne': { diamonds: 12_500, validDays: 14, liveSeconds: hours(30.5), matches: 0, lastLiveAt: '2026-11-13T00:00:00.000Z', leftNetwork: false, state: 'onTrack' },
      'elif.muzik': { diamonds: 1_055, validDays: 1, liveSeconds: hours(0.75), matches: 0, lastLiveAt: null, leftNetwork: false, state: 'atRisk' },
    });
  });

  it('3a. Spanish headers, `125h 8min 10s`, rounded figures flagged as approximate', async () => {
    const committed = await upload('03a-spanish.xlsx', '2026-11-15');
    expect(committed.status).toBe(201);
    expect(committed.report.file).toMatchObject({ figureKind: 'monthToDate', dataPeriod: { from: '2026-11-01', to: '2026-11-15' } });
    expect(committed.report.counts.approximate).toBe(2);
    expect(kinds(committed.report)).toEqual([
      ['approximateValue', 2, 'ayse.live', { column: 'Diamantes', value: '2.98M', read: 2_980_000 }],
      ['approximateValue', 3, 'mehmet.sahne', { column: 'Diamantes', value: '88.46K', read: 88_460 }],
      ['missingFromFile', null, 'elif.muzik', { action: 'keep' }],
    ]);
    expect(committed.report.columns).toMatchObject({ 'Diamantes en el último mes': 'diamondsLastMonth', 'ID del creador': 'creatorId', Agente: 'networkManager' });
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { diamonds: 2_980_000, validDays: 21, liveSeconds: 125 * 3600 + 8 * 60 + 10, matches: 4 },
      'mehmet.sahne': { diamonds: 88_460, validDays: 9, liveSeconds: 10 * 3600, matches: 0 },
    });
  });

  it('3b. a "selected period" that is not the month to date is stored only when the admin accepts it', async () => {
    const check = await upload('03b-selected-period.xlsx', '2026-11-15', {}, true);
    expect(check.report.file).toMatchObject({ figureKind: 'selectedPeriod', dataPeriod: { from: '2026-11-03', to: '2026-11-14' } });
    expect(check.report.questions).toEqual([{ kind: 'window', figureKind: 'selectedPeriod', from: '2026-11-03', to: '2026-11-14' }]);
    expect((await upload('03b-selected-period.xlsx', '2026-11-15')).code).toBe('UPLOAD_NEEDS_ANSWERS');
    expect(await month('2026-11')).toEqual({});
    expect((await upload('03b-selected-period.xlsx', '2026-11-15', { acceptWindow: 'true' })).status).toBe(201);
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { diamonds: 700_000, validDays: 10, liveSeconds: 40 * 3600 },
      'mehmet.sahne': { diamonds: 90_000, validDays: 6, liveSeconds: 12.5 * 3600 },
    });
  });

  it('3c. unit-suffixed headers (`LIVE duration(h)`, `Valid days(d)`, `Joined time`)', async () => {
    const committed = await upload('03c-unit-suffixed.csv', '2026-11-15');
    expect(committed.status).toBe(201);
    expect(committed.report.columns).toMatchObject({ 'LIVE duration(h)': 'liveDuration', 'Valid days(d)': 'validDays', 'Joined time': 'joinTime' });
    expect(committed.report.file).toMatchObject({ format: 'csv', delimiter: ',', figureKind: 'unknown' });
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { diamonds: 1_055_000, validDays: 21, liveSeconds: hours(88.5) },
      'mehmet.sahne': { diamonds: 40_000, validDays: 9, liveSeconds: hours(12.25) },
    });
  });

  it('4. a creator listed twice keeps the row with the higher diamonds; an exact copy collapses; both warned', async () => {
    const committed = await upload('04-moving-groups.xlsx', '2026-11-15');
    expect(committed.status).toBe(201);
    expect(committed.report).toMatchObject({ rows: 4, imported: 2, skipped: 2 });
    expect(committed.report.counts.duplicates).toBe(2);
    expect(kinds(committed.report).filter(([kind]) => String(kind).startsWith('duplicate'))).toEqual([
      ['duplicateKeptHigher', 2, 'ayse.live', { keptRow: 4, droppedRow: 2 }],
      ['duplicateIdentical', 5, 'mehmet.sahne', { firstRow: 3 }],
    ]);
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { diamonds: 900_000, validDays: 14, liveSeconds: 60 * 3600, lastLiveAt: '2026-11-15T10:00:00.000Z' },
      'mehmet.sahne': { diamonds: 50_000, validDays: 4 },
    });
  });

  it('5. a Summary sheet, a Total row, a note and a Notes sheet are skipped with warnings; `Total` is never created', async () => {
    const committed = await upload('05-agency-totals.xlsx', '2026-11-15', { createUnknown: 'true' });
    expect(committed.status).toBe(201);
    expect(committed.report).toMatchObject({ imported: 2, created: 0 });
    expect(committed.report.file).toMatchObject({ sheet: 'Creator data' });
    const warned = kinds(committed.report);
    expect(warned).toContainEqual(['sheetSkipped', null, null, { sheet: 'Summary' }]);
    expect(warned).toContainEqual(['sheetSkipped', null, null, { sheet: 'Notes' }]);
    expect(warned.filter(([kind]) => kind === 'totalRow')).toEqual([['totalRow', 5, null, { value: 'Total' }]]);
    expect(warned.filter(([kind]) => kind === 'noteRow')).toEqual([['noteRow', 6, null, { value: 'checked by Deniz' }]]);
    expect(await t.db.select({ name: creators.tiktokUsername }).from(creators).where(eq(creators.tiktokUsername, 'total'))).toEqual([]);
    expect(await month('2026-11')).toMatchObject({ 'ayse.live': { diamonds: 1_000_000, validDays: 15 }, 'mehmet.sahne': { diamonds: 20_000, validDays: 2 } });
  });

  it('6a. a Turkish Excel CSV in windows-1254 with `;`, decimal commas, dotted thousands, a blank line and a `Toplam` row', async () => {
    const committed = await upload('06a-turkish-excel-1254.csv', '2026-11-15', { createUnknown: 'true' });
    expect(committed.status, JSON.stringify(committed.report?.errors)).toBe(201);
    expect(committed.report.file).toMatchObject({ format: 'csv', encoding: 'windows-1254', delimiter: ';', figureKind: 'monthToDate' });
    expect(committed.report).toMatchObject({ imported: 2, created: 0 });
    const warned = kinds(committed.report);
    expect(warned).toContainEqual(['totalRow', 5, null, { value: 'Toplam' }]);
    expect(warned).toContainEqual(['blankRows', null, null, { count: 1 }]);
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { diamonds: 2_980_000, validDays: 21, liveSeconds: hours(88.46), lastLiveAt: '2026-11-14T21:04:00.000Z' },
      'mehmet.sahne': { diamonds: 12_500, validDays: 14, liveSeconds: hours(30.5), lastLiveAt: '2026-11-03T00:00:00.000Z' },
    });
  });

  it('6b. a windows-1252 CSV with Spanish headers', async () => {
    const committed = await upload('06b-excel-1252.csv', '2026-11-15');
    expect(committed.status, JSON.stringify(committed.report?.errors)).toBe(201);
    expect(committed.report.file).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { diamonds: 450_000, validDays: 12, liveSeconds: hours(40.25) },
      'mehmet.sahne': { diamonds: 9_000, validDays: 1, liveSeconds: hours(2.5) },
    });
  });

  it('6c. US dates (month first) are decided from the column values, never swapped', async () => {
    const committed = await upload('06c-us-dates.csv', '2026-11-15');
    expect(committed.status).toBe(201);
    expect(committed.report.file).toMatchObject({ dateOrder: 'mdy', dateOrderSource: 'values' });
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { lastLiveAt: '2026-11-03T00:00:00.000Z' },
      'mehmet.sahne': { lastLiveAt: '2026-11-14T21:04:00.000Z' },
    });
  });

  it('6d. dates that cannot tell day from month are read day first (the agency locale) and the report says so', async () => {
    const committed = await upload('06d-ambiguous-dates.csv', '2026-11-15');
    expect(committed.status).toBe(201);
    expect(committed.report.file).toMatchObject({ dateOrder: 'dmy', dateOrderSource: 'locale' });
    expect(kinds(committed.report)).toContainEqual(['dateOrderFromLocale', null, null, { column: 'Last LIVE', order: 'dmy' }]);
    expect(await month('2026-11')).toMatchObject({ 'ayse.live': { lastLiveAt: '2026-11-02T00:00:00.000Z' }, 'mehmet.sahne': { lastLiveAt: '2026-11-10T00:00:00.000Z' } });
  });

  it('7. a creator who quit is stored with the figures, marked as left, and counted in commission', async () => {
    const committed = await upload('07-quit-creator.xlsx', '2026-11-15');
    expect(committed.status).toBe(201);
    expect(committed.report.counts.quit).toBe(1);
    expect(kinds(committed.report)).toContainEqual(['creatorQuit', 3, 'mehmet.sahne', {}]);
    expect(await month('2026-11')).toMatchObject({ 'ayse.live': { diamonds: 3_000_000, leftNetwork: false }, 'mehmet.sahne': { diamonds: 1_000_000, leftNetwork: true } });
    expect(await earnings(memberA, '2026-11')).toEqual({ diamonds: 4_000_000, earningsCents: 40_000 });
  });

  it('8. rolling 30-day figures never silently become the month: the import waits for the admin', async () => {
    const unanswered = await upload('08-rolling-l30d.xlsx', '2026-11-15');
    expect(unanswered).toMatchObject({ status: 422, code: 'UPLOAD_NEEDS_ANSWERS' });
    expect(unanswered.report.questions).toEqual([{ kind: 'window', figureKind: 'rolling30', from: null, to: null }]);
    expect(await month('2026-11')).toEqual({});
    expect((await upload('08-rolling-l30d.xlsx', '2026-11-15', { acceptWindow: 'true' })).status).toBe(201);
    expect(await month('2026-11')).toMatchObject({
      'ayse.live': { diamonds: 2_000_000, validDays: 21, liveSeconds: hours(119.5), matches: 12 },
      'mehmet.sahne': { diamonds: 300_000, validDays: 12, liveSeconds: 40 * 3600 },
    });
  });

  it('9. creators missing from a partial export keep their figures unless the admin chooses zero', async () => {
    expect((await upload('03a-spanish.xlsx', '2026-11-15')).status).toBe(201);
    await t.db.insert(creatorMonths).values({ creatorId: (await t.db.select().from(creators).where(eq(creators.tiktokUsername, 'elif.muzik')))[0]!.id, period: '2026-11', diamonds: 77_000, validDays: 5, liveSeconds: 36_000 });
    const check = await upload('09-partial.csv', '2026-11-15', {}, true);
    expect(check.report.counts).toMatchObject({ missing: 1, zeroed: 0 });
    expect(check.report.changes).toContainEqual({ tiktokUsername: 'elif.muzik', creatorId: expect.any(String), kind: 'kept', before: { diamonds: 77_000, validDays: 5, liveSeconds: 36_000 }, after: { diamonds: 77_000, validDays: 5, liveSeconds: 36_000 } });
    expect((await upload('09-partial.csv', '2026-11-15')).status).toBe(201);
    expect(await month('2026-11')).toMatchObject({ 'ayse.live': { diamonds: 800_000 }, 'mehmet.sahne': { diamonds: 60_000 }, 'elif.muzik': { diamonds: 77_000, validDays: 5 } });
    const zeroed = await upload('09-partial.csv', '2026-11-15', { missing: 'zero' });
    expect(zeroed.status).toBe(201);
    expect(zeroed.report.counts).toMatchObject({ missing: 1, zeroed: 1 });
    expect(await month('2026-11')).toMatchObject({ 'elif.muzik': { diamonds: 0, validDays: 0, liveSeconds: 0 } });
    expect(await earnings(memberB, '2026-11')).toMatchObject({ diamonds: 0 });
  });

  it('10. unknown headers: the admin maps the columns once; the next file of the same shape imports without asking', async () => {
    const check = await upload('10a-unknown-headers.csv', '2026-11-15', {}, true);
    expect(check.status).toBe(200);
    expect(check.report.rows).toBe(0);
    expect(check.report.questions).toEqual([
      {
        kind: 'mapping',
        missing: ['username', 'diamonds'],
        columns: [
          { index: 0, header: 'Kanal', samples: ['ayse.live', 'mehmet.sahne'] },
          { index: 1, header: 'Edelsteine', samples: ['70000', '3000'] },
          { index: 2, header: 'Sendezeit', samples: ['10', '2'] },
        ],
        suggested: {},
      },
    ]);
    expect((await upload('10a-unknown-headers.csv', '2026-11-15')).code).toBe('UPLOAD_NEEDS_ANSWERS');
    const mapping = JSON.stringify({ username: 0, diamonds: 1, liveDuration: 2 });
    const mapped = await upload('10a-unknown-headers.csv', '2026-11-15', { mapping }, true);
    expect(mapped.report).toMatchObject({ rows: 2, questions: [], file: { mappingSource: 'admin', headerRow: 1 } });
    expect((await upload('10a-unknown-headers.csv', '2026-11-15', { mapping })).status).toBe(201);
    expect(await month('2026-11')).toMatchObject({ 'ayse.live': { diamonds: 70_000, liveSeconds: 10 * 3600 }, 'mehmet.sahne': { diamonds: 3_000, liveSeconds: 2 * 3600 } });

    const again = await upload('10b-unknown-headers-again.csv', '2026-11-15');
    expect(again.status).toBe(201);
    expect(again.report).toMatchObject({ questions: [], file: { mappingSource: 'remembered' } });
    expect(await month('2026-11')).toMatchObject({ 'ayse.live': { diamonds: 90_000, liveSeconds: 12 * 3600 }, 'mehmet.sahne': { diamonds: 4_000, liveSeconds: 3 * 3600 } });
  });
});
