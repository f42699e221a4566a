import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creators } from '../../db/schema.ts';
import { postUpload } from '../uploads/uploads-test-support.ts';
import { dailyExport, NOVA_JOINED, septemberDay } from './forecasts-test-support.ts';

const PASSWORD = 'Forecast-pass-1';

interface Item {
  tiktokUsername: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  forecast: {
    asOf: string;
    daysLeft: number;
    method: string;
    projected: { diamonds: number; validDays: number; liveSeconds: number } | null;
    requirements: { rule: string; needed: number; have: number; gap: number; daysLeft: number; projected: number | null; state: string }[];
    state: string;
  };
  dark: { daysDark: number; lastLiveDay: string | null } | null;
  paceFell: { lastWeekSeconds: number; weekBeforeSeconds: number } | null;
}

/**
 * A month of daily exports of a small agency (forecasts-test-support.ts says what each creator
 * does), imported one day after the other; on days 1, 14 and 21 the forecast is checked against
 * figures worked out by hand from that activity (the arithmetic is in the comments), so a wrong
 * pace, rounding, cap or state would show. The same test runs on PGlite and PostgreSQL.
 */
describe('month forecasts from a month of daily exports', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-09-01T20:00:00Z') });
    await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    const member = await createUser(t.db, { email: 'mira@example.com', password: PASSWORD, firstName: 'Mira', lastName: 'Member' });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'mira@example.com', PASSWORD);
    const joinedAt = new Date('2025-01-01T00:00:00Z');
    await t.db.insert(creators).values(
      ['steady.star', 'slow.sam', 'dark.dana', 'rare.rita'].map((tiktokUsername) => ({ tiktokUsername, status: 'active' as const, affiliateId: member.id, joinedAt })),
    );
    await t.db.insert(creators).values({ tiktokUsername: 'new.nova', status: 'active', affiliateId: member.id, joinedAt: NOVA_JOINED });
  });
  afterAll(() => t.close());

  /** Imports the export of `day` with the clock on that day's evening. */
  async function importDay(day: number) {
    t.clock.set(new Date(`${septemberDay(day)}T20:00:00Z`));
    const response = await postUpload(t.app, adminToken, { name: `creators-${day}.csv`, type: 'text/csv', data: dailyExport(day), asOf: septemberDay(day) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    await t.app.briefs.idle();
  }

  async function adminForecasts() {
    const response = await call(t.app, 'GET', '/api/admin/forecasts', { token: adminToken });
    expect(response.status).toBe(200);
    return response.body.data as { asOf: string | null; snapshotDays: number; counts: Record<string, number>; atRisk: Item[]; outOfReach: Item[]; wentDark: Item[] };
  }

  async function myForecast() {
    const response = await call(t.app, 'GET', '/api/me/forecast', { token: memberToken });
    expect(response.status).toBe(200);
    return response.body.data as { member: Record<string, unknown> | null; creators: Item[] };
  }

  const byName = (items: readonly Item[]) => new Map(items.map((item) => [item.tiktokUsername, item]));

  async function creatorsListed(forecast: string): Promise<string[]> {
    const response = await call(t.app, 'GET', `/api/admin/creators?forecast=${forecast}&sort=tiktokUsername`, { token: adminToken });
    expect(response.status).toBe(200);
    return (response.body.data as { items: { tiktokUsername: string }[] }).items.map((item) => item.tiktokUsername);
  }

  it('before any upload: no forecast yet, said so', async () => {
    const admin = await adminForecasts();
    expect(admin).toMatchObject({ asOf: null, snapshotDays: 0, atRisk: [], outOfReach: [], wentDark: [] });
    expect((await myForecast()).member).toBeNull();
  });

  it('day 1, one snapshot: no pace, nothing projected, never a guess', async () => {
    await importDay(1);
    const mine = await myForecast();
    expect(mine.creators).toHaveLength(4); // new.nova joins on the 10th
    for (const creator of mine.creators) {
      expect(creator.forecast).toMatchObject({ asOf: '2026-09-01', daysLeft: 29, method: 'none', projected: null, state: 'noPace' });
      expect(creator.dark).toBeNull();
    }
    // Without a pace each creator counts with today's diamonds: 100,000 + 50,000; a lower bound.
    // 150,000 x $0.005 x 1 % = $7.50; the 2 % tier starts at 3,000,000 (2,850,000 more), and
    // 3,000,000 x $0.005 x 2 % = $300.
    expect(mine.member).toEqual({
      projectedDiamonds: 150_000,
      complete: false,
      rateBps: 100,
      personalRate: false,
      projectedCommissionCents: 750,
      nextTier: { rateBps: 200, diamondsNeeded: 2_850_000, commissionCents: 30_000 },
    });
    expect((await adminForecasts()).counts).toEqual({ met: 0, onPace: 0, atRisk: 0, outOfReach: 0, noPace: 4, wentDark: 0, paceFell: 0 });
  });

  it('day 14: paces over the last 7 days, states, the went-dark list and the projected tier to the cent', async () => {
    for (let day = 2; day <= 14; day += 1) await importDay(day);
    const admin = await adminForecasts();
    expect(admin.asOf).toBe('2026-09-14');
    expect(admin.snapshotDays).toBe(14);
    const creatorsOfMember = byName((await myForecast()).creators);

    // steady.star: 1,400,000 + 700,000 x 16 / 7 = 3,000,000; valid days 14 + 16 = 30 (at most one a
    // day); 100,800 s + 50,400 x 16 / 7 = 216,000 s. Both monthly rules already met.
    const steady = creatorsOfMember.get('steady.star')!;
    expect(steady.forecast).toMatchObject({ daysLeft: 16, method: 'last7Days', projected: { diamonds: 3_000_000, validDays: 30, liveSeconds: 216_000 }, state: 'met' });

    // slow.sam (days 3, 6, 9, 12): 4 valid days, 21,600 s; since day 7 +2 days, +10,800 s, +60,000.
    // Projected 4 + floor(2 x 16 / 7) = 8 valid days < 12, 21,600 + floor(10,800 x 16 / 7) = 46,285 s
    // < 90,000: at risk (the gaps, 8 days and 68,400 s, still fit in 16 days).
    const slow = creatorsOfMember.get('slow.sam')!;
    expect(slow.forecast.projected).toEqual({ diamonds: 257_142, validDays: 8, liveSeconds: 46_285 });
    expect(slow.forecast.requirements).toEqual([
      { rule: 'monthDays', needed: 12, have: 4, gap: 8, daysLeft: 16, projected: 8, state: 'atRisk' },
      { rule: 'monthHours', needed: 90_000, have: 21_600, gap: 68_400, daysLeft: 16, projected: 46_285, state: 'atRisk' },
    ]);
    expect(slow.forecast.state).toBe('atRisk');

    // dark.dana: 10 valid days, 108,000 s (hours met); since day 7 +3 days: 10 + floor(3 x 16 / 7) = 16
    // projected valid days: on pace. No LIVE since the 10th: dark for 4 days.
    const dana = creatorsOfMember.get('dark.dana')!;
    expect(dana.forecast).toMatchObject({ projected: { diamonds: 842_857, validDays: 16, liveSeconds: 182_057 }, state: 'onPace' });
    expect(dana.dark).toEqual({ daysDark: 4, lastLiveDay: '2026-09-10' });
    expect(dana.paceFell).toBeNull(); // no snapshot 14 days back

    // new.nova joined on the 10th: first snapshot that day, so the pace is over 4 days (10 -> 14):
    // +2 valid days, +10,800 s, +40,000. The first week (10th-16th) asks 3 valid days: has 3, met.
    // (projected to the week's end, 2 days on: 3 + floor(2 x 2 / 4) = 4). The month: 3 + floor(2 x 16 / 4) = 11 < 12 and 16,200 + 43,200 = 59,400 s < 90,000: at risk.
    const nova = creatorsOfMember.get('new.nova')!;
    expect(nova.forecast.projected).toEqual({ diamonds: 220_000, validDays: 11, liveSeconds: 59_400 });
    expect(nova.forecast.requirements[0]).toEqual({ rule: 'firstWeekDays', needed: 3, have: 3, gap: 0, daysLeft: 2, projected: 4, state: 'met' });
    expect(nova.forecast.state).toBe('atRisk');

    // rare.rita: LIVE only on the 5th: no pace over the last 7 days, projected 1 valid day: at risk,
    // and dark for 9 days.
    const rita = creatorsOfMember.get('rare.rita')!;
    expect(rita.forecast).toMatchObject({ projected: { diamonds: 10_000, validDays: 1, liveSeconds: 3600 }, state: 'atRisk' });
    expect(rita.dark).toEqual({ daysDark: 9, lastLiveDay: '2026-09-05' });

    expect(admin.counts).toEqual({ met: 1, onPace: 1, atRisk: 3, outOfReach: 0, noPace: 0, wentDark: 2, paceFell: 0 });
    expect(admin.wentDark.map((item) => [item.tiktokUsername, item.dark?.daysDark])).toEqual([
      ['rare.rita', 9],
      ['dark.dana', 4],
    ]);
    expect(admin.atRisk.map((item) => item.tiktokUsername)).toEqual(['slow.sam', 'new.nova', 'rare.rita']); // by diamonds
    expect(await creatorsListed('atRisk')).toEqual(['new.nova', 'rare.rita', 'slow.sam']);
    expect(await creatorsListed('wentDark')).toEqual(['dark.dana', 'rare.rita']);
    expect(await creatorsListed('outOfReach')).toEqual([]);
    expect(await creatorsListed('paceFell')).toEqual([]);

    // The team: 3,000,000 + 257,142 + 842,857 + 220,000 + 10,000 = 4,329,999 diamonds: the 2 % tier;
    // 4,329,999 x $0.005 x 2 % = $432.99999 -> 43,300 cents. The 3 % tier starts at 5,000,001:
    // 670,002 more; 5,000,001 x $0.005 x 3 % = $750.00015 -> 75,000 cents.
    expect((await myForecast()).member).toEqual({
      projectedDiamonds: 4_329_999,
      complete: true,
      rateBps: 200,
      personalRate: false,
      projectedCommissionCents: 43_300,
      nextTier: { rateBps: 300, diamondsNeeded: 670_002, commissionCents: 75_000 },
    });
  });

  it('day 21: out of reach, pace fell by half, and the projected commission to the cent', async () => {
    for (let day = 15; day <= 21; day += 1) await importDay(day);
    const admin = await adminForecasts();
    const all = byName((await myForecast()).creators);

    // rare.rita: 2 valid days with 9 days left can reach at most 11 < 12: out of reach.
    expect(all.get('rare.rita')!.forecast.requirements.find((rule) => rule.rule === 'monthDays')).toEqual({
      rule: 'monthDays', needed: 12, have: 2, gap: 10, daysLeft: 9, projected: 3, state: 'outOfReach',
    });
    expect(all.get('rare.rita')!.dark).toEqual({ daysDark: 6, lastLiveDay: '2026-09-15' });
    // dark.dana: no LIVE in the last 7 days against 32,400 s in the 7 before: the pace fell by half;
    // 10 valid days and no pace: projected 10 < 12: at risk.
    expect(all.get('dark.dana')!.paceFell).toEqual({ lastWeekSeconds: 0, weekBeforeSeconds: 32_400 });
    expect(all.get('dark.dana')!.forecast.state).toBe('atRisk');
    expect(all.get('dark.dana')!.dark).toEqual({ daysDark: 11, lastLiveDay: '2026-09-10' });
    expect(admin.counts).toEqual({ met: 1, onPace: 0, atRisk: 3, outOfReach: 1, noPace: 0, wentDark: 2, paceFell: 1 });
    expect(await creatorsListed('outOfReach')).toEqual(['rare.rita']);
    // The dashboard's "LIVE duration halved" count, as a list.
    expect(await creatorsListed('paceFell')).toEqual(['dark.dana']);

    // 2,100,000 + 900,000 = 3,000,000; 210,000 + floor(90,000 x 9 / 7) = 325,714; 500,000;
    // 120,000 + floor(60,000 x 9 / 7) = 197,142; 20,000 + floor(10,000 x 9 / 7) = 32,857.
    // 4,055,713 diamonds x $0.005 x 2 % = $405.5713 -> 40,557 cents.
    expect((await myForecast()).member).toMatchObject({
      projectedDiamonds: 4_055_713,
      rateBps: 200,
      projectedCommissionCents: 40_557,
      nextTier: { rateBps: 300, diamondsNeeded: 944_288, commissionCents: 75_000 },
    });
  });

  it('each list item carries the forecast state and the days dark', async () => {
    const response = await call(t.app, 'GET', '/api/admin/creators?sort=tiktokUsername', { token: adminToken });
    const items = (response.body.data as { items: { tiktokUsername: string; forecastState: string | null; daysDark: number | null }[] }).items;
    expect(items.map((item) => [item.tiktokUsername, item.forecastState, item.daysDark])).toEqual([
      ['dark.dana', 'atRisk', 11],
      ['new.nova', 'atRisk', null],
      ['rare.rita', 'outOfReach', 6],
      ['slow.sam', 'atRisk', null],
      ['steady.star', 'met', null],
    ]);
  });

  it('a member sees only their own forecast; the admin forecast is for admins only', async () => {
    await createUser(t.db, { email: 'other@example.com', password: PASSWORD });
    const otherToken = await signInWithPassword(t.app, 'other@example.com', PASSWORD);
    const other = await call(t.app, 'GET', '/api/me/forecast', { token: otherToken });
    expect(other.body.data).toMatchObject({ member: null, creators: [] });
    expect((await call(t.app, 'GET', '/api/admin/forecasts', { token: otherToken })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/forecasts')).status).toBe(401);
  });
});
