import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createUser,
  lastCodeSentTo,
  signInWithPassword,
  signInWithPhone,
  type TestApp,
} from '../../../test/helpers.ts';
import { activityLog, outboxMessages, passwordResets, sessions, users } from '../../db/schema.ts';

const PASSWORD = 'Correct-horse-9';

describe('sign-in, sessions and accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function lastResetLink(email: string): Promise<string> {
    const [row] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, email), eq(outboxMessages.channel, 'email')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const link = row ? /(http\S+reset\?token=\S+)/.exec(row.text)?.[1] : undefined;
    if (!link) throw new Error(`no reset link for ${email}`);
    return link;
  }

  it('phone sign-in answers { token, role, user } with "Login successfully" and logs the sign-in', async () => {
    const user = await createUser(t.db, { phone: '+905321230001', firstName: 'Ayla', email: 'ayla@example.com' });
    const token = await signInWithPhone(t, user.phone!);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.tokenHash).not.toContain(token);
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(30 * 24 * 3600 * 1000);

    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.actorId, user.id));
    expect(entry).toMatchObject({ action: 'auth.login', entityId: user.id, after: { method: 'otp' } });
    expect(entry!.ip).toBeTruthy();
  });

  it('the verify answer matches the shared session contract', async () => {
    const user = await createUser(t.db, { phone: '+905321230002', firstName: 'Deniz', lastName: 'Ak' });
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: user.phone, purpose: 'login' }, ip: '10.9.0.2' });
    const code = await lastCodeSentTo(t.db, user.phone!);
    const response = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone: user.phone, code }, ip: '10.9.0.2' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      error: false,
      message: 'Login successfully',
      messageCode: 'LOGIN_SUCCESS',
      data: {
        role: 'user',
        user: {
          uid: user.id,
          firstName: 'Deniz',
          lastName: 'Ak',
          phone: '+905321230002',
          email: null,
          role: 'user',
          status: 'active',
          locale: 'tr',
          referralCode: user.referralCode,
          bankStatus: 'Not Verified',
        },
      },
    });
  });

  it('e-mail sign-in works; a wrong password or unknown e-mail is 401', async () => {
    const user = await createUser(t.db, { email: 'pass@example.com', password: PASSWORD });
    const ok = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'PASS@example.com', password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Login successfully', data: { role: 'user', user: { uid: user.id } } });

    const wrong = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'pass@example.com', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: true, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });

    const unknown = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'ghost@example.com', password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('stores passwords as argon2id with at least 19 MiB and 2 passes', async () => {
    await call(t.app, 'POST', '/api/register', {
      body: { email: 'hash@example.com', password: PASSWORD, companyId: 'agency' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/.exec(row!.passwordHash!);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
  });

  it('GET /api/me answers the signed-in person; accesstoken and Bearer both work', async () => {
    const user = await createUser(t.db, { email: 'me@example.com', password: PASSWORD, firstName: 'Mete' });
    const token = await signInWithPassword(t.app, 'me@example.com', PASSWORD);
    const viaHeader = await call(t.app, 'GET', '/api/me', { token });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.body).toMatchObject({ error: false, data: { uid: user.id, firstName: 'Mete', email: 'me@example.com' } });

    const viaBearer = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json().data.uid).toBe(user.id);

    for (const headers of [{}, { accesstoken: 'not-a-real-token' }, { authorization: 'Bearer nope' }, { authorization: `Basic ${token}` }]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: true, code: 'UNAUTHENTICATED', message: 'Please sign in' });
    }
  });

  it('sign-out revokes the token: the same token then gets 401', async () => {
    await createUser(t.db, { email: 'out@example.com', password: PASSWORD });
    const token = await signInWithPassword(t.app, 'out@example.com', PASSWORD);
    const other = await signInWithPassword(t.app, 'out@example.com', PASSWORD);
    const out = await call(t.app, 'POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ error: false, messageCode: 'LOGOUT_SUCCESS' });
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(401);
    // Other sessions of the same person stay signed in.
    expect((await call(t.app, 'GET', '/api/me', { token: other })).status).toBe(200);
  });

  it('a session expires after 30 days', async () => {
    await createUser(t.db, { email: 'old@example.com', password: PASSWORD });
    const token = await signInWithPassword(t.app, 'old@example.com', PASSWORD);
    t.clock.advanceSeconds(30 * 24 * 3600 - 5);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(200);
    t.clock.advanceSeconds(10);
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
  });

  it('a disabled account loses its sessions at once', async () => {
    const user = await createUser(t.db, { email: 'gone@example.com', password: PASSWORD });
    const token = await signInWithPassword(t.app, 'gone@example.com', PASSWORD);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    expect((await call(t.app, 'GET', '/api/me', { token })).status).toBe(401);
    const again = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'gone@example.com', password: PASSWORD } });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'ACCOUNT_NOT_ACTIVE' });
  });

  describe('register', () => {
    it('creates a pending e-mail account and answers { user: { uid } }; it cannot sign in yet', async () => {
      const response = await call(t.app, 'POST', '/api/register', {
        body: { email: 'New.Person@Example.com', password: PASSWORD, companyId: 'agency' },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ error: false, messageCode: 'REGISTERED', data: { user: { uid: expect.any(String) } } });
      const uid = (response.body.data as { user: { uid: string } }).user.uid;
      expect(Object.keys(response.body.data as object)).toEqual(['user']);
      const [row] = await t.db.select().from(users).where(eq(users.id, uid));
      expect(row).toMatchObject({ email: 'new.person@example.com', status: 'pending', role: 'user' });

      const login = await call(t.app, 'POST', '/api/auth/login', {
        body: { email: 'new.person@example.com', password: PASSWORD },
      });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({ code: 'ACCOUNT_NOT_ACTIVE' });
    });

    it('refuses a wrong companyId (400); a taken e-mail gets the same answer as a new one and its owner an e-mail', async () => {
      const wrong = await call(t.app, 'POST', '/api/register', {
        body: { email: 'x1@example.com', password: PASSWORD, companyId: 'other-agency' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ error: true, code: 'COMPANY_ID_INVALID', message: 'Invalid company id' });
      expect(await t.db.$count(users, eq(users.email, 'x1@example.com'))).toBe(0);

      const owner = await createUser(t.db, { email: 'taken@example.com', locale: 'de' });
      const taken = await call(t.app, 'POST', '/api/register', {
        body: { email: 'taken@example.com', password: PASSWORD, companyId: 'agency' },
      });
      expect(taken.status).toBe(201);
      expect(taken.body).toMatchObject({ error: false, messageCode: 'REGISTERED', data: { user: { uid: expect.any(String) } } });
      expect((taken.body.data as { user: { uid: string } }).user.uid).not.toBe(owner.id);
      expect(await t.db.$count(users, eq(users.email, 'taken@example.com'))).toBe(1);
      const [mail] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'taken@example.com'));
      expect(mail?.subject).toBe('Sie haben bereits ein Konto');
      expect(mail?.text).toContain('http://portal.test/app/sessions/forgot');
    });

    it('two parallel registrations of one e-mail create one account, and both get the same answer', async () => {
      const body = { email: 'race@example.com', password: PASSWORD, companyId: 'agency' };
      const results = await Promise.all([call(t.app, 'POST', '/api/register', { body }), call(t.app, 'POST', '/api/register', { body })]);
      expect(results.map((result) => result.status)).toEqual([201, 201]);
      expect(await t.db.$count(users, eq(users.email, 'race@example.com'))).toBe(1);
    });

    it('validates the body: short password and unknown fields are 400', async () => {
      const short = await call(t.app, 'POST', '/api/register', { body: { email: 'a@example.com', password: 'short', companyId: 'agency' } });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'password' }] });
      const extra = await call(t.app, 'POST', '/api/register', {
        body: { email: 'b@example.com', password: PASSWORD, companyId: 'agency', role: 'admin' },
      });
      expect(extra.status).toBe(400);
      expect(extra.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await t.db.$count(users, eq(users.email, 'b@example.com'))).toBe(0);
    });
  });

  describe('forgot and reset', () => {
    it('an unknown e-mail gets the same answer as a known one, and no e-mail is sent', async () => {
      await createUser(t.db, { email: 'known-forgot@example.com', password: PASSWORD });
      const unknown = await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'nobody@example.com' } });
      const known = await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'known-forgot@example.com' } });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(await t.db.$count(outboxMessages, eq(outboxMessages.to, 'nobody@example.com'))).toBe(0);
      expect(await t.db.$count(outboxMessages, eq(outboxMessages.to, 'known-forgot@example.com'))).toBe(1);
    });

    it('e-mails a single-use link that sets the password and signs out every session', async () => {
      await createUser(t.db, { email: 'reset@example.com', password: PASSWORD });
      const before = await signInWithPassword(t.app, 'reset@example.com', PASSWORD);

      const forgot = await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'reset@example.com' } });
      expect(forgot.status).toBe(200);
      expect(forgot.body).toMatchObject({ messageCode: 'PASSWORD_RESET_SENT', data: { expiresInSeconds: 1800 } });
      const link = await lastResetLink('reset@example.com');
      expect(link.startsWith('http://portal.test/app/sessions/reset?token=')).toBe(true);
      const token = decodeURIComponent(new URL(link).searchParams.get('token')!);

      const rows = await t.db.select().from(passwordResets);
      expect(JSON.stringify(rows)).not.toContain(token);

      const reset = await call(t.app, 'POST', '/api/auth/reset', { body: { token, password: 'Brand-new-pass-1' } });
      expect(reset.status).toBe(200);
      expect(reset.body).toMatchObject({ error: false, messageCode: 'PASSWORD_RESET_DONE' });

      expect((await call(t.app, 'GET', '/api/me', { token: before })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'reset@example.com', password: PASSWORD } })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'reset@example.com', password: 'Brand-new-pass-1' } })).status).toBe(200);

      const reused = await call(t.app, 'POST', '/api/auth/reset', { body: { token, password: 'Another-pass-22' } });
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    });

    it('a link is dead after 30 minutes', async () => {
      await createUser(t.db, { email: 'late@example.com', password: PASSWORD });
      await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'late@example.com' } });
      const token = new URL(await lastResetLink('late@example.com')).searchParams.get('token')!;
      t.clock.advanceSeconds(30 * 60 + 1);
      const response = await call(t.app, 'POST', '/api/auth/reset', { body: { token, password: 'Brand-new-pass-1' } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
      expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'late@example.com', password: PASSWORD } })).status).toBe(200);
    });

    it('a made-up token is refused', async () => {
      const response = await call(t.app, 'POST', '/api/auth/reset', {
        body: { token: 'x'.repeat(43), password: 'Brand-new-pass-1' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    });
  });
});
