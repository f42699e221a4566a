import type { MyEarnings, MySummary, RequirementState } from '@agency/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, DEFAULT_TEST_NOW, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators, uploads } from '../../db/schema.ts';
import { eligibilityOf, memberBalance } from './balance.ts';
import { recomputeMemberMonths } from './earnings.engine.ts';
import { worstRequirementState } from './earnings.service.ts';

const PASSWORD = 'Earnings-pass-1';
const H = 3600;
// The test clock's month is 2026-03 (DEFAULT_TEST_NOW, 2026-03-18): 2026-03 is open, 2026-02 ended.

interface Figures {
  period: string;
  diamonds: number;
  validDays?: number;
  liveSeconds?: number;
  state?: RequirementState;
}

describe('member earnings: /api/me/summary and /api/me/earnings', () => {
  let t: TestApp;
  const id: Record<'ayla' | 'bora' | 'cem' | 'deniz' | 'ece' | 'fresh', string> = { ayla: '', bora: '', cem: '', deniz: '', ece: '', fresh: '' };
  const token: Record<string, string> = {};
  let adminToken: string;
  let counter = 0;

  async function addCreator(values: { affiliateId?: string; ownerId?: string }, months: Figures[]): Promise<string> {
    counter += 1;
    const [creator] = await t.db
      .insert(creators)
      .values({ tiktokUsername: `earn.${counter}`, name: `Creator ${counter}`, status: 'active', joinedAt: new Date('2025-01-01T00:00:00Z'), ...values })
      .returning();
    if (months.length > 0) {
      await t.db.insert(creatorMonths).values(
        months.map((month) => ({
          creatorId: creator!.id,
          period: month.period,
          diamonds: month.diamonds,
          validDays: month.validDays ?? 0,
          liveSeconds: month.liveSeconds ?? 0,
          requirementState: month.state ?? null,
        })),
      );
    }
    return creator!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of Object.keys(id) as (keyof typeof id)[]) {
      const user = await createUser(t.db, { email: `${name}@example.com`, password: PASSWORD, ...(name === 'deniz' ? { commissionRateBps: 450 } : {}) });
      id[name] = user.id;
      token[name] = await signInWithPassword(t.app, `${name}@example.com`, PASSWORD);
    }
    await createUser(t.db, { role: 'admin', email: 'boss@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);

    // Ayla: brought two creators over five months, signs in for two accounts of her own.
    await addCreator({ affiliateId: id.ayla }, [
      { period: '2025-03', diamonds: 100_000 },
      { period: '2025-12', diamonds: 200_000 },
      { period: '2026-01', diamonds: 300_000 },
      { period: '2026-02', diamonds: 2_500_000 },
      { period: '2026-03', diamonds: 1_000_000, state: 'atRisk' },
    ]);
    await addCreator({ affiliateId: id.ayla }, [
      { period: '2026-02', diamonds: 1_500_000 },
      { period: '2026-03', diamonds: 0, state: 'failing' },
    ]);
    await addCreator({ affiliateId: id.ayla }, [{ period: '2026-03', diamonds: 5, state: 'onTrack' }]);
    await addCreator({ ownerId: id.ayla }, [
      { period: '2026-02', diamonds: 50_000, validDays: 14, liveSeconds: 30 * H, state: 'onTrack' },
      { period: '2026-03', diamonds: 70_000, validDays: 20, liveSeconds: 40 * H, state: 'onTrack' },
    ]);
    // Bora brought Ayla's second own account and signs in for his own.
    await addCreator({ ownerId: id.ayla, affiliateId: id.bora }, [{ period: '2026-03', diamonds: 10_000, validDays: 15, liveSeconds: 10 * H, state: 'atRisk' }]);
    await addCreator({ ownerId: id.bora, affiliateId: id.bora }, [{ period: '2026-02', diamonds: 600_000, validDays: 3, liveSeconds: 5 * H, state: 'failing' }]);
    // Cem: 999,800 diamonds x $0.005 x 1% = 4,999 cents, one cent below the minimum.
    await addCreator({ affiliateId: id.cem }, [{ period: '2026-02', diamonds: 999_800 }]);
    // Deniz: personal rate 4.5%.
    await addCreator({ affiliateId: id.deniz }, [{ period: '2026-02', diamonds: 4_000_000 }]);
    // Ece: creators totalling 4,000,000 diamonds in an ended month.
    await addCreator({ affiliateId: id.ece }, [{ period: '2026-02', diamonds: 3_000_000 }]);
    await addCreator({ affiliateId: id.ece }, [{ period: '2026-02', diamonds: 1_000_000 }]);

    for (const period of ['2025-03', '2025-12', '2026-01', '2026-02', '2026-03']) await recomputeMemberMonths(t.db, period, DEFAULT_TEST_NOW);
    await t.db.insert(uploads).values({
      fileName: 'march.csv',
      sizeBytes: 10,
      sha256: 'x'.repeat(64),
      period: '2026-03',
      asOf: '2026-03-17',
      rows: 1,
      imported: 1,
      created: 0,
      skipped: 0,
      missing: 0,
    });
  });
  afterAll(() => t.close());

  const summary = async (who: string) => {
    const response = await call(t.app, 'GET', '/api/me/summary', { token: token[who] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as MySummary;
  };
  const earnings = async (who: string, period?: string) => {
    const response = await call(t.app, 'GET', `/api/me/earnings${period ? `?period=${period}` : ''}`, { token: token[who] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as MyEarnings;
  };

  describe('GET /api/me/summary', () => {
    it('4,000,000 diamonds in an ended month at default settings: $400.00 earned and unpaid, nothing estimated yet', async () => {
      expect(await summary('ece')).toEqual({
        period: '2026-03',
        asOf: '2026-03-17',
        diamonds: 0,
        earningsCents: 0,
        rateBps: 100,
        personalRate: false,
        creatorCount: 0,
        ownDiamonds: 0,
        validDays: 0,
        liveSeconds: 0,
        achievedPercent: 0,
        requirementState: null,
        unpaidCents: 40_000,
        availableCents: 40_000,
        minimumPayoutCents: 5000,
        eligibility: 'Eligible for Payment',
        atRiskCount: 0,
        onTheWay: [],
      });
      const history = await earnings('ece');
      expect(history.months).toEqual([
        { period: '2026-02', diamonds: 4_000_000, earningsCents: 40_000, rateBps: 200, validDays: 0, liveSeconds: 0, creatorCount: 2, estimated: false },
      ]);
    });

    it("the open month is estimated and stays out of unpaid; own LIVE, worst state and brought at-risk creators", async () => {
      const ayla = await summary('ayla');
      expect(ayla).toMatchObject({
        period: '2026-03',
        diamonds: 1_000_005,
        // 1,000,005 x $0.005 x 1% = $50.00025 -> 5000 cents
        earningsCents: 5000,
        rateBps: 100,
        personalRate: false,
        creatorCount: 3,
        // Own accounts: 70,000 + 10,000 diamonds; 20 + 15 valid days capped at March's 31; 40 + 10 hours.
        ownDiamonds: 80_000,
        validDays: 31,
        liveSeconds: 50 * H,
        achievedPercent: 100,
        requirementState: 'atRisk',
        // 2025-03 500 + 2025-12 1000 + 2026-01 1500 + 2026-02 40000; March is not payable yet.
        unpaidCents: 43_000,
        availableCents: 43_000,
        eligibility: 'Eligible for Payment',
        atRiskCount: 2,
      });
    });

    it('counts the month as unpaid once it has ended', async () => {
      t.clock.set(new Date('2026-04-01T00:00:00Z'));
      try {
        const ayla = await summary('ayla');
        expect(ayla).toMatchObject({ period: '2026-04', asOf: null, diamonds: 0, earningsCents: 0, unpaidCents: 48_000, atRiskCount: 0, requirementState: null });
        const march = (await earnings('ayla', 'last3')).months.find((month) => month.period === '2026-03');
        expect(march?.estimated).toBe(false);
      } finally {
        t.clock.set(DEFAULT_TEST_NOW);
      }
    });

    it('a personal rate overrides the tiers, also for the open month without figures', async () => {
      const deniz = await summary('deniz');
      expect(deniz).toMatchObject({ rateBps: 450, personalRate: true, earningsCents: 0, unpaidCents: 90_000, availableCents: 90_000 });
      expect((await earnings('deniz')).months).toEqual([
        { period: '2026-02', diamonds: 4_000_000, earningsCents: 90_000, rateBps: 450, validDays: 0, liveSeconds: 0, creatorCount: 1, estimated: false },
      ]);
    });

    it('eligibility: 4,999 cents is below the $50 minimum, 5,000 cents is eligible', async () => {
      expect(await summary('cem')).toMatchObject({ unpaidCents: 4999, availableCents: 4999, eligibility: 'Below Minimum Threshold' });
      const [creator] = await t.db.select().from(creators).where(eq(creators.affiliateId, id.cem));
      await t.db.update(creatorMonths).set({ diamonds: 1_000_000 }).where(and(eq(creatorMonths.creatorId, creator!.id), eq(creatorMonths.period, '2026-02')));
      await recomputeMemberMonths(t.db, '2026-02', DEFAULT_TEST_NOW);
      expect(await summary('cem')).toMatchObject({ unpaidCents: 5000, availableCents: 5000, eligibility: 'Eligible for Payment' });
      expect(eligibilityOf(4999)).toBe('Below Minimum Threshold');
      expect(eligibilityOf(5000)).toBe('Eligible for Payment');
    });

    it('a member without figures gets zeros and the tier rate for 0 diamonds', async () => {
      expect(await summary('fresh')).toMatchObject({
        diamonds: 0,
        earningsCents: 0,
        rateBps: 100,
        personalRate: false,
        unpaidCents: 0,
        availableCents: 0,
        eligibility: 'Below Minimum Threshold',
        requirementState: null,
        atRiskCount: 0,
      });
      expect(await earnings('fresh')).toEqual({ period: 'all', months: [], totals: { diamonds: 0, earningsCents: 0, validDays: 0, liveSeconds: 0 } });
    });
  });

  describe('GET /api/me/earnings', () => {
    const periodsOf = (history: MyEarnings) => history.months.map((month) => month.period);

    it('lists the months of each period choice oldest first, the open month estimated', async () => {
      expect(periodsOf(await earnings('ayla'))).toEqual(['2025-03', '2025-12', '2026-01', '2026-02', '2026-03']);
      expect(periodsOf(await earnings('ayla', 'all'))).toEqual(['2025-03', '2025-12', '2026-01', '2026-02', '2026-03']);
      expect(periodsOf(await earnings('ayla', 'last3'))).toEqual(['2026-01', '2026-02', '2026-03']);
      expect(periodsOf(await earnings('ayla', 'last6'))).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
      expect(periodsOf(await earnings('ayla', 'thisYear'))).toEqual(['2026-01', '2026-02', '2026-03']);
      expect(periodsOf(await earnings('ayla', 'thisMonth'))).toEqual(['2026-03']);
      expect(periodsOf(await earnings('ayla', 'lastYear'))).toEqual(['2025-03', '2025-12']);
    });

    it('gives each month the commission and the own LIVE, with totals', async () => {
      const history = await earnings('ayla', 'last3');
      expect(history.months).toEqual([
        { period: '2026-01', diamonds: 300_000, earningsCents: 1500, rateBps: 100, validDays: 0, liveSeconds: 0, creatorCount: 1, estimated: false },
        { period: '2026-02', diamonds: 4_000_000, earningsCents: 40_000, rateBps: 200, validDays: 14, liveSeconds: 30 * H, creatorCount: 2, estimated: false },
        { period: '2026-03', diamonds: 1_000_005, earningsCents: 5000, rateBps: 100, validDays: 31, liveSeconds: 50 * H, creatorCount: 3, estimated: true },
      ]);
      expect(history.totals).toEqual({ diamonds: 5_300_005, earningsCents: 46_500, validDays: 45, liveSeconds: 80 * H });
      expect(history.period).toBe('last3');
    });

    it('puts the commission of the creators brought beside the LIVE of the own accounts, month by month', async () => {
      const bora = await earnings('bora');
      expect(bora.months).toEqual([
        { period: '2026-02', diamonds: 600_000, earningsCents: 3000, rateBps: 100, validDays: 3, liveSeconds: 5 * H, creatorCount: 1, estimated: false },
        { period: '2026-03', diamonds: 10_000, earningsCents: 50, rateBps: 100, validDays: 0, liveSeconds: 0, creatorCount: 1, estimated: true },
      ]);
      const ayla = (await earnings('ayla', 'lastYear')).months;
      expect(ayla.every((month) => month.validDays === 0)).toBe(true);
    });

    it('refuses an unknown period or unknown fields', async () => {
      expect((await call(t.app, 'GET', '/api/me/earnings?period=forever', { token: token.ayla })).status).toBe(400);
      expect((await call(t.app, 'GET', `/api/me/earnings?memberId=${id.bora}`, { token: token.ayla })).status).toBe(400);
    });
  });

  describe('access', () => {
    it('each member sees only their own figures, whatever the request names', async () => {
      const bora = await summary('bora');
      expect(bora).toMatchObject({ diamonds: 10_000, earningsCents: 50, unpaidCents: 3000, ownDiamonds: 0, validDays: 0, requirementState: null, atRiskCount: 1 });
      const ayla = await call(t.app, 'GET', `/api/me/summary?uid=${id.bora}`, { token: token.ayla });
      expect((ayla.body.data as MySummary).unpaidCents).toBe(43_000);
      expect((await call(t.app, 'GET', `/api/me/summary/${id.bora}`, { token: token.ayla })).status).toBe(404);
      expect((await earnings('ayla', 'thisMonth')).months[0]?.earningsCents).toBe(5000);
    });

    it('401 without a token; 403 for an admin (no own earnings)', async () => {
      for (const url of ['/api/me/summary', '/api/me/earnings']) {
        const anonymous = await call(t.app, 'GET', url);
        expect(anonymous.status, url).toBe(401);
        expect(anonymous.body.code).toBe('UNAUTHENTICATED');
        const admin = await call(t.app, 'GET', url, { token: adminToken });
        expect(admin.status, url).toBe(403);
        expect(admin.body.code).toBe('FORBIDDEN');
      }
    });
  });

  describe('balance and states', () => {
    it('memberBalance counts only the months before the month of `now`', async () => {
      expect(await memberBalance(t.db, id.ayla, new Date('2026-02-10T00:00:00Z'))).toEqual({
        unpaidCents: 3000,
        availableCents: 3000,
        eligibility: 'Below Minimum Threshold',
      });
      expect(await memberBalance(t.db, id.ayla, new Date('2025-03-31T23:59:59Z'))).toEqual({
        unpaidCents: 0,
        availableCents: 0,
        eligibility: 'Below Minimum Threshold',
      });
    });

    it('the worst requirement state wins', () => {
      expect(worstRequirementState([])).toBeNull();
      expect(worstRequirementState([null])).toBeNull();
      expect(worstRequirementState(['onTrack', null])).toBe('onTrack');
      expect(worstRequirementState(['onTrack', 'atRisk'])).toBe('atRisk');
      expect(worstRequirementState(['failing', 'atRisk', 'onTrack'])).toBe('failing');
    });
  });
});
