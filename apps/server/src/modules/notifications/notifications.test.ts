import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { notificationRecipients } from '../../db/schema.ts';
import { notifySystem } from './notifications.repository.ts';

const PASSWORD = 'Member!2026test';

interface NotificationList {
  items: { id: string; template: string | null; params: Record<string, unknown> | null; title: string; readAt: string | null }[];
  total: number;
  unread: number;
}

describe('own notifications', () => {
  let t: TestApp;
  let tokenA: string;
  let tokenB: string;
  let memberA: { id: string };
  let memberB: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    memberA = await createUser(t.db, { email: 'a@example.com', password: PASSWORD });
    memberB = await createUser(t.db, { email: 'b@example.com', password: PASSWORD });
    tokenA = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    tokenB = await signInWithPassword(t.app, 'b@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const listOf = async (token: string, query = '') => {
    const response = await call(t.app, 'GET', `/api/me/notifications${query}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as NotificationList;
  };

  it('lists a system notification to its recipients only, newest first, with the unread count', async () => {
    const base = { title: 'Creator at risk', message: 'x', params: { username: 'ayse.live' } };
    await notifySystem(t.db, [memberA.id], { ...base, template: 'creatorAtRisk' }, new Date('2026-03-01T10:00:00Z'));
    await notifySystem(t.db, [memberA.id, memberB.id, memberA.id], { ...base, template: 'figuresUpdated' }, new Date('2026-03-02T10:00:00Z'));
    expect(await notifySystem(t.db, [], { ...base, template: 'none' }, new Date())).toBeNull();

    const a = await listOf(tokenA);
    expect(a.total).toBe(2);
    expect(a.unread).toBe(2);
    expect(a.items.map((item) => item.template)).toEqual(['figuresUpdated', 'creatorAtRisk']);
    expect(a.items[0]!.params).toEqual({ username: 'ayse.live' });
    const b = await listOf(tokenB);
    expect(b.items.map((item) => item.template)).toEqual(['figuresUpdated']);
  });

  it('marks one read (once), counts it, and answers 404 for somebody else’s', async () => {
    const [first] = (await listOf(tokenA)).items;
    const otherOnly = (await listOf(tokenA)).items.find((item) => item.template === 'creatorAtRisk')!;
    const read = await call(t.app, 'POST', `/api/me/notifications/${first!.id}/read`, { token: tokenA });
    expect(read.status).toBe(200);
    const again = await call(t.app, 'POST', `/api/me/notifications/${first!.id}/read`, { token: tokenA });
    expect((again.body.data as { readAt: string }).readAt).toBe((read.body.data as { readAt: string }).readAt);
    expect((await listOf(tokenA)).unread).toBe(1);
    expect((await listOf(tokenA, '?unread=true')).items.map((item) => item.id)).toEqual([otherOnly.id]);

    const before = await t.db.select().from(notificationRecipients);
    const foreign = await call(t.app, 'POST', `/api/me/notifications/${otherOnly.id}/read`, { token: tokenB });
    expect(foreign.status).toBe(404);
    expect(await t.db.select().from(notificationRecipients)).toEqual(before);
  });

  it('needs a sign-in', async () => {
    expect((await call(t.app, 'GET', '/api/me/notifications')).status).toBe(401);
  });
});
