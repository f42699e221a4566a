import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { users } from '../../db/tables/members.table.ts';
import { recordActivity } from './activity.repository.ts';
import { activityLog } from '../../db/tables/activity.table.ts';

interface Entry {
  id: string;
  at: string;
  actor: { uid: string; name: string } | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
interface Page {
  items: Entry[];
  total: number;
  page: number;
  pageSize: number;
}

const PASSWORD = 'Activity-pass-1';

describe('activity log', () => {
  let t: TestApp;
  let adminId: string;
  let adminToken: string;
  let memberId: string;
  let memberToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', role: 'admin', password: PASSWORD });
    const member = await createUser(t.db, { firstName: 'Mert', lastName: 'Member', email: 'mert@example.com', password: PASSWORD });
    adminId = admin.id;
    memberId = member.id;
    adminToken = await signInWithPassword(t.app, 'ada@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'mert@example.com', PASSWORD);
    // An admin action as the modules write it (the members/payments services call the same function).
    await recordActivity(t.db, {
      actorId: adminId,
      action: 'member.update',
      entityType: 'user',
      entityId: memberId,
      before: { lastName: 'Member', commissionRateBps: null },
      after: { lastName: 'Üye', commissionRateBps: 1500 },
      at: new Date('2026-03-10T12:00:00.000Z'),
    });
    await recordActivity(t.db, {
      actorId: null,
      action: 'payment.autoRun',
      entityType: 'payment',
      entityId: 'run-1',
      after: { amountCents: 12345 },
      at: new Date('2026-02-15T00:00:00.000Z'),
    });
  });
  afterAll(() => t.close());

  async function list(query = ''): Promise<Page> {
    const response = await call(t.app, 'GET', `/api/admin/activity${query}`, { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as Page;
  }

  it('lists sign-ins and admin actions newest first, with the actor name and the before/after', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    const times = page.items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const signIn = page.items.find((entry) => entry.action === 'auth.login' && entry.actor?.uid === adminId);
    expect(signIn).toMatchObject({ actor: { uid: adminId, name: 'Ada Admin' }, entityType: 'user', entityId: adminId });
    expect(signIn!.at).toMatch(/Z$/);

    const update = page.items.find((entry) => entry.action === 'member.update');
    expect(update).toMatchObject({
      at: '2026-03-10T12:00:00.000Z',
      actor: { uid: adminId, name: 'Ada Admin' },
      entityType: 'user',
      entityId: memberId,
      before: { lastName: 'Member', commissionRateBps: null },
      after: { lastName: 'Üye', commissionRateBps: 1500 },
    });
    expect(page.items.find((entry) => entry.action === 'payment.autoRun')?.actor).toBeNull();
  });

  it('filters by actor, record type, action and date range, and paginates', async () => {
    const byActor = await list(`?actorId=${memberId}`);
    expect(byActor.items.map((entry) => entry.action)).toEqual(['auth.login']);

    const payments = await list('?entityType=payment');
    expect(payments.items.map((entry) => entry.action)).toEqual(['payment.autoRun']);

    const updates = await list('?action=member.update');
    expect(updates.total).toBe(1);

    // Dates are whole UTC days, both ends included.
    const march10 = await list('?from=2026-03-10&to=2026-03-10');
    expect(march10.items.map((entry) => entry.action)).toEqual(['member.update']);
    const february = await list('?from=2026-02-01T00:00:00Z&to=2026-03-01T00:00:00%2B00:00');
    expect(february.items.map((entry) => entry.action)).toEqual(['payment.autoRun']);

    const first = await list('?pageSize=3&page=1');
    const second = await list('?pageSize=3&page=2');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((entry) => entry.id)).size).toBe(4);
  });

  it('refuses bad filters', async () => {
    for (const query of ['?actorId=nope', '?from=yesterday', '?pageSize=1000', '?unknown=1']) {
      const response = await call(t.app, 'GET', `/api/admin/activity${query}`, { token: adminToken });
      expect(response.status, query).toBe(400);
    }
  });

  it('suggests actors and record types for the filters', async () => {
    const actors = await call(t.app, 'GET', '/api/admin/activity/actors?q=ada', { token: adminToken });
    expect(actors.body.data).toEqual([{ uid: adminId, name: 'Ada Admin' }]);
    const types = await call(t.app, 'GET', '/api/admin/activity/entity-types', { token: adminToken });
    expect(types.body.data).toEqual(['payment', 'user']);
  });

  it('is admin only', async () => {
    for (const url of ['/api/admin/activity', '/api/admin/activity/actors', '/api/admin/activity/entity-types']) {
      const response = await call(t.app, 'GET', url, { token: memberToken });
      expect(response.status, url).toBe(403);
    }
  });

