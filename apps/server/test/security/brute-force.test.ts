import { OTP_RESEND_SECONDS } from '@agency/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_SENDS_PER_PHONE_PER_HOUR } from '../../src/modules/auth/otp.service.ts';
import { call, createTestApp, createUser, lastCodeSentTo, type TestApp } from '../helpers.ts';

const PASSWORD = 'Brute-force-pass-1';

describe('brute force on one-time codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('five wrong codes exhaust the code: the right one is refused next, with 429', async () => {
    const phone = '+905327770001';
    await createUser(t.db, { phone });
    expect((await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' } })).status).toBe(200);
    const code = await lastCodeSentTo(t.db, phone);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: wrong } });
      expect(answer.status, `attempt ${attempt}`).toBe(400);
      expect(answer.body.code).toBe('OTP_INVALID');
    }
    const right = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code } });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ error: true, code: 'OTP_TOO_MANY_ATTEMPTS' });
    expect(right.body.data).toBeUndefined();
  });

  it('sends are limited: a resend too soon and the hourly cap answer 429 with Retry-After', async () => {
    const phone = '+905327770002';
    await createUser(t.db, { phone });
    const send = () => call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip: '10.9.0.2' });
    expect((await send()).status).toBe(200);
    const tooSoon = await send();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('OTP_RESEND_TOO_SOON');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    for (let sent = 1; sent < OTP_SENDS_PER_PHONE_PER_HOUR; sent += 1) {
      t.clock.advanceSeconds(OTP_RESEND_SECONDS + 1);
      expect((await send()).status, `send ${sent + 1}`).toBe(200);
    }
    t.clock.advanceSeconds(OTP_RESEND_SECONDS + 1);
    const capped = await send();
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(capped.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
});

describe('brute force on passwords (limits in the database; by account and address: account-throttling.test.ts)', () => {
  let t: TestApp;
  const login = (email: string, password: string, ip = '10.8.0.1') =>
    call(t.app, 'POST', '/api/auth/login', { body: { email, password }, ip });

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { email: 'target@example.com', password: PASSWORD });
    await createUser(t.db, { email: 'other@example.com', password: PASSWORD });
  });
  afterAll(() => t.close());

  it('five failures lock the account for 15 minutes, the right password included, from every address it never signed in from; then it opens', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await login('target@example.com', `wrong-${attempt}`, `10.8.1.${attempt}`);
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await login('target@example.com', PASSWORD, '10.8.2.1');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: true, code: 'RATE_LIMITED', message: 'Too many requests, please try again later' });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    // Upper case and spaces are the same account.
    expect((await login('  TARGET@example.com', PASSWORD)).status).toBe(429);
    // Another account is not affected.
    expect((await login('other@example.com', PASSWORD)).status).toBe(200);

    t.clock.advanceSeconds(10 * 60);
    const stillLocked = await login('target@example.com', PASSWORD);
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBe(5 * 60);

    t.clock.advanceSeconds(5 * 60);
    expect((await login('target@example.com', PASSWORD)).status).toBe(200);
  });

  it('a success resets the count: four failures, a success, four more failures still let the right password in', async () => {
    await createUser(t.db, { email: 'reset@example.com', password: PASSWORD });
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login('reset@example.com', 'nope')).status).toBe(401);
    expect((await login('reset@example.com', PASSWORD)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login('reset@example.com', 'nope')).status).toBe(401);
    expect((await login('reset@example.com', PASSWORD)).status).toBe(200);
  });

  it('failures spread over more than 15 minutes do not lock', async () => {
    await createUser(t.db, { email: 'slow@example.com', password: PASSWORD });
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect((await login('slow@example.com', 'nope')).status, `attempt ${attempt}`).toBe(401);
      t.clock.advanceSeconds(4 * 60);
    }
    expect((await login('slow@example.com', PASSWORD)).status).toBe(200);
  });

  it('an unknown e-mail is counted and locked the same way, so the answers do not tell which e-mails exist', async () => {
    const unknown: number[] = [];
    const known: number[] = [];
    await createUser(t.db, { email: 'known@example.com', password: PASSWORD });
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const a = await login('nobody@example.com', 'nope');
      const b = await login('known@example.com', 'nope');
      unknown.push(a.status);
      known.push(b.status);
      expect(a.body).toEqual(b.body);
      expect(a.headers['retry-after']).toEqual(b.headers['retry-after']);
    }
    expect(unknown).toEqual([401, 401, 401, 401, 401, 429]);
    expect(known).toEqual(unknown);
  });

  it('the lock is counted in the database: a second app on the same database sees it', async () => {
    await createUser(t.db, { email: 'shared@example.com', password: PASSWORD });
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await login('shared@example.com', 'nope')).status).toBe(401);
    const { buildApp } = await import('../../src/app.ts');
    const second = await buildApp({ env: t.env, database: { ...t.database, close: async () => {} }, clock: t.clock, logger: false });
    try {
      const answer = await call(second, 'POST', '/api/auth/login', { body: { email: 'shared@example.com', password: PASSWORD } });
      expect(answer.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});
