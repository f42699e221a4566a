import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, lastCodeSentTo, signInWithPassword, signInWithPhone, type TestApp } from '../../../test/helpers.ts';
import { activityLog, users } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createSessionsService } from './sessions.service.ts';

const PASSWORD = 'Member!2026test';

interface SessionBody {
  id: string;
  current: boolean;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
}

describe('password and sessions', () => {
  let t: TestApp;
  let adminToken: string;
  let memberA: { id: string };
  let memberB: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', email: 'admin@example.com', password: PASSWORD });
    memberA = await createUser(t.db, { email: 'a@example.com', password: PASSWORD });
    memberB = await createUser(t.db, { email: 'b@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const sessionsOf = async (token: string) => {
    const response = await call(t.app, 'GET', '/api/me/sessions', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as SessionBody[];
  };

  it('lists own live sessions with the current one marked, never the token', async () => {
    const first = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    const second = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    const listed = await sessionsOf(second);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(first);
    expect(Object.keys(listed[0]!).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ip', 'lastSeenAt', 'userAgent']);
  });

  it('ends an own session (its token stops working) and answers 404 for somebody else’s', async () => {
    const tokenA1 = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    const tokenA2 = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    const tokenB = await signInWithPassword(t.app, 'b@example.com', PASSWORD);
    const other = (await sessionsOf(tokenA1)).find((session) => !session.current && session.id);
    const a2 = (await sessionsOf(tokenA2)).find((session) => session.current)!;
    const ended = await call(t.app, 'DELETE', `/api/me/sessions/${a2.id}`, { token: tokenA1 });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.message).toBe('Session ended');
    expect((await call(t.app, 'GET', '/api/me', { token: tokenA2 })).status).toBe(401);
    expect(other).toBeDefined();

    // B cannot see or end A's sessions: 404, exactly like an unknown id, and A's session lives on.
    const foreign = await call(t.app, 'DELETE', `/api/me/sessions/${(await sessionsOf(tokenA1)).find((s) => s.current)!.id}`, { token: tokenB });
    expect(foreign.status).toBe(404);
    expect((await call(t.app, 'GET', '/api/me', { token: tokenA1 })).status).toBe(200);
    expect((await sessionsOf(tokenB)).every((session) => !JSON.stringify(session).includes(memberA.id))).toBe(true);
    expect((await call(t.app, 'DELETE', '/api/me/sessions/00000000-0000-4000-8000-000000000000', { token: tokenB })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/me/sessions/not-a-uuid', { token: tokenB })).status).toBe(400);
  });

  it('changes the password with the current one; every other session ends, this one stays', async () => {
    const keep = await signInWithPassword(t.app, 'b@example.com', PASSWORD);
    const other = await signInWithPassword(t.app, 'b@example.com', PASSWORD);
    const wrong = await call(t.app, 'PUT', '/api/me/password', { token: keep, body: { currentPassword: 'not it at all', newPassword: 'New!Password2026' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('PASSWORD_CURRENT_INVALID');
    expect((await call(t.app, 'GET', '/api/me', { token: other })).status).toBe(200);

    const short = await call(t.app, 'PUT', '/api/me/password', { token: keep, body: { currentPassword: PASSWORD, newPassword: 'short' } });
    expect(short.status).toBe(400);

    const changed = await call(t.app, 'PUT', '/api/me/password', { token: keep, body: { currentPassword: PASSWORD, newPassword: 'New!Password2026' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe('Password changed successfully');
    expect((await call(t.app, 'GET', '/api/me', { token: other })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { token: keep })).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, memberB.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash!, 'New!Password2026')).toBe(true);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'b@example.com', password: PASSWORD } })).status).toBe(401);
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'auth.password_change'));
    expect(entry).toMatchObject({ actorId: memberB.id });
    expect(JSON.stringify(entry)).not.toContain('New!Password2026');
  });

  it('lets an admin list and end anybody’s sessions; members may not', async () => {
    const tokenA = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    const listed = await call(t.app, 'GET', `/api/admin/members/${memberA.id}/sessions`, { token: adminToken });
    expect(listed.status).toBe(200);
    const live = listed.body.data as SessionBody[];
    expect(live.length).toBeGreaterThan(0);
    for (const session of live) {
      expect((await call(t.app, 'DELETE', `/api/admin/sessions/${session.id}`, { token: adminToken })).status).toBe(200);
    }
    expect((await call(t.app, 'GET', '/api/me', { token: tokenA })).status).toBe(401);
    expect((await call(t.app, 'DELETE', `/api/admin/sessions/${live[0]!.id}`, { token: adminToken })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/members/00000000-0000-4000-8000-000000000000/sessions', { token: adminToken })).status).toBe(404);

    const memberToken = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    expect((await call(t.app, 'GET', `/api/admin/members/${memberB.id}/sessions`, { token: memberToken })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/admin/sessions/${live[0]!.id}`, { token: memberToken })).status).toBe(403);
  });

  it('an account without a password sets its first one only with a code sent to its phone, not with its token alone', async () => {
    const phone = '+905321112233';
    const member = await createUser(t.db, { email: 'sms.only@example.com', phone });
    const token = await signInWithPhone(t, phone);
    const passwordOf = async () => (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id)))[0]!.hash;
    const body = { newPassword: 'First!Password2026' };
    const bare = await call(t.app, 'PUT', '/api/me/password', { token, body });
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe('REAUTH_REQUIRED');
    // A current password is no way in for an account that has none.
    expect((await call(t.app, 'PUT', '/api/me/password', { token, body: { ...body, currentPassword: 'anything at all' } })).status).toBe(403);
    t.clock.advanceSeconds(61);
    expect((await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' } })).status).toBe(200);
    const code = await lastCodeSentTo(t.db, phone);
    const wrong = await call(t.app, 'PUT', '/api/me/password', { token, body: { ...body, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('OTP_INVALID');
    expect(await passwordOf()).toBeNull();
    const set = await call(t.app, 'PUT', '/api/me/password', { token, body: { ...body, code } });
    expect(set.status).toBe(200);
    expect(await verifyPassword((await passwordOf())!, 'First!Password2026')).toBe(true);
    // The code is used up, and from now on the password is what confirms a change.
    const again = await call(t.app, 'PUT', '/api/me/password', { token, body: { newPassword: 'Second!Password2026', code } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('PASSWORD_CURRENT_INVALID');
    expect((await call(t.app, 'PUT', '/api/me/password', { token, body: { newPassword: 'Second!Password2026', currentPassword: 'First!Password2026' } })).status).toBe(200);
  });

  it('revokeAllForUser ends every session of a member (for disabling)', async () => {
    const token = await signInWithPassword(t.app, 'a@example.com', PASSWORD);
    const service = createSessionsService({ db: t.db, clock: t.clock, otp: { checkCode: () => Promise.reject(new Error('not used')), consumeCode: () => Promise.reject(new Error('not used')) } });
    expect(await service.revokeAllForUser(memberA.id)).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
  });
});
