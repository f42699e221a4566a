import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DEFAULT_TEST_NOW, TestClock, testEnv } from '../../../test/helpers.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Database } from '../client.ts';
import { bankDetails, creatorMonths, creators, settings, users } from '../schema.ts';
import { DEMO_AYSE_BANK, DEMO_MEMBER_PASSWORD } from './demo-data.ts';
import { demoMonths, seedDemo } from './index.ts';

/** The seeded rows with generated ids replaced by stable names and creation times left out. */
async function snapshot(db: Database) {
  const userRows = await db.select().from(users).orderBy(asc(users.email));
  const creatorRows = await db.select().from(creators).orderBy(asc(creators.tiktokUsername));
  const emailOf = new Map(userRows.map((row) => [row.id, row.email]));
  const usernameOf = new Map(creatorRows.map((row) => [row.id, row.tiktokUsername]));
  const person = (id: string | null) => (id ? emailOf.get(id) : null);
  return {
    users: userRows.map(({ id: _id, passwordHash: _hash, createdAt: _c, updatedAt: _u, referredBy, ...rest }) => ({
      ...rest,
      referredBy: person(referredBy),
    })),
    bank: (await db.select().from(bankDetails)).map(({ id: _id, userId, ...rest }) => ({ ...rest, user: person(userId) })),
    creators: creatorRows.map(({ id: _id, createdAt: _c, updatedAt: _u, ownerId, affiliateId, ...rest }) => ({
      ...rest,
      owner: person(ownerId),
      affiliate: person(affiliateId),
    })),
    months: (await db.select().from(creatorMonths))
      .map(({ updatedAt: _u, creatorId, ...rest }) => ({ ...rest, creator: usernameOf.get(creatorId) }))
      .sort((a, b) => `${a.creator}${a.period}`.localeCompare(`${b.creator}${b.period}`)),
    settings: (await db.select().from(settings)).map(({ updatedAt: _u, ...rest }) => rest),
  };
}

/** ISO 13616 mod-97 check and the T.C. kimlik no. checksum, written out independently here. */
function isValidIban(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}
function isValidTurkishIdentity(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  return (odd * 7 - even) % 10 === d[9] && d.slice(0, 10).reduce((a, b) => a + b, 0) % 10 === d[10];
}

describe('demo seed', () => {
  const env = testEnv();

  it('is deterministic: two fresh databases seeded at the same moment hold the same rows', async () => {
    const first = await createTestDatabase();
    const second = await createTestDatabase();
    try {
      expect(await seedDemo(first.db, { env, clock: new TestClock(DEFAULT_TEST_NOW) })).toBe(true);
      expect(await seedDemo(second.db, { env, clock: new TestClock(DEFAULT_TEST_NOW) })).toBe(true);
      const [a, b] = [await snapshot(first.db), await snapshot(second.db)];
      expect(a.users).toHaveLength(6);
      expect(a.creators.length).toBeGreaterThanOrEqual(8);
      expect(a.creators.length).toBeLessThanOrEqual(12);
      expect(a).toEqual(b);

      // Runs on first start only: the second run finds the admin and changes nothing.
      expect(await seedDemo(first.db, { env, clock: new TestClock(DEFAULT_TEST_NOW) })).toBe(false);
      expect(await snapshot(first.db)).toEqual(a);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('refuses to run in production', async () => {
    const database = await createTestDatabase();
    try {
      const production = { ...env, isProduction: true };
      await expect(seedDemo(database.db, { env: production, clock: new TestClock(DEFAULT_TEST_NOW) })).rejects.toThrow(
        /production/,
      );
      expect(await database.db.$count(users)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('holds the demo people, valid phones and bank details, three months, and Ayşe over 3,000,000', async () => {
    const database = await createTestDatabase();
    try {
      await seedDemo(database.db, { env, clock: new TestClock(DEFAULT_TEST_NOW) });
      const rows = await snapshot(database.db);
      const byEmail = new Map(rows.users.map((row) => [row.email, row]));
      expect(byEmail.get('admin@example.com')).toMatchObject({ role: 'admin', status: 'active', phone: '+905320000001' });
      expect(byEmail.get('ayse@example.com')).toMatchObject({ firstName: 'Ayşe', lastName: 'Yılmaz', phone: '+905320000002', status: 'active' });
      expect(byEmail.get('mehmet@example.com')).toMatchObject({ phone: '+905320000003', status: 'active', referredBy: 'ayse@example.com' });
      expect(byEmail.get('elif@example.com')).toMatchObject({ phone: '+905320000004', status: 'active' });
      expect(byEmail.get('can@example.com')).toMatchObject({ phone: '+905320000005', status: 'pending' });
      expect(byEmail.get('zeynep@example.com')).toMatchObject({ phone: '+905320000006', status: 'active' });
      for (const row of rows.users) expect(normalizeMobilePhone(row.phone!), row.email!).toBe(row.phone);

      const all = await database.db.select().from(users);
      for (const row of all.filter((user) => user.role === 'user')) {
        expect(await verifyPassword(row.passwordHash!, DEMO_MEMBER_PASSWORD)).toBe(true);
      }
      expect(await verifyPassword(all.find((user) => user.role === 'admin')!.passwordHash!, 'Admin!2026demo')).toBe(true);

      expect(rows.bank).toEqual([expect.objectContaining({ user: 'ayse@example.com', ...DEMO_AYSE_BANK })]);
      expect(rows.bank[0]!.verifiedAt).not.toBeNull();
      expect(isValidIban(DEMO_AYSE_BANK.iban)).toBe(true);
      expect(isValidTurkishIdentity(DEMO_AYSE_BANK.identityNumber)).toBe(true);

      const pendingCreator = rows.creators.find((creator) => creator.owner === 'can@example.com');
      expect(pendingCreator).toMatchObject({ status: 'pending' });

      const periods = demoMonths(DEFAULT_TEST_NOW).map((month) => month.period);
      expect(periods).toEqual(['2026-01', '2026-02', '2026-03']);
      expect([...new Set(rows.months.map((month) => month.period))].sort()).toEqual(periods);
      for (const month of rows.months) {
        expect(month.diamonds).toBeGreaterThanOrEqual(50_000);
        expect(month.diamonds).toBeLessThanOrEqual(2_500_000);
        expect(month.lastLiveAt!.getTime()).toBeLessThanOrEqual(DEFAULT_TEST_NOW.getTime());
      }
      const currentMonth = rows.months.filter((month) => month.period === '2026-03');
      for (const month of currentMonth) expect(month.validDays).toBeLessThanOrEqual(18);

      const ayseCreators = new Set(rows.creators.filter((creator) => creator.affiliate === 'ayse@example.com').map((creator) => creator.tiktokUsername));
      const ayseTotals = periods.map((period) =>
        rows.months.filter((month) => month.period === period && ayseCreators.has(month.creator!)).reduce((sum, month) => sum + month.diamonds, 0),
      );
      expect(ayseTotals.some((total) => total >= 3_000_000)).toBe(true);
      expect(ayseTotals.some((total) => total < 3_000_000)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('takes the three months from the clock (current month and the two before, across a year end)', () => {
    expect(demoMonths(new Date('2027-01-02T00:00:00Z')).map((month) => month.period)).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});
