import type { AutoRunResult, Deduction, MySummary, Payment } from '@agency/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { memberBalance } from '../earnings/balance.ts';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, deductions, ledgerEntries, payments, payoutRuns, users } from '../../db/schema.ts';
import { addBank, ledgerSum, moneySnapshot, setMonthEarnings } from './payments.fixtures.ts';

const PASSWORD = 'Payments-pass-1';
const isPostgres = process.env.TEST_DB === 'postgres';

async function member(t: TestApp, name: string, bank: 'verified' | 'unverified' | 'none' = 'verified') {
  const user = await createUser(t.db, { email: `${name}@example.com`, password: PASSWORD });
  if (bank !== 'none') await addBank(t.db, user.id, bank === 'verified');
  return { id: user.id, token: await signInWithPassword(t.app, `${name}@example.com`, PASSWORD) };
}

async function summary(t: TestApp, token: string): Promise<MySummary> {
  const response = await call(t.app, 'GET', '/api/me/summary', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as MySummary;
}

describe('payments: the money over three months and the automatic run', () => {
  let t: TestApp;
  let admin = '';
  const m: Record<string, { id: string; token: string }> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-02-10T12:00:00Z') });
    await createUser(t.db, { role: 'admin', email: 'admin.pay@example.com', password: PASSWORD });
    admin = await signInWithPassword(t.app, 'admin.pay@example.com', PASSWORD);
    m.ada = await member(t, 'ada');
    m.low = await member(t, 'low');
    m.nobank = await member(t, 'nobank', 'unverified');
    await setMonthEarnings(t.db, m.ada.id, '2026-01', 3000);
    await setMonthEarnings(t.db, m.ada.id, '2026-02', 3500);
    await setMonthEarnings(t.db, m.low.id, '2026-02', 4999);
    await setMonthEarnings(t.db, m.nobank.id, '2026-02', 8000);
  });
  afterAll(() => t.close());

  it('month 1 ended with $30: below the minimum, nothing written to the ledger by reading', async () => {
    expect(await summary(t, m.ada!.token)).toMatchObject({ unpaidCents: 3000, availableCents: 3000, eligibility: 'Below Minimum Threshold' });
    expect(await t.db.$count(ledgerEntries, eq(ledgerEntries.memberId, m.ada!.id))).toBe(0);
  });

  it('after month 2 ends: $65 available; an admin deduction of $10 leaves $55', async () => {
    t.clock.set(new Date('2026-03-15T00:05:00Z'));
    // Sessions of a month ago have expired: sign in again.
    admin = await signInWithPassword(t.app, 'admin.pay@example.com', PASSWORD);
    for (const name of ['ada', 'low', 'nobank']) m[name]!.token = await signInWithPassword(t.app, `${name}@example.com`, PASSWORD);
    expect(await summary(t, m.ada!.token)).toMatchObject({ unpaidCents: 6500, availableCents: 6500, eligibility: 'Eligible for Payment' });
    const added = await call(t.app, 'POST', '/api/admin/deductions', { token: admin, body: { memberId: m.ada!.id, amountCents: 1000, reason: 'Equipment' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ messageCode: 'DEDUCTION_ADDED', data: { memberId: m.ada!.id, amountCents: 1000, paymentId: null } });
    expect(await summary(t, m.ada!.token)).toMatchObject({ unpaidCents: 6500, availableCents: 5500 });
    const own = await call(t.app, 'GET', '/api/me/deductions', { token: m.ada!.token });
    expect((own.body.data as { items: Deduction[] }).items.map((d) => d.amountCents)).toEqual([1000]);
  });

  it('the run on the 15th pays exactly 5500 net (gross 6500, deductions 1000); 4999 is skipped; no bank -> Pending Registration', async () => {
    const response = await call(t.app, 'POST', '/api/admin/payments/auto-run', { token: admin });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toEqual({ period: '2026-03', created: 2, skipped: 1, existing: 0, pendingRegistration: 1, totalCents: 5500 + 8000 } satisfies AutoRunResult);

    const [paid] = await t.db.select().from(payments).where(eq(payments.memberId, m.ada!.id));
    expect(paid).toMatchObject({ amountCents: 5500, grossCents: 6500, deductionsCents: 1000, status: 'Waiting Approval', kind: 'automatic', runPeriod: '2026-03', periods: ['2026-01', '2026-02'] });
    const [consumed] = await t.db.select().from(deductions).where(eq(deductions.memberId, m.ada!.id));
    expect(consumed!.paymentId).toBe(paid!.id);
    expect(await summary(t, m.ada!.token)).toMatchObject({ unpaidCents: 0, availableCents: 0 });
    expect(await t.db.$count(payments, eq(payments.memberId, m.low!.id))).toBe(0);
    expect(await summary(t, m.low!.token)).toMatchObject({ availableCents: 4999, eligibility: 'Below Minimum Threshold' });
    const [waiting] = await t.db.select().from(payments).where(eq(payments.memberId, m.nobank!.id));
    expect(waiting!.status).toBe('Pending Registration');
    expect(await t.db.$count(payoutRuns)).toBe(1);
  });

  it('a second run creates nothing new', async () => {
    const response = await call(t.app, 'POST', '/api/admin/payments/auto-run', { token: admin });
    expect(response.body.data).toMatchObject({ created: 0, existing: 2, skipped: 1, totalCents: 0 });
    expect(await t.db.$count(payments)).toBe(2);
  });

  it('verifying the bank details moves Pending Registration to Waiting Approval', async () => {
    const response = await call(t.app, 'POST', `/api/admin/members/${m.nobank!.id}/bank/verify`, { token: admin });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.memberId, m.nobank!.id));
    expect(row!.status).toBe('Waiting Approval');
    expect(await t.db.$count(activityLog, and(eq(activityLog.action, 'payment.registrationComplete'), eq(activityLog.entityId, row!.id)))).toBe(1);
  });

  it('approve then paid: Payment Complete; the admin list shows member names; the member was notified', async () => {
    const [row] = await t.db.select().from(payments).where(eq(payments.memberId, m.ada!.id));
    expect((await call(t.app, 'POST', `/api/admin/payments/${row!.id}/approve`, { token: admin })).body.messageCode).toBe('PAYMENT_APPROVED');
    expect((await call(t.app, 'POST', `/api/admin/payments/${row!.id}/paid`, { token: admin })).body.messageCode).toBe('PAYMENT_PAID');
    expect(await summary(t, m.ada!.token)).toMatchObject({ unpaidCents: 0, availableCents: 0, eligibility: 'Payment Complete' });
    const list = await call(t.app, 'GET', '/api/admin/payments?status=Paid&q=ada', { token: admin });
    const items = (list.body.data as { items: Payment[] }).items;
    expect(items.map((item) => [item.id, item.member?.uid])).toEqual([[row!.id, m.ada!.id]]);
    const notifications = await call(t.app, 'GET', '/api/me/notifications', { token: m.ada!.token });
    expect(JSON.stringify(notifications.body)).toContain('paymentStatus');
  });

  it('the ledger sum equals the available balance for every member; a consumed deduction cannot be deleted', async () => {
    for (const who of Object.values(m)) {
      const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, who.id));
      const mine = await summary(t, who.token);
      expect(ledgerSum(rows)).toBe(mine.availableCents);
      // The summary reads its figures in one statement; the ledger's own reads must agree with it.
      expect({ unpaidCents: mine.unpaidCents, availableCents: mine.availableCents, eligibility: mine.eligibility }).toEqual(
        await memberBalance(t.db, who.id, t.clock.now()),
      );
    }
    const [consumed] = await t.db.select().from(deductions).where(eq(deductions.memberId, m.ada!.id));
    const before = await moneySnapshot(t.db, m.ada!.id);
    const response = await call(t.app, 'DELETE', `/api/admin/deductions/${consumed!.id}`, { token: admin });
    expect([response.status, response.body.code]).toEqual([409, 'DEDUCTION_DELETE_FAILED']);
    expect(await moneySnapshot(t.db, m.ada!.id)).toEqual(before);
  });

  it('a member with money history is disabled, never erased', async () => {
    const response = await call(t.app, 'DELETE', `/api/admin/members/${m.low!.id}`, { token: admin });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.low!.id));
    expect(row).toBeDefined();
    expect(row!.status).toBe('disabled');
    await setMonthEarnings(t.db, m.low!.id, '2026-02', 4999);
    const fresh = await createUser(t.db);
    await call(t.app, 'POST', '/api/admin/deductions', { token: admin, body: { memberId: fresh.id, amountCents: 100 } });
    await call(t.app, 'DELETE', `/api/admin/members/${fresh.id}`, { token: admin });
    expect((await t.db.select().from(users).where(eq(users.id, fresh.id)))[0]?.status).toBe('disabled');
  });
});

