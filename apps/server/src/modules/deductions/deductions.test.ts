import type { Deduction } from '@agency/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, ledgerEntries } from '../../db/schema.ts';

const PASSWORD = 'Deductions-pass-1';

/** The admin's deductions through the API: add, list, delete, with their ledger and activity entries. */
describe('deductions: add, list and delete through the admin API', () => {
  let t: TestApp;
  let admin = '';
  const m: Record<string, { id: string }> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-03-18T10:00:00Z') });
    await createUser(t.db, { role: 'admin', email: 'admin.ded@example.com', password: PASSWORD });
    admin = await signInWithPassword(t.app, 'admin.ded@example.com', PASSWORD);
    m.b = { id: (await createUser(t.db, { email: 'ded.b@example.com', password: PASSWORD })).id };
  });
  afterAll(() => t.close());

  it('deductions: add to a non-member fails, delete an open one reverses it', async () => {
    const bad = await call(t.app, 'POST', '/api/admin/deductions', { token: admin, body: { memberId: '00000000-0000-4000-8000-000000000000', amountCents: 100 } });
    expect([bad.status, bad.body.code]).toEqual([400, 'DEDUCTION_ADD_FAILED']);
    const added = await call(t.app, 'POST', '/api/admin/deductions', { token: admin, body: { memberId: m.b!.id, amountCents: 700 } });
    const id = (added.body.data as Deduction).id;
    const listed = await call(t.app, 'GET', `/api/admin/deductions?memberId=${m.b!.id}`, { token: admin });
    expect((listed.body.data as { items: Deduction[] }).items.map((d) => d.id)).toEqual([id]);
    const removed = await call(t.app, 'DELETE', `/api/admin/deductions/${id}`, { token: admin });
    expect(removed.body.messageCode).toBe('DEDUCTION_DELETED');
    expect((await call(t.app, 'DELETE', `/api/admin/deductions/${id}`, { token: admin })).status).toBe(404);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.deductionId, id));
    expect(entries.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([['deduction', -700], ['deductionReversal', 700]]);
    expect(await t.db.$count(activityLog, eq(activityLog.entityId, id))).toBe(2);
  });
});
