import type { MySummary, OnTheWayPayment } from '@agency/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { payments } from '../../db/schema.ts';
import { addBank, setMonthEarnings } from '../payments/payments.fixtures.ts';

const PASSWORD = 'On-the-way-pass-1';

/**
 * `GET /api/me/summary`'s `onTheWay` (issue 17): after the automatic run has put the whole balance
 * into a payment waiting for approval, the available balance is $0 and the summary says where the
 * money is. Runs on PGlite and on PostgreSQL (docs/decisions/003).
 */
describe('the member summary lists the money on its way', () => {
  let t: TestApp;
  let admin = '';
  const m: Record<string, { id: string; token: string }> = {};

  async function summary(who: string): Promise<MySummary> {
    const response = await call(t.app, 'GET', '/api/me/summary', { token: m[who]!.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as MySummary;
  }

  const signIn = async (name: string) => signInWithPassword(t.app, `${name}.way@example.com`, PASSWORD);

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-03-15T00:05:00Z') });
    await createUser(t.db, { role: 'admin', email: 'admin.way@example.com', password: PASSWORD });
    admin = await signIn('admin');
    for (const [name, bank] of [
      ['ayla', true],
      ['berk', true],
      ['cem', false],
    ] as const) {
      const user = await createUser(t.db, { email: `${name}.way@example.com`, password: PASSWORD });
      await addBank(t.db, user.id, bank);
      m[name] = { id: user.id, token: await signIn(name) };
    }
    // February has ended: $304.50 payable for Ayla, $120 for Berk, $80 for Cem (bank details not verified).
    await setMonthEarnings(t.db, m.ayla!.id, '2026-02', 30_450);
    await setMonthEarnings(t.db, m.berk!.id, '2026-02', 12_000);
    await setMonthEarnings(t.db, m.cem!.id, '2026-02', 8_000);
  });
  afterAll(() => t.close());

  it('before any payment: nothing on its way, the balance is available', async () => {
    expect(await summary('ayla')).toMatchObject({ unpaidCents: 30_450, availableCents: 30_450, eligibility: 'Eligible for Payment', onTheWay: [] });
  });

  it('after the automatic run: $0 available, and the $304.50 waiting for approval is listed with its id, kind and date', async () => {
    const run = await call(t.app, 'POST', '/api/admin/payments/auto-run', { token: admin });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const [row] = await t.db.select().from(payments).where(eq(payments.memberId, m.ayla!.id));
    const mine = await summary('ayla');
    expect(mine).toMatchObject({ unpaidCents: 0, availableCents: 0, eligibility: 'Below Minimum Threshold' });
    expect(mine.onTheWay).toEqual([
      { id: row!.id, amountCents: 30_450, status: 'Waiting Approval', kind: 'automatic', createdAt: row!.createdAt.toISOString() },
    ] satisfies OnTheWayPayment[]);
    // Without verified bank details the run's payment waits for them, and is on its way too.
    expect((await summary('cem')).onTheWay).toMatchObject([{ amountCents: 8_000, status: 'Pending Registration', kind: 'automatic' }]);
  });

  it('only the member\'s own payments, newest first; a request is listed beside the automatic payment', async () => {
    // Berk's run payment is rejected (back to the balance), then Berk asks for the money himself.
    const [berkRun] = await t.db.select().from(payments).where(eq(payments.memberId, m.berk!.id));
    const rejected = await call(t.app, 'POST', `/api/admin/payments/${berkRun!.id}/reject`, { token: admin, body: { reason: 'Wrong month, paid next run' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await summary('berk')).onTheWay).toEqual([]);
    t.clock.set(new Date('2026-03-16T09:00:00Z'));
    const requested = await call(t.app, 'POST', '/api/me/payments', { token: m.berk!.token, body: { amountCents: 5_000 } });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const berk = await summary('berk');
    expect(berk.onTheWay.map((payment) => [payment.amountCents, payment.status, payment.kind])).toEqual([[5_000, 'Pending', 'request']]);
    expect(berk.availableCents).toBe(7_000);
    // Ayla sees her own payment only.
    expect((await summary('ayla')).onTheWay.map((payment) => payment.amountCents)).toEqual([30_450]);
  });

  it('approved is still on its way; paid is no longer; a failed transfer is back in the balance', async () => {
    const [row] = await t.db.select().from(payments).where(eq(payments.memberId, m.ayla!.id));
    expect((await call(t.app, 'POST', `/api/admin/payments/${row!.id}/approve`, { token: admin })).status).toBe(200);
    expect((await summary('ayla')).onTheWay).toMatchObject([{ id: row!.id, status: 'Approved', amountCents: 30_450 }]);
    expect((await call(t.app, 'POST', `/api/admin/payments/${row!.id}/unpaid`, { token: admin, body: { reason: 'The IBAN was closed by the bank' } })).status).toBe(200);
    expect(await summary('ayla')).toMatchObject({ availableCents: 30_450, onTheWay: [] });

    const [berkRequest] = await t.db.select().from(payments).where(eq(payments.status, 'Pending'));
    expect((await call(t.app, 'POST', `/api/admin/payments/${berkRequest!.id}/approve`, { token: admin })).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/admin/payments/${berkRequest!.id}/paid`, { token: admin })).status).toBe(200);
    // The paid $50 is gone from the list; the $70 left of February stays available.
    expect(await summary('berk')).toMatchObject({ onTheWay: [], availableCents: 7_000 });
  });

  it('an admin has no summary of their own to read others\' payments from (403)', async () => {
    const response = await call(t.app, 'GET', '/api/me/summary', { token: admin });
    expect(response.status).toBe(403);
  });
});