  it('has no route that edits or deletes entries', async () => {
    const [entry] = await t.db.select().from(activityLog).limit(1);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(t.app, method, `/api/admin/activity/${entry!.id}`, { token: adminToken, body: {} });
      expect(response.status, method).toBe(404);
    }
    const mutating = t.app.registeredRoutes.filter((route) => route.url.includes('/activity') && !['GET', 'HEAD'].includes(route.method));
    expect(mutating).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of activity_log in the database itself', async () => {
    const before = await t.db.select().from(activityLog);
    await expect(t.db.execute(sql`update activity_log set action = 'forged'`)).rejects.toThrow();
    await expect(t.db.update(activityLog).set({ before: null }).where(eq(activityLog.action, 'member.update'))).rejects.toThrow();
    await expect(t.db.execute(sql`delete from activity_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate activity_log`)).rejects.toThrow();
    expect(await t.db.select().from(activityLog)).toEqual(before);
  });

  it('still lets a member be erased: only the foreign key may clear actor_id', async () => {
    const leaving = await createUser(t.db, { firstName: 'Gone', lastName: 'Soon' });
    await recordActivity(t.db, { actorId: leaving.id, action: 'profile.update', entityType: 'user', entityId: leaving.id, at: new Date('2026-03-11T00:00:00Z') });
    await t.db.delete(users).where(eq(users.id, leaving.id));
    const [kept] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'profile.update'));
    expect(kept).toMatchObject({ actorId: null, entityId: leaving.id, action: 'profile.update' });
  });
});

/** The log of the demo agency (db/seed): every entry names its actor and its record, never a bare id. */
describe('activity log names (demo agency)', () => {
  let t: TestApp;
  let adminToken: string;
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

  interface NamedEntry extends Entry {
    record: { name: string | null; amountCents: number | null; period: string | null; removed: boolean; role: string | null } | null;
    names: Record<string, string>;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', 'Admin!2026demo');
  });
  afterAll(() => t.close());

  async function entries(query = ''): Promise<NamedEntry[]> {
    const response = await call(t.app, 'GET', `/api/admin/activity?pageSize=100${query}`, { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body.data as { items: NamedEntry[] }).items;
  }

  it('names the record of each entry: members, payments and deductions with amounts, uploads, runs, notifications', async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThan(20);
    for (const entry of all) {
      // The actor by name (the system's run has none), the record by name or month, and no id shown as a name.
      if (entry.actor) expect(entry.actor.name, entry.action).toMatch(/\S/);
      if (entry.entityType === 'settings' || !entry.entityId) continue;
      expect(entry.record, `${entry.action} ${entry.entityType}`).not.toBeNull();
      expect(entry.record!.removed, entry.action).toBe(false);
      expect(entry.record!.name ?? entry.record!.period, entry.action).toMatch(/\S/);
      expect(entry.record!.name ?? '', entry.action).not.toMatch(UUID);
    }

    const unpaid = all.find((entry) => entry.action === 'payment.unpaid');
    expect(unpaid).toMatchObject({ actor: { name: 'Agency Admin' }, entityType: 'payment', record: { name: 'Ayşe Yılmaz', amountCents: 10_000, removed: false } });
    const deduction = all.find((entry) => entry.action === 'deduction.create' && entry.record?.name === 'Elif Demir');
    expect(deduction?.record).toMatchObject({ amountCents: 1_500 });
    // The member's id inside the values comes with her name.
    expect(Object.values(deduction!.names)).toEqual(['Elif Demir']);
    expect(Object.keys(deduction!.names)).toEqual([deduction!.after!.memberId]);
    const run = all.find((entry) => entry.action === 'payment.autoRun');
    expect(run).toMatchObject({ actor: null, entityType: 'payoutRun', record: { name: null, period: '2026-02' } });
    const upload = all.find((entry) => entry.action === 'upload.committed');
    expect(upload?.record).toMatchObject({ name: expect.stringMatching(/^creator_data_2026-03-01_2026-03-17\.xlsx$/), period: '2026-03' });
    const notification = all.find((entry) => entry.action === 'notification.create');
    expect(notification?.record?.name).toMatch(/\S/);
    const signIn = all.find((entry) => entry.action === 'auth.login' && entry.actor?.name === 'Ayşe Yılmaz');
    expect(signIn?.record).toMatchObject({ name: 'Ayşe Yılmaz', role: 'user' });
    const adminSignIn = all.find((entry) => entry.action === 'auth.login' && entry.actor?.name === 'Agency Admin');
    expect(adminSignIn?.record).toMatchObject({ name: 'Agency Admin', role: 'admin' });
    const verified = all.find((entry) => entry.action === 'member.bank.verify');
    expect(verified).toMatchObject({ actor: { name: 'Agency Admin' }, record: { name: 'Elif Demir' } });
  });

  it('keeps the logged name of a record that was deleted since', async () => {
    const created = await call(t.app, 'POST', '/api/admin/creators', { token: adminToken, body: { tiktokUsername: 'gone.soon', name: 'Gone Soon' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: string }).id;
    const removed = await call(t.app, 'DELETE', `/api/admin/creators/${id}`, { token: adminToken });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const [deleted] = (await entries('&action=creator.delete')).filter((entry) => entry.entityId === id);
    expect(deleted?.record).toEqual({ name: '@gone.soon', amountCents: null, period: null, removed: true, role: null });
    const [made] = (await entries('&action=creator.create')).filter((entry) => entry.entityId === id);
    expect(made?.record).toMatchObject({ name: '@gone.soon', removed: true });
  });
});