describe('payments: member requests, deductions, ownership', () => {
  let t: TestApp;
  let admin = '';
  const m: Record<string, { id: string; token: string }> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-03-18T10:00:00Z') });
    await createUser(t.db, { role: 'admin', email: 'admin.req@example.com', password: PASSWORD });
    admin = await signInWithPassword(t.app, 'admin.req@example.com', PASSWORD);
    m.a = await member(t, 'req.a');
    m.b = await member(t, 'req.b', 'none');
    await setMonthEarnings(t.db, m.a.id, '2026-02', 10_000);
    await setMonthEarnings(t.db, m.a.id, '2026-03', 50_000); // open month: not payable
    await setMonthEarnings(t.db, m.b.id, '2026-01', 6000);
  });
  afterAll(() => t.close());

  const request = (who: string, amountCents: number) => call(t.app, 'POST', '/api/me/payments', { token: m[who]!.token, body: { amountCents, notes: 'please' } });

  it('refuses 4999 and more than available, with a clear detail; nothing written', async () => {
    const before = await moneySnapshot(t.db, m.a!.id);
    for (const amount of [4999, 10_001]) {
      const response = await request('a', amount);
      expect([response.status, response.body.code]).toEqual([400, 'PAYMENT_REQUEST_FAILED']);
      expect(response.body.message).toBe('Payment Request Sent Fail');
      expect(JSON.stringify(response.body.details)).toMatch(amount === 4999 ? /minimum/ : /available balance/);
    }
    expect(await moneySnapshot(t.db, m.a!.id)).toEqual(before);
  });

  it('a request consumes the open deductions and lowers the balance; newest first in the own list', async () => {
    await call(t.app, 'POST', '/api/admin/deductions', { token: admin, body: { memberId: m.a!.id, amountCents: 2000 } });
    expect((await request('a', 8001)).status).toBe(400); // 10,000 - 2,000 available
    const response = await request('a', 8000);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ messageCode: 'PAYMENT_REQUEST_SENT', data: { amountCents: 8000, grossCents: 10_000, deductionsCents: 2000, status: 'Pending', kind: 'request', notes: 'please' } });
    expect(await summary(t, m.a!.token)).toMatchObject({ unpaidCents: 0, availableCents: 0, eligibility: 'Below Minimum Threshold' });
    const list = await call(t.app, 'GET', '/api/me/payments', { token: m.a!.token });
    expect(list.body.data).toMatchObject({ total: 1, page: 1 });
  });

  it('without verified bank details a request is Pending Registration', async () => {
    const response = await request('b', 5000);
    expect(response.body).toMatchObject({ data: { status: 'Pending Registration', amountCents: 5000 } });
  });

  it('B cannot see or cancel A\'s payment (404); A cancels own Pending and gets the deductions back', async () => {
    const [payment] = await t.db.select().from(payments).where(eq(payments.memberId, m.a!.id));
    const listB = await call(t.app, 'GET', '/api/me/payments', { token: m.b!.token });
    expect((listB.body.data as { items: Payment[] }).items.every((item) => item.memberId === m.b!.id)).toBe(true);
    const foreign = await call(t.app, 'POST', `/api/me/payments/${payment!.id}/cancel`, { token: m.b!.token, body: { reason: 'Not mine to cancel' } });
    expect(foreign.status).toBe(404);
    const cancelled = await call(t.app, 'POST', `/api/me/payments/${payment!.id}/cancel`, { token: m.a!.token, body: { reason: 'I changed my mind' } });
    expect(cancelled.body).toMatchObject({ messageCode: 'PAYMENT_CANCELLED', data: { status: 'Rejected', reason: 'I changed my mind' } });
    expect(await summary(t, m.a!.token)).toMatchObject({ unpaidCents: 10_000, availableCents: 8000 });
    const again = await call(t.app, 'POST', `/api/me/payments/${payment!.id}/cancel`, { token: m.a!.token, body: { reason: 'I changed my mind' } });
    expect(again.status).toBe(409);
  });

  it('an ended month corrected after posting gets an earningsAdjustment entry', async () => {
    await setMonthEarnings(t.db, m.a!.id, '2026-02', 10_500);
    expect((await request('a', 8500)).status).toBe(201);
    const rows = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.memberId, m.a!.id), eq(ledgerEntries.kind, 'earningsAdjustment')));
    expect(rows.map((row) => [row.period, row.amountCents])).toEqual([['2026-02', 500]]);
  });

  it('a member gets 403 on the admin payment and deduction routes', async () => {
    for (const [method, url] of [['GET', '/api/admin/payments'], ['POST', '/api/admin/payments/auto-run'], ['GET', '/api/admin/deductions']] as const) {
      expect((await call(t.app, method, url, { token: m.a!.token })).status, url).toBe(403);
    }
  });
});

