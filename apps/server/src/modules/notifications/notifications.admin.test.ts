import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, notificationRecipients, notifications } from '../../db/schema.ts';

const PASSWORD = 'Member!2026test';

interface SentList {
  items: { id: string; title: string; message: string; recipients: number; read: number; createdBy: { uid: string } | null }[];
  total: number;
}

describe('admin notifications', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  let admin: { id: string };
  let active: { id: string };
  let other: { id: string };
  let disabled: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    active = await createUser(t.db, { email: 'active@example.com', password: PASSWORD });
    other = await createUser(t.db, { email: 'other@example.com', password: PASSWORD });
    disabled = await createUser(t.db, { email: 'off@example.com', status: 'disabled' });
    await createUser(t.db, { email: 'pending@example.com', status: 'pending' });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'active@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const recipientsOf = async (id: string) =>
    (await t.db.select().from(notificationRecipients).where(eq(notificationRecipients.notificationId, id))).map((row) => row.userId).sort();

  it('sends to every active member with the catalogue message and an activity entry', async () => {
    const response = await call(t.app, 'POST', '/api/admin/notifications', {
      token: adminToken,
      body: { title: 'Payout day', message: 'Payments go out on the 15th.' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.message).toBe('Notification created successfully');
    expect(response.body.messageCode).toBe('NOTIFICATION_CREATED');
    const data = response.body.data as { id: string; recipients: number };
    expect(data.recipients).toBe(2);
    expect(await recipientsOf(data.id)).toEqual([active.id, other.id].sort());
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, data.id));
    expect(row).toMatchObject({ kind: 'admin', createdBy: admin.id, template: null });
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, data.id));
    expect(log.map((entry) => entry.action)).toEqual(['notification.create']);

    const mine = await call(t.app, 'GET', '/api/me/notifications', { token: memberToken });
    expect((mine.body.data as { items: { title: string }[] }).items[0]!.title).toBe('Payout day');
  });

  it('sends to the chosen members only, any status, once each', async () => {
    t.clock.advanceSeconds(60);
    const response = await call(t.app, 'POST', '/api/admin/notifications', {
      token: adminToken,
      body: { title: 'Your documents', message: 'Please check your bank details.', memberIds: [disabled.id, other.id, other.id] },
    });
    expect(response.status).toBe(201);
    const data = response.body.data as { id: string; recipients: number };
    expect(data.recipients).toBe(2);
    expect(await recipientsOf(data.id)).toEqual([disabled.id, other.id].sort());
  });

  it('refuses an unknown or non-member recipient and writes nothing', async () => {
    const before = (await t.db.select().from(notifications)).length;
    for (const memberIds of [[active.id, '00000000-0000-4000-8000-000000000000'], [admin.id]]) {
      const response = await call(t.app, 'POST', '/api/admin/notifications', {
        token: adminToken,
        body: { title: 'Hello', message: 'World', memberIds },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('MEMBER_REFERENCE_INVALID');
    }
    expect((await t.db.select().from(notifications)).length).toBe(before);
  });

  it('validates the body', async () => {
    const empty = await call(t.app, 'POST', '/api/admin/notifications', { token: adminToken, body: { title: ' ', message: 'x' } });
    expect(empty.status).toBe(400);
    const extra = await call(t.app, 'POST', '/api/admin/notifications', { token: adminToken, body: { title: 'a', message: 'b', kind: 'system' } });
    expect(extra.status).toBe(400);
    const none = await call(t.app, 'POST', '/api/admin/notifications', { token: adminToken, body: { title: 'a', message: 'b', memberIds: [] } });
    expect(none.status).toBe(400);
  });

  it('lists what admins sent, newest first, with recipient and read counts', async () => {
    const mine = await call(t.app, 'GET', '/api/me/notifications', { token: memberToken });
    const payoutDay = (mine.body.data as { items: { id: string; title: string }[] }).items.find((item) => item.title === 'Payout day')!;
    await call(t.app, 'POST', `/api/me/notifications/${payoutDay.id}/read`, { token: memberToken });

    const response = await call(t.app, 'GET', '/api/admin/notifications?pageSize=10', { token: adminToken });
    expect(response.status).toBe(200);
    const list = response.body.data as SentList;
    expect(list.total).toBe(2);
    expect(list.items.map((item) => [item.title, item.recipients, item.read])).toEqual([
      ['Your documents', 2, 0],
      ['Payout day', 2, 1],
    ]);
    expect(list.items[0]!.createdBy?.uid).toBe(admin.id);

    const page2 = await call(t.app, 'GET', '/api/admin/notifications?page=2&pageSize=1', { token: adminToken });
    expect((page2.body.data as SentList).items.map((item) => item.title)).toEqual(['Payout day']);
  });

  it('is for admins only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/notifications', { token: memberToken })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/notifications', { token: memberToken, body: { title: 'a', message: 'b' } })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/notifications')).status).toBe(401);
  });
});
