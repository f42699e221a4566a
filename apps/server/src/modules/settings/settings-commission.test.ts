import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creatorMonths, creators, memberMonths, settings } from '../../db/schema.ts';
import { recomputeMemberMonths } from '../earnings/earnings.engine.ts';

const PASSWORD = 'Commission-pass-1';
const DEFAULT_TIERS = [
  { fromDiamonds: 0, toDiamonds: 2_999_999, rateBps: 100 },
  { fromDiamonds: 3_000_000, toDiamonds: 5_000_000, rateBps: 200 },
  { fromDiamonds: 5_000_001, toDiamonds: null, rateBps: 300 },
];

/** The test clock's month is 2026-03; 2026-02 has ended. */
describe('commission settings recompute the open month only', () => {
  let t: TestApp;
  let adminToken: string;
  let memberId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', email: 'boss@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberId = (await createUser(t.db, { firstName: 'Ayla' })).id;
    const [creator] = await t.db.insert(creators).values({ tiktokUsername: 'ayla.live', affiliateId: memberId, status: 'active' }).returning();
    await t.db.insert(creatorMonths).values([
      { creatorId: creator!.id, period: '2026-02', diamonds: 4_000_000 },
      { creatorId: creator!.id, period: '2026-03', diamonds: 4_000_000 },
    ]);
    await recomputeMemberMonths(t.db, '2026-02', new Date('2026-03-01T00:00:00Z'));
    await recomputeMemberMonths(t.db, '2026-03', t.clock.now());
  });
  afterAll(() => t.close());

  const monthRow = async (period: string) => {
    const [row] = await t.db.select().from(memberMonths).where(eq(memberMonths.period, period));
    return row!;
  };
  const put = (body: unknown) => call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body });

  it('starts from the default tiers: 4,000,000 diamonds x $0.005 x 2% = $400.00', async () => {
    const [row] = await t.db.select().from(settings);
    expect(row!.commissionTiers).toEqual(DEFAULT_TIERS);
    expect(await monthRow('2026-03')).toMatchObject({ diamonds: 4_000_000, rateBps: 200, earningsCents: 40_000 });
  });

  it("new tiers change this month's earnings and leave last month's row byte-identical", async () => {
    const lastMonth = await monthRow('2026-02');
    const tiers = [
      { fromDiamonds: 0, toDiamonds: 999_999, rateBps: 150 },
      { fromDiamonds: 1_000_000, toDiamonds: null, rateBps: 250 },
    ];
    const response = await put({ commissionTiers: tiers });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ message: 'Commission add successfully', messageCode: 'COMMISSION_SAVED' });
    // 4,000,000 x $0.005 x 2.5% = $500.00
    expect(await monthRow('2026-03')).toMatchObject({ rateBps: 250, earningsCents: 50_000, diamondValueMicros: 5000 });
    expect(await monthRow('2026-02')).toEqual(lastMonth);
  });

  it("a new diamond value changes this month's earnings only", async () => {
    const lastMonth = await monthRow('2026-02');
    const response = await put({ diamondValueMicros: 6000 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.messageCode).toBe('COMMISSION_SAVED');
    // 4,000,000 x $0.006 x 2.5% = $600.00
    expect(await monthRow('2026-03')).toMatchObject({ earningsCents: 60_000, diamondValueMicros: 6000 });
    expect(await monthRow('2026-02')).toEqual(lastMonth);
  });

  it('refuses tiers with a gap or an overlap (400) and changes neither the settings nor the figures', async () => {
    const [settingsBefore] = await t.db.select().from(settings);
    const monthsBefore = await t.db.select().from(memberMonths).orderBy(asc(memberMonths.period));
    for (const commissionTiers of [
      [
        { fromDiamonds: 0, toDiamonds: 100, rateBps: 100 },
        { fromDiamonds: 102, toDiamonds: null, rateBps: 200 },
      ],
      [
        { fromDiamonds: 0, toDiamonds: 100, rateBps: 100 },
        { fromDiamonds: 50, toDiamonds: null, rateBps: 200 },
      ],
    ]) {
      const response = await put({ commissionTiers, diamondValueMicros: 1000 });
      expect(response.status).toBe(400);
    }
    expect((await t.db.select().from(settings))[0]).toEqual(settingsBefore);
    expect(await t.db.select().from(memberMonths).orderBy(asc(memberMonths.period))).toEqual(monthsBefore);
  });

  it('saving the same tiers again recomputes nothing; agency details answer their own message', async () => {
    const before = await monthRow('2026-03');
    const [current] = await t.db.select().from(settings);
    const same = await put({ commissionTiers: current!.commissionTiers });
    expect(same.status).toBe(200);
    expect(await monthRow('2026-03')).toEqual(before);
    const details = await put({ agencyName: 'Yıldız Ajans' });
    expect(details.body.messageCode).toBe('DETAILS_UPDATED');
    expect(await monthRow('2026-03')).toEqual(before);
  });
});