describe.skipIf(!isPostgres)('payments: concurrency on PostgreSQL (two app instances, one database)', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let admin = '';

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-03-15T00:05:00Z') });
    second = await buildApp({ env: t.env, database: t.database, clock: t.clock, logger: false });
    await second.ready();
    await createUser(t.db, { role: 'admin', email: 'admin.cc@example.com', password: PASSWORD });
    admin = await signInWithPassword(t.app, 'admin.cc@example.com', PASSWORD);
    for (let index = 0; index < 12; index += 1) {
      const user = await createUser(t.db);
      await addBank(t.db, user.id, true);
      await setMonthEarnings(t.db, user.id, '2026-02', 5000 + index * 100);
    }
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('two auto-runs at once create exactly one payment per member', async () => {
    const [one, two] = await Promise.all([
      call(t.app, 'POST', '/api/admin/payments/auto-run', { token: admin }),
      call(second, 'POST', '/api/admin/payments/auto-run', { token: admin }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const created = (one.body.data as AutoRunResult).created + (two.body.data as AutoRunResult).created;
    expect(created).toBe(12);
    expect(await t.db.$count(payments)).toBe(12);
  });

  it('two admins approving the same payment at once: one 200, one 409', async () => {
    const [payment] = await t.db.select().from(payments).limit(1);
    const results = await Promise.all([
      call(t.app, 'POST', `/api/admin/payments/${payment!.id}/approve`, { token: admin }),
      call(second, 'POST', `/api/admin/payments/${payment!.id}/approve`, { token: admin }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await t.db.$count(activityLog, and(eq(activityLog.entityId, payment!.id), eq(activityLog.action, 'payment.approve')))).toBe(1);
  });
});
