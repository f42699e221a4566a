import { PAYMENT_STATUSES, type PaymentKind, type PaymentStatus } from '@agency/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog } from '../../db/schema.ts';
import { insertPaymentInStatus, ledgerSum, moneySnapshot } from './payments.fixtures.ts';

const PASSWORD = 'Transitions-pass-1';
const REASON = 'Transfer details did not match';

type Case = { label: string; actor: 'admin' | 'owner' | 'other'; path: string; body?: { reason: string } };

const ACTIONS: Case[] = [
  { label: 'admin approve', actor: 'admin', path: 'approve' },
  { label: 'admin reject', actor: 'admin', path: 'reject', body: { reason: REASON } },
  { label: 'admin paid', actor: 'admin', path: 'paid' },
  { label: 'admin unpaid', actor: 'admin', path: 'unpaid', body: { reason: REASON } },
  { label: 'owner cancel', actor: 'owner', path: 'cancel', body: { reason: REASON } },
  { label: 'other member cancel', actor: 'other', path: 'cancel', body: { reason: REASON } },
];

/** docs/product.md §10, written out independently of PAYMENT_TRANSITIONS. */
function expected(status: PaymentStatus, label: string): PaymentStatus | 404 | 409 {
  if (label === 'other member cancel') return 404;
  const table: Record<string, Partial<Record<PaymentStatus, PaymentStatus>>> = {
    'admin approve': { Pending: 'Approved', 'Waiting Approval': 'Approved' },
    'admin reject': { Pending: 'Rejected', 'Waiting Approval': 'Rejected', 'Pending Registration': 'Rejected' },
    'admin paid': { Approved: 'Paid' },
    'admin unpaid': { Approved: 'Unpaid' },
    'owner cancel': { Pending: 'Rejected' },
  };
  return table[label]![status] ?? 409;
}

describe('payment transitions: every (status, action, actor)', () => {
  let t: TestApp;
  const token: Record<'admin' | 'owner' | 'other', string> = { admin: '', owner: '', other: '' };
  let ownerId = '';

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', email: 'admin.tr@example.com', password: PASSWORD });
    const owner = await createUser(t.db, { email: 'owner.tr@example.com', password: PASSWORD });
    await createUser(t.db, { email: 'other.tr@example.com', password: PASSWORD });
    ownerId = owner.id;
    token.admin = await signInWithPassword(t.app, 'admin.tr@example.com', PASSWORD);
    token.owner = await signInWithPassword(t.app, 'owner.tr@example.com', PASSWORD);
    token.other = await signInWithPassword(t.app, 'other.tr@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  let runPeriodCounter = 0;
  for (const kind of ['request', 'automatic'] as const satisfies readonly PaymentKind[]) {
    for (const status of PAYMENT_STATUSES) {
      for (const action of ACTIONS) {
        const outcome = expected(status, action.label);
        it(`${kind} ${status} + ${action.label} -> ${outcome}`, async () => {
          runPeriodCounter += 1;
          const payment = await insertPaymentInStatus(t.db, ownerId, status, kind, `2000-${String((runPeriodCounter % 12) + 1).padStart(2, '0')}x${runPeriodCounter}`);
          const before = await moneySnapshot(t.db, ownerId);
          const activityBefore = await t.db.$count(activityLog, eq(activityLog.entityId, payment.id));
          const url = action.actor === 'admin' ? `/api/admin/payments/${payment.id}/${action.path}` : `/api/me/payments/${payment.id}/${action.path}`;
          const response = await call(t.app, 'POST', url, { token: token[action.actor], ...(action.body ? { body: action.body } : {}) });
          const after = await moneySnapshot(t.db, ownerId);

          if (typeof outcome === 'number') {
            expect(response.status, JSON.stringify(response.body)).toBe(outcome);
            if (outcome === 409) expect(response.body.code).toBe('PAYMENT_ILLEGAL_TRANSITION');
            expect(after).toEqual(before);
            expect(await t.db.$count(activityLog, eq(activityLog.entityId, payment.id))).toBe(activityBefore);
            return;
          }
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          expect(response.body.data).toMatchObject({ id: payment.id, status: outcome });
          const row = after.payments.find((candidate) => candidate.id === payment.id)!;
          expect(row.status).toBe(outcome);
          const newEntries = after.ledger.filter((entry) => !before.ledger.some((old) => old.id === entry.id));
          const ownDeduction = (rows: typeof before.deductions) => rows.filter((d) => d.paymentId === payment.id);
          if (outcome === 'Rejected' || outcome === 'Unpaid') {
            expect(newEntries.map((entry) => [entry.kind, entry.amountCents, entry.paymentId])).toEqual([['paymentReversal', 6000, payment.id]]);
            expect(ownDeduction(after.deductions)).toEqual([]);
            expect(row.reason).toBe(REASON);
            expect(ledgerSum(after.ledger) - ledgerSum(before.ledger)).toBe(6000);
          } else {
            expect(newEntries).toEqual([]);
            expect(ownDeduction(after.deductions)).toEqual(ownDeduction(before.deductions));
          }
          if (outcome === 'Paid') expect(row.paidAt).not.toBeNull();
          const entries = await t.db.select().from(activityLog).where(eq(activityLog.entityId, payment.id));
          const transition = entries.filter((entry) => entry.action.startsWith('payment.'));
          expect(transition).toHaveLength(1);
          expect(transition[0]).toMatchObject({ before: { status }, after: { status: outcome } });
          // Approving (or paying) gives the invoice its number, once; no other transition does (docs/decisions/007).
          const numbered = entries.filter((entry) => entry.action === 'invoice.number');
          if (outcome === 'Approved' || outcome === 'Paid') {
            expect(row.invoiceNumber).toMatch(/^INV-\d{6}$/);
            expect(numbered).toHaveLength(1);
          } else {
            expect(row.invoiceNumber).toBeNull();
            expect(numbered).toHaveLength(0);
          }
        });
      }
    }
  }

  it('a reason under 10 characters is refused and changes nothing', async () => {
    const payment = await insertPaymentInStatus(t.db, ownerId, 'Pending', 'request');
    const before = await moneySnapshot(t.db, ownerId);
    const reject = await call(t.app, 'POST', `/api/admin/payments/${payment.id}/reject`, { token: token.admin, body: { reason: 'short' } });
    const cancel = await call(t.app, 'POST', `/api/me/payments/${payment.id}/cancel`, { token: token.owner, body: { reason: 'short' } });
    expect([reject.status, reject.body.code, cancel.status, cancel.body.code]).toEqual([400, 'REASON_TOO_SHORT', 400, 'REASON_TOO_SHORT']);
    expect(await moneySnapshot(t.db, ownerId)).toEqual(before);
  });

  it('an unknown payment is 404 for the admin', async () => {
    const response = await call(t.app, 'POST', '/api/admin/payments/00000000-0000-4000-8000-000000000000/approve', { token: token.admin });
    expect(response.status).toBe(404);
  });
});
