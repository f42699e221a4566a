import type { AdminDashboard, AdminFinance } from '@agency/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators, uploads, users } from '../../db/schema.ts';
import { recomputeMemberMonths } from '../earnings/earnings.engine.ts';
import { updateSettingsRow } from '../settings/settings.repository.ts';

const PASSWORD = 'Dashboard-pass-1';
// The test clock's month is 2026-03 (DEFAULT_TEST_NOW, 2026-03-18).

describe('admin dashboard and finance', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  const member: Record<'ayla' | 'bora' | 'cem', string> = { ayla: '', bora: '', cem: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', email: 'boss@example.com', password: PASSWORD });
    await createUser(t.db, { email: 'member@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const dashboard = async () => {
    const response = await call(t.app, 'GET', '/api/admin/dashboard', { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as AdminDashboard;
  };
  const finance = async (period: string) => {
    const response = await call(t.app, 'GET', `/api/admin/finance?period=${period}`, { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as AdminFinance;
  };

  it('answers zeros and empty lists before any figures', async () => {
    expect(await dashboard()).toEqual({
      period: '2026-03',
      asOf: null,
      topMembersByDiamonds: [],
      topMembersByEarnings: [],
      topCreatorsByDiamonds: [],
      topMembersByCreators: [],
      pendingMembers: 0,
      pendingCreators: 0,
      totalDiamonds: 0,
      creatorCount: 0,
      atRiskCreators: 0,
    });
    expect(await finance('all')).toEqual({ period: 'all', diamonds: 0, diamondsRevenueCents: 0, earningsCents: 0, history: [], topMembers: [] });
  });

  it('refuses members (403), anonymous callers (401) and unknown periods (400)', async () => {
    for (const url of ['/api/admin/dashboard', '/api/admin/finance?period=all']) {
      expect((await call(t.app, 'GET', url, { token: memberToken })).status).toBe(403);
      expect((await call(t.app, 'GET', url)).status).toBe(401);
    }
    expect((await call(t.app, 'GET', '/api/admin/finance?period=forever', { token: adminToken })).status).toBe(400);
  });

  describe('with figures written by the test', () => {
    beforeAll(async () => {
      const insertMember = async (firstName: string, status: 'active' | 'pending' = 'active') =>
        (await createUser(t.db, { firstName, lastName: 'Test', status })).id;
      member.ayla = await insertMember('Ayla');
      member.bora = await insertMember('Bora');
      member.cem = await insertMember('Cem');
      await insertMember('Deniz', 'pending');

      const creator = async (username: string, affiliateId: string | null, status: 'active' | 'inactive' | 'pending' = 'active') => {
        const [row] = await t.db.insert(creators).values({ tiktokUsername: username, name: username, affiliateId, status }).returning();
        return row!.id;
      };
      const c1 = await creator('c1', member.ayla);
      const c2 = await creator('c2', member.ayla);
      const c3 = await creator('c3', member.bora);
      const c4 = await creator('c4', member.bora, 'inactive');
      const c5 = await creator('c5', null);
      await creator('c6', member.cem, 'pending');
      const c7 = await creator('c7', member.cem);

      const month = (creatorId: string, period: string, diamonds: number, requirementState: 'onTrack' | 'atRisk' | 'failing' | null = null) =>
        t.db.insert(creatorMonths).values({ creatorId, period, diamonds, requirementState });
      // December 2025 was computed with a diamond value of $0.004.
      await month(c3, '2025-12', 100_001, 'onTrack');
      await updateSettingsRow(t.db, { diamondValueMicros: 4000 }, t.clock.now());
      await recomputeMemberMonths(t.db, '2025-12', t.clock.now());
      await updateSettingsRow(t.db, { diamondValueMicros: 5000 }, t.clock.now());
      // January: only a creator nobody brought (no commission rows; the month's totals still count it).
      await month(c5, '2026-01', 10_001);
      await recomputeMemberMonths(t.db, '2026-01', t.clock.now());
      await month(c7, '2026-02', 6_000_000, 'onTrack');
      await month(c1, '2026-02', 1_234_567, 'failing');
      await recomputeMemberMonths(t.db, '2026-02', t.clock.now());
      await month(c1, '2026-03', 3_000_000, 'onTrack');
      await month(c2, '2026-03', 1_000_000, 'atRisk');
      await month(c3, '2026-03', 2_000_000, 'failing');
      await month(c4, '2026-03', 500_000, 'onTrack');
      await month(c5, '2026-03', 700_000);
      await recomputeMemberMonths(t.db, '2026-03', t.clock.now());

      const upload = (asOf: string, createdAt: Date) =>
        t.db.insert(uploads).values({
          fileName: `${asOf}.csv`,
          sizeBytes: 10,
          sha256: 'x',
          period: asOf.slice(0, 7),
          asOf,
          rows: 1,
          imported: 1,
          created: 0,
          skipped: 0,
          missing: 0,
          createdAt,
        });
      await upload('2026-03-10', new Date('2026-03-11T08:00:00Z'));
      await upload('2026-03-15', new Date('2026-03-16T08:00:00Z'));
    });

    it("answers this month's top lists, counts and as-of date", async () => {
      const answer = await dashboard();
      const ref = (uid: string, firstName: string, value: number) => ({ uid, firstName, lastName: 'Test', value });
      expect(answer).toMatchObject({
        period: '2026-03',
        asOf: '2026-03-15',
        // Ayla: 3,000,000 + 1,000,000 at 2% x $0.005 = $400.00; Bora: 2,000,000 + 500,000 at 1% = $125.00.
        topMembersByDiamonds: [ref(member.ayla, 'Ayla', 4_000_000), ref(member.bora, 'Bora', 2_500_000)],
        topMembersByEarnings: [ref(member.ayla, 'Ayla', 40_000), ref(member.bora, 'Bora', 12_500)],
        topCreatorsByDiamonds: [
          { tiktokUsername: 'c1', value: 3_000_000 },
          { tiktokUsername: 'c3', value: 2_000_000 },
          { tiktokUsername: 'c2', value: 1_000_000 },
          { tiktokUsername: 'c5', value: 700_000 },
          { tiktokUsername: 'c4', value: 500_000 },
        ],
        pendingMembers: 1,
        pendingCreators: 1,
        totalDiamonds: 7_200_000,
        // c1, c2, c3, c5, c7 are active.
        creatorCount: 5,
        // c2 at risk, c3 failing.
        atRiskCreators: 2,
      });
      // Active creators brought: Ayla 2, then Bora and Cem 1 each (ties by uid).
      const [first, ...rest] = answer.topMembersByCreators;
      expect(first).toEqual(ref(member.ayla, 'Ayla', 2));
      expect(rest).toEqual([ref(member.bora, 'Bora', 1), ref(member.cem, 'Cem', 1)].sort((a, b) => a.uid.localeCompare(b.uid)));
    });

    it('sums every month with its own diamond value, rounding half to even per month', async () => {
      const answer = await finance('all');
      expect(answer.history).toEqual([
        // 100,001 x $0.004 = $400.004 -> 40,000 cents; Bora 1% of it = 400 cents.
        { period: '2025-12', diamonds: 100_001, diamondsRevenueCents: 40_000, earningsCents: 400 },
        // No commission rows: the value of its recompute, 10,001 x $0.005 = 5,000.5 cents -> 5,000 (even).
        { period: '2026-01', diamonds: 10_001, diamondsRevenueCents: 5_000, earningsCents: 0 },
        // 7,234,567 x $0.005 = 3,617,283.5 cents -> 3,617,284; Cem 3% of 6,000,000 = $900, Ayla 1% of 1,234,567 = $61.73.
        { period: '2026-02', diamonds: 7_234_567, diamondsRevenueCents: 3_617_284, earningsCents: 96_173 },
        { period: '2026-03', diamonds: 7_200_000, diamondsRevenueCents: 3_600_000, earningsCents: 52_500 },
      ]);
      expect(answer).toMatchObject({ period: 'all', diamonds: 14_544_569, diamondsRevenueCents: 7_262_284, earningsCents: 149_073 });
      expect(answer.topMembers.map(({ uid, value, diamonds }) => ({ uid, value, diamonds }))).toEqual([
        { uid: member.cem, value: 90_000, diamonds: 6_000_000 },
        { uid: member.ayla, value: 46_173, diamonds: 5_234_567 },
        { uid: member.bora, value: 12_900, diamonds: 2_600_001 },
      ]);
      expect(await finance('last6')).toEqual({ ...answer, period: 'last6' });
    });

    it('limits the months to the period choice', async () => {
      const thisMonth = await finance('thisMonth');
      expect(thisMonth).toMatchObject({ diamonds: 7_200_000, diamondsRevenueCents: 3_600_000, earningsCents: 52_500 });
      expect(thisMonth.history.map((month) => month.period)).toEqual(['2026-03']);
      expect(thisMonth.topMembers.map(({ uid, value }) => ({ uid, value }))).toEqual([
        { uid: member.ayla, value: 40_000 },
        { uid: member.bora, value: 12_500 },
      ]);

      const lastYear = await finance('lastYear');
      expect(lastYear).toMatchObject({ diamonds: 100_001, diamondsRevenueCents: 40_000, earningsCents: 400 });
      expect(lastYear.topMembers).toEqual([{ uid: member.bora, firstName: 'Bora', lastName: 'Test', value: 400, diamonds: 100_001 }]);

      for (const choice of ['last3', 'thisYear']) {
        const answer = await finance(choice);
        expect(answer.history.map((month) => month.period)).toEqual(['2026-01', '2026-02', '2026-03']);
        expect(answer).toMatchObject({ diamonds: 14_444_568, diamondsRevenueCents: 7_222_284, earningsCents: 148_673 });
      }
    });

    it("shows the members' current names", async () => {
      await t.db.update(users).set({ firstName: 'Ayla-renamed' }).where(eq(users.id, member.ayla));
      const answer = await dashboard();
      expect(answer.topMembersByDiamonds[0]).toMatchObject({ uid: member.ayla, firstName: 'Ayla-renamed' });
    });
  });
});
