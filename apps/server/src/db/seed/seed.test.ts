import { PAYMENT_STATUSES, REASON_MIN_LENGTH } from '@agency/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, createTestDatabase, DEFAULT_TEST_NOW, signInWithPassword, TestClock, testEnv } from '../../../test/helpers.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { memberBalance } from '../../modules/earnings/balance.ts';
import type { Database } from '../client.ts';
import {
  activityLog,
  bankDetails,
  creatorMonths,
  creators,
  deductions,
  ledgerEntries,
  memberMonths,
  notificationRecipients,
  notifications,
  payments,
  settings,
  uploads,
  users,
} from '../schema.ts';
import { DEMO_AYSE_BANK, DEMO_ELIF_BANK, DEMO_MEMBER_PASSWORD } from './demo-data.ts';
import { demoMonths, seedDemo } from './index.ts';

/** The seeded rows with generated ids replaced by stable names and creation times left out. */
async function snapshot(db: Database) {
  const userRows = await db.select().from(users).orderBy(asc(users.email));
  const creatorRows = await db.select().from(creators).orderBy(asc(creators.tiktokUsername));
  const uploadRows = await db.select().from(uploads).orderBy(asc(uploads.createdAt));
  const paymentRows = await db.select().from(payments).orderBy(asc(payments.createdAt), asc(payments.amountCents));
  const emailOf = new Map(userRows.map((row) => [row.id, row.email]));
  const usernameOf = new Map(creatorRows.map((row) => [row.id, row.tiktokUsername]));
  const fileOf = new Map(uploadRows.map((row) => [row.id, row.fileName]));
  const paymentOf = new Map(paymentRows.map((row, index) => [row.id, `payment ${index + 1}`]));
  const person = (id: string | null) => (id ? emailOf.get(id) : null);
  return {
    users: userRows.map(({ id: _id, passwordHash: _hash, createdAt: _c, updatedAt: _u, referredBy, ...rest }) => ({
      ...rest,
      referredBy: person(referredBy),
    })),
    bank: (await db.select().from(bankDetails))
      .map(({ id: _id, userId, ...rest }) => ({ ...rest, user: person(userId) }))
      .sort((a, b) => `${a.user}`.localeCompare(`${b.user}`)),
    creators: creatorRows.map(({ id: _id, createdAt: _c, updatedAt: _u, ownerId, affiliateId, ...rest }) => ({
      ...rest,
      owner: person(ownerId),
      affiliate: person(affiliateId),
    })),
    months: (await db.select().from(creatorMonths))
      .map(({ updatedAt: _u, creatorId, uploadId, ...rest }) => ({ ...rest, creator: usernameOf.get(creatorId), upload: uploadId ? fileOf.get(uploadId) : null }))
      .sort((a, b) => `${a.creator}${a.period}`.localeCompare(`${b.creator}${b.period}`)),
    settings: (await db.select().from(settings)).map(({ updatedAt: _u, ...rest }) => rest),
    uploads: uploadRows.map(({ id: _id, uploadedBy, ...rest }) => ({ ...rest, uploadedBy: person(uploadedBy) })),
    payments: paymentRows.map(({ id: _id, memberId, decidedBy, payoutRunId, ...rest }) => ({
      ...rest,
      member: person(memberId),
      decidedBy: person(decidedBy),
      automaticRun: payoutRunId !== null,
    })),
    deductions: (await db.select().from(deductions).orderBy(asc(deductions.createdAt))).map(({ id: _id, memberId, createdBy, deletedBy, paymentId, ...rest }) => ({
      ...rest,
      member: person(memberId),
      createdBy: person(createdBy),
      deletedBy: person(deletedBy),
      payment: paymentId ? paymentOf.get(paymentId) : null,
    })),
    ledger: (await db.select().from(ledgerEntries))
      .map(({ id: _id, memberId, paymentId, deductionId: _d, createdBy, ...rest }) => ({
        ...rest,
        member: person(memberId),
        payment: paymentId ? paymentOf.get(paymentId) : null,
        createdBy: person(createdBy),
      }))
      .sort((a, b) => `${a.createdAt.toISOString()}${a.member}${a.kind}${a.amountCents}`.localeCompare(`${b.createdAt.toISOString()}${b.member}${b.kind}${b.amountCents}`)),
    notifications: (await db.select().from(notifications).orderBy(asc(notifications.createdAt), asc(notifications.message)))
      .map(({ id: _id, createdBy, params, ...rest }) => ({ ...rest, createdBy: person(createdBy), params: params ? Object.keys(params).sort() : null })),
    activity: (await db.select({ action: activityLog.action, at: activityLog.at, actorId: activityLog.actorId }).from(activityLog))
      .map((row) => `${row.at.toISOString()} ${row.action} ${person(row.actorId) ?? 'system'}`)
      .sort(),
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

      // Ayşe's verified from the start, Elif's entered and verified in the middle month; Mehmet and Zeynep have none.
      expect(rows.bank).toEqual([
        expect.objectContaining({ user: 'ayse@example.com', ...DEMO_AYSE_BANK }),
        expect.objectContaining({ user: 'elif@example.com', ...DEMO_ELIF_BANK }),
      ]);
      for (const row of rows.bank) expect(row.verifiedAt, row.user!).not.toBeNull();
      for (const bank of [DEMO_AYSE_BANK, DEMO_ELIF_BANK]) {
        expect(isValidIban(bank.iban), bank.iban).toBe(true);
        expect(isValidTurkishIdentity(bank.identityNumber), bank.identityNumber).toBe(true);
      }

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

  it('has a history: every payment status, uploads of three months, open and consumed deductions, read and unread notifications', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await seedDemo(db, { env, clock: new TestClock(DEFAULT_TEST_NOW) });
      const idOf = new Map((await db.select({ id: users.id, email: users.email }).from(users)).map((row) => [row.email, row.id]));
      const ayse = idOf.get('ayse@example.com')!;
      const paymentRows = await db.select().from(payments);

      expect([...new Set(paymentRows.map((row) => row.status))].sort()).toEqual([...PAYMENT_STATUSES].sort());
      for (const row of paymentRows.filter((payment) => payment.status === 'Rejected' || payment.status === 'Unpaid')) {
        expect(row.reason?.trim().length ?? 0, row.status).toBeGreaterThanOrEqual(REASON_MIN_LENGTH);
      }
      expect(paymentRows.some((row) => row.kind === 'automatic')).toBe(true);
      expect(paymentRows.some((row) => row.kind === 'request')).toBe(true);
      // Ayşe, the member the README offers first: several statuses, and money on its way.
      const ayseStatuses = new Set(paymentRows.filter((row) => row.memberId === ayse).map((row) => row.status));
      expect(ayseStatuses.size).toBeGreaterThanOrEqual(3);
      expect(['Pending', 'Waiting Approval', 'Approved'].some((status) => ayseStatuses.has(status as never))).toBe(true);
      expect(ayseStatuses.has('Paid')).toBe(true);
      // Every payment left the activity entries its actions write: created, then one per transition.
      const entries = await db.select().from(activityLog).where(eq(activityLog.entityType, 'payment'));
      for (const row of paymentRows) {
        const own = entries.filter((entry) => entry.entityId === row.id).map((entry) => entry.action);
        expect(own, row.status).toContain(row.kind === 'automatic' ? 'payment.automatic' : 'payment.request');
        if (row.status !== 'Pending' && row.status !== 'Waiting Approval' && row.status !== 'Pending Registration') expect(own.length, row.status).toBeGreaterThan(1);
      }

      const periods = demoMonths(DEFAULT_TEST_NOW).map((month) => month.period);
      const uploadRows = await db.select().from(uploads).orderBy(asc(uploads.createdAt));
      expect([...new Set(uploadRows.map((row) => row.period))].sort()).toEqual(periods);
      for (const row of uploadRows) {
        expect(row.createdAt.getTime()).toBeLessThanOrEqual(DEFAULT_TEST_NOW.getTime());
        expect(row.asOf.slice(0, 7), row.fileName).toBe(row.period);
        expect(row.fileName).toMatch(/\.xlsx$/);
        expect(row.imported).toBeGreaterThan(0);
        expect(row.imported + row.skipped).toBe(row.rows);
      }
      // The current month's figures come from an upload as of yesterday (Backstage runs a day behind).
      const current = uploadRows.filter((row) => row.period === '2026-03');
      expect(current.map((row) => row.asOf)).toEqual(['2026-03-17']);
      // Each file is imported after the day it describes ends (today, for yesterday's figures).
      for (const row of uploadRows) expect(row.createdAt.getTime(), row.fileName).toBeGreaterThanOrEqual(new Date(`${row.asOf}T23:59:59.999Z`).getTime() + 1);
      const monthRows = await db.select().from(creatorMonths);
      const uploadIds = new Set(uploadRows.map((row) => row.id));
      for (const row of monthRows) expect(uploadIds.has(row.uploadId!), `${row.period}`).toBe(true);
      expect(new Set(monthRows.filter((row) => row.period === '2026-03').map((row) => row.uploadId))).toEqual(new Set(current.map((row) => row.id)));
      expect(await db.$count(activityLog, eq(activityLog.action, 'upload.committed'))).toBe(uploadRows.length);

      const deductionRows = await db.select().from(deductions);
      expect(deductionRows.some((row) => row.paymentId === null && row.deletedAt === null)).toBe(true);
      expect(deductionRows.some((row) => row.paymentId !== null)).toBe(true);

      const ayseNotifications = await db.select().from(notificationRecipients).where(eq(notificationRecipients.userId, ayse));
      expect(ayseNotifications.some((row) => row.readAt !== null)).toBe(true);
      expect(ayseNotifications.some((row) => row.readAt === null)).toBe(true);
      const kinds = await db.select({ kind: notifications.kind }).from(notifications);
      expect(new Set(kinds.map((row) => row.kind))).toEqual(new Set(['admin', 'system']));
    } finally {
      await database.close();
    }
  });

  it('keeps every balance consistent with the ledger: never negative, as the payments and deductions add up', async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      await seedDemo(db, { env, clock: new TestClock(DEFAULT_TEST_NOW) });
      const members = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'user'));
      for (const member of members) {
        const balance = await memberBalance(db, member.id, DEFAULT_TEST_NOW);
        // Written out here from the tables, independently of the ledger: the earnings of the ended
        // months, less the gross of every payment still covering them, less the open deductions.
        const earned = (await db.select().from(memberMonths).where(eq(memberMonths.memberId, member.id)))
          .filter((row) => row.period < '2026-03')
          .reduce((sum, row) => sum + row.earningsCents, 0);
        const covered = (await db.select().from(payments).where(eq(payments.memberId, member.id)))
          .filter((row) => row.status !== 'Rejected' && row.status !== 'Unpaid')
          .reduce((sum, row) => sum + row.grossCents, 0);
        const open = (await db.select().from(deductions).where(eq(deductions.memberId, member.id)))
          .filter((row) => row.paymentId === null && row.deletedAt === null)
          .reduce((sum, row) => sum + row.amountCents, 0);
        expect(balance.availableCents, member.email!).toBeGreaterThanOrEqual(0);
        expect(balance.unpaidCents, member.email!).toBe(earned - covered);
        expect(balance.availableCents, member.email!).toBe(earned - covered - open);
        // Each payment's net left the ledger once; a rejected or unpaid one came back once.
        const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, member.id));
        for (const payment of await db.select().from(payments).where(eq(payments.memberId, member.id))) {
          const own = ledger.filter((entry) => entry.paymentId === payment.id).map((entry) => entry.amountCents).sort((a, b) => a - b);
          expect(own, payment.status).toEqual(payment.status === 'Rejected' || payment.status === 'Unpaid' ? [-payment.amountCents, payment.amountCents] : [-payment.amountCents]);
        }
      }
      const ayse = members.find((member) => member.email === 'ayse@example.com')!;
      // The payments journey (e2e/payments.spec.ts) needs Ayşe to have at least $50 to request and to be paid automatically.
      expect((await memberBalance(db, ayse.id, DEFAULT_TEST_NOW)).availableCents).toBeGreaterThanOrEqual(5_000);
    } finally {
      await database.close();
    }
  });

  it('shows the seeded agency through the API: an upload for this month on the dashboard and its forecast, the history, Ayşe\'s balance and payments', async () => {
    const t = await createTestApp({ seed: true });
    try {
      const admin = await signInWithPassword(t.app, 'admin@example.com', 'Admin!2026demo');
      const dashboard = await call(t.app, 'GET', '/api/admin/dashboard', { token: admin });
      expect(dashboard.status).toBe(200);
      expect(dashboard.body.data).toMatchObject({ period: '2026-03', asOf: '2026-03-17' });
      // The upload of this month left its figures for the pace forecasts, as an import does.
      const forecast = (await call(t.app, 'GET', '/api/admin/forecasts', { token: admin })).body.data as { asOf: string | null; snapshotDays: number; counts: Record<string, number> };
      expect(forecast).toMatchObject({ asOf: '2026-03-17', snapshotDays: 1 });
      const withFigures = await t.db.select({ id: creatorMonths.creatorId }).from(creatorMonths).where(eq(creatorMonths.period, '2026-03'));
      const { met, onPace, atRisk, outOfReach, noPace } = forecast.counts;
      expect(met! + onPace! + atRisk! + outOfReach! + noPace!).toBe(withFigures.length);
      const history = await call(t.app, 'GET', '/api/admin/uploads?page=1&pageSize=10', { token: admin });
      const items = (history.body.data as { items: { period: string; asOf: string }[] }).items;
      expect(items.map((item) => item.period)).toEqual(['2026-03', '2026-02', '2026-02', '2026-01']);

      const member = await signInWithPassword(t.app, 'ayse@example.com', DEMO_MEMBER_PASSWORD);
      const summary = (await call(t.app, 'GET', '/api/me/summary', { token: member })).body.data as { period: string; asOf: string | null; availableCents: number; unpaidCents: number; eligibility: string };
      expect(summary).toMatchObject({ period: '2026-03', asOf: '2026-03-17', eligibility: 'Eligible for Payment' });
      const [ayse] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'ayse@example.com'));
      expect(summary.availableCents).toBe((await memberBalance(t.db, ayse!.id, DEFAULT_TEST_NOW)).availableCents);
      const own = (await call(t.app, 'GET', '/api/me/payments?page=1&pageSize=20', { token: member })).body.data as { items: { status: string }[] };
      expect(new Set(own.items.map((item) => item.status))).toEqual(new Set(['Unpaid', 'Paid', 'Approved', 'Rejected']));
    } finally {
      await t.close();
    }
  });

  it.each(['2027-01-01T00:00:00.000Z', '2026-05-31T23:59:00.000Z'])('tells the same story at any moment of a month, nothing after it (%s)', async (moment) => {
    const now = new Date(moment);
    const database = await createTestDatabase();
    try {
      const { db } = database;
      expect(await seedDemo(db, { env, clock: new TestClock(now) })).toBe(true);
      const times = [
        ...(await db.select({ at: payments.createdAt }).from(payments)),
        ...(await db.select({ at: payments.updatedAt }).from(payments)),
        ...(await db.select({ at: uploads.createdAt }).from(uploads)),
        ...(await db.select({ at: ledgerEntries.createdAt }).from(ledgerEntries)),
        ...(await db.select({ at: activityLog.at }).from(activityLog)),
        ...(await db.select({ at: notifications.createdAt }).from(notifications)),
        ...(await db.select({ at: notificationRecipients.readAt }).from(notificationRecipients)),
      ];
      for (const { at } of times) if (at) expect(at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(new Set((await db.select({ status: payments.status }).from(payments)).map((row) => row.status)).size).toBe(PAYMENT_STATUSES.length);
      expect(new Set((await db.select({ period: uploads.period }).from(uploads)).map((row) => row.period))).toEqual(new Set(demoMonths(now).map((month) => month.period)));
      for (const member of await db.select({ id: users.id }).from(users).where(eq(users.role, 'user'))) {
        expect((await memberBalance(db, member.id, now)).availableCents).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await database.close();
    }
  });

  it('takes the three months from the clock (current month and the two before, across a year end)', () => {
    expect(demoMonths(new Date('2027-01-02T00:00:00Z')).map((month) => month.period)).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});
