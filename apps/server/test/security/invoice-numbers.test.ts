import type { PaymentStatus } from '@agency/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, payments, settings } from '../../src/db/schema.ts';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../helpers.ts';

/**
 * Issue 15 item 8: invoice numbers are given when a payment is approved (or paid), never by a read:
 * downloading the invoice or its state, by the member or an admin, of a payment in any other status
 * (Rejected included) leaves it without a number and the counter where it was.
 */
const PASSWORD = 'Invoice-numbers-pass-1';

describe('invoice numbers follow approvals, not reads', () => {
  let t: TestApp;
  let memberId: string;
  let memberToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', email: 'numbers-admin@example.com', password: PASSWORD });
    memberId = (await createUser(t.db, { email: 'numbers-member@example.com', password: PASSWORD })).id;
    adminToken = await signInWithPassword(t.app, 'numbers-admin@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'numbers-member@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  async function payment(status: PaymentStatus): Promise<string> {
    const [row] = await t.db
      .insert(payments)
      .values({ memberId, amountCents: 6000, grossCents: 6000, deductionsCents: 0, status, kind: 'request', periods: ['2026-02'] })
      .returning();
    return row!.id;
  }
  const numberOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!.invoiceNumber;
  const counter = async () => (await t.db.select().from(settings))[0]?.invoiceNextNumber ?? null;
  const numberings = () => t.db.$count(activityLog, eq(activityLog.action, 'invoice.number'));

  /** Every way of reading a payment's invoice. */
  async function readEverything(id: string) {
    for (const [url, token] of [
      [`/api/me/payments/${id}/invoice`, memberToken],
      [`/api/me/payments/${id}/invoice/state`, memberToken],
      [`/api/admin/payments/${id}/invoice`, adminToken],
      [`/api/me/payments`, memberToken],
      [`/api/admin/payments`, adminToken],
    ] as const) {
      const response = await call(t.app, 'GET', url, { token });
      expect(response.status, url).toBe(200);
    }
  }

  it('no read gives a number, in any status that is not approved or paid (Rejected included)', async () => {
    await call(t.app, 'GET', '/api/admin/settings', { token: adminToken });
    const before = { counter: await counter(), numberings: await numberings() };
    for (const status of ['Pending', 'Waiting Approval', 'Pending Registration', 'Rejected', 'Unpaid'] as const) {
      const id = await payment(status);
      await readEverything(id);
      await readEverything(id);
      expect(await numberOf(id), status).toBeNull();
    }
    expect(await counter()).toBe(before.counter);
    expect(await numberings()).toBe(before.numberings);
  });

  it('the approval gives the number; reads and the transfer keep it', async () => {
    const id = await payment('Waiting Approval');
    await readEverything(id);
    expect(await numberOf(id)).toBeNull();
    const approved = await call(t.app, 'POST', `/api/admin/payments/${id}/approve`, { token: adminToken });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'Approved', invoiceNumber: expect.stringMatching(/^INV-\d{6}$/) });
    const number = await numberOf(id);
    await readEverything(id);
    expect((await call(t.app, 'POST', `/api/admin/payments/${id}/paid`, { token: adminToken })).status).toBe(200);
    expect(await numberOf(id)).toBe(number);
    const state = await call(t.app, 'GET', `/api/me/payments/${id}/invoice/state`, { token: memberToken });
    expect(state.body.data).toMatchObject({ invoiceNumber: number });
  });

  it('a rejection gives none; a payment approved before numbers followed approvals gets one when paid', async () => {
    const rejected = await payment('Pending');
    expect((await call(t.app, 'POST', `/api/admin/payments/${rejected}/reject`, { token: adminToken, body: { reason: 'Documents are missing here' } })).status).toBe(200);
    await readEverything(rejected);
    expect(await numberOf(rejected)).toBeNull();

    const legacy = await payment('Approved');
    await readEverything(legacy);
    expect(await numberOf(legacy)).toBeNull();
    expect((await call(t.app, 'POST', `/api/admin/payments/${legacy}/paid`, { token: adminToken })).status).toBe(200);
    expect(await numberOf(legacy)).toMatch(/^INV-\d{6}$/);
  });
});
