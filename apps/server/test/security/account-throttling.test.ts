import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  PAIR_MAX_FAILURES,
  PASSWORD_WINDOW_SECONDS,
  throttleAddress,
} from '../../src/modules/auth/password-throttle.ts';
import { call, createTestApp, createUser, signInWithPhone, type TestApp } from '../helpers.ts';

/**
 * Issue 15 item 10: wrong passwords are counted by account and address (docs/decisions/015). A
 * stranger's failures lock the account only for addresses it never signed in from, so the owner,
 * from their own address, still signs in; strangers together get no more guesses than before
 * (ACCOUNT_MAX_FAILURES a window), one address gets PAIR_MAX_FAILURES per account and
 * ADDRESS_MAX_FAILURES in all.
 */
const PASSWORD = 'Throttling-pass-1';

describe('password sign-in throttled by account and address', () => {
  let t: TestApp;
  const login = (email: string, password: string, ip: string) => call(t.app, 'POST', '/api/auth/login', { body: { email, password }, ip });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a stranger’s five wrong tries do not lock the owner out of their own address; strangers get no more guesses', async () => {
    await createUser(t.db, { email: 'owner@example.com', password: PASSWORD });
    const home = '10.70.0.1';
    expect((await login('owner@example.com', PASSWORD, home)).status).toBe(200);

    // Strangers spread over many addresses: five wrong tries in all, then every stranger is refused.
    const strangerStatuses: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      strangerStatuses.push((await login('owner@example.com', `guess-${attempt}`, `10.70.9.${attempt}`)).status);
    }
    expect(strangerStatuses).toEqual([...Array<number>(ACCOUNT_MAX_FAILURES).fill(401), ...Array<number>(12 - ACCOUNT_MAX_FAILURES).fill(429)]);
    const strangerWithPassword = await login('owner@example.com', PASSWORD, '10.70.9.200');
    expect(strangerWithPassword.status).toBe(429);
    expect(Number(strangerWithPassword.headers['retry-after'])).toBe(PASSWORD_WINDOW_SECONDS);

    // The owner, at home, signs in at once.
    const owner = await login('owner@example.com', PASSWORD, home);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it('the owner’s own mistakes lock only their address for that account, for the window', async () => {
    await createUser(t.db, { email: 'typo@example.com', password: PASSWORD });
    const home = '10.71.0.1';
    expect((await login('typo@example.com', PASSWORD, home)).status).toBe(200);
    for (let attempt = 1; attempt <= PAIR_MAX_FAILURES; attempt += 1) expect((await login('typo@example.com', 'typo', home)).status).toBe(401);
    const locked = await login('typo@example.com', PASSWORD, home);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: true, code: 'RATE_LIMITED', message: 'Too many requests, please try again later' });
    t.clock.advanceSeconds(PASSWORD_WINDOW_SECONDS);
    expect((await login('typo@example.com', PASSWORD, home)).status).toBe(200);
  });

  it('an address that signed in by phone code is the owner’s too', async () => {
    const phone = '+905329000001';
    await createUser(t.db, { email: 'phone-owner@example.com', phone, password: PASSWORD });
    const home = '10.72.0.1';
    await signInWithPhone(t, phone, home);
    for (let attempt = 1; attempt <= ACCOUNT_MAX_FAILURES; attempt += 1) await login('phone-owner@example.com', 'guess', `10.72.9.${attempt}`);
    expect((await login('phone-owner@example.com', PASSWORD, '10.72.9.99')).status).toBe(429);
    expect((await login('phone-owner@example.com', PASSWORD, home)).status).toBe(200);
  });

  it('one address trying many accounts is stopped after ADDRESS_MAX_FAILURES, whatever the accounts; other addresses are not', async () => {
    const sprayer = '10.73.0.1';
    await createUser(t.db, { email: 'sprayed@example.com', password: PASSWORD });
    for (let attempt = 1; attempt <= ADDRESS_MAX_FAILURES; attempt += 1) {
      expect((await login(`victim-${attempt}@example.com`, 'guess', sprayer)).status, `attempt ${attempt}`).toBe(401);
    }
    expect((await login('sprayed@example.com', PASSWORD, sprayer)).status).toBe(429);
    expect((await login('sprayed@example.com', PASSWORD, '10.73.0.2')).status).toBe(200);
  });

  it('a success clears only its own address’s count for the account, not the account’s or the address’s', async () => {
    await createUser(t.db, { email: 'attacker-own@example.com', password: PASSWORD });
    await createUser(t.db, { email: 'target-b@example.com', password: PASSWORD });
    const attacker = '10.74.0.1';
    // Four guesses, then a sign-in to an account of its own, then more guesses: the fifth guess still locks.
    for (let attempt = 1; attempt <= PAIR_MAX_FAILURES - 1; attempt += 1) expect((await login('target-b@example.com', 'guess', attacker)).status).toBe(401);
    expect((await login('attacker-own@example.com', PASSWORD, attacker)).status).toBe(200);
    expect((await login('target-b@example.com', 'guess', attacker)).status).toBe(401);
    expect((await login('target-b@example.com', PASSWORD, attacker)).status).toBe(429);
  });

  it('IPv6 addresses count by their /64 network', async () => {
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('192.0.2.7')).toBe('192.0.2.7');
    await createUser(t.db, { email: 'v6@example.com', password: PASSWORD });
    for (let attempt = 1; attempt <= PAIR_MAX_FAILURES; attempt += 1) {
      expect((await login('v6@example.com', 'guess', `2001:db8:1:2::${attempt}`)).status).toBe(401);
    }
    expect((await login('v6@example.com', PASSWORD, '2001:db8:1:2::ffff')).status).toBe(429);
  });

  it('unknown e-mails are counted and answered the same way, so the answers do not tell which e-mails exist', async () => {
    await createUser(t.db, { email: 'exists@example.com', password: PASSWORD });
    const unknown: unknown[] = [];
    const known: unknown[] = [];
    for (let attempt = 1; attempt <= ACCOUNT_MAX_FAILURES + 2; attempt += 1) {
      const a = await login('does-not-exist@example.com', 'guess', `10.75.1.${attempt}`);
      const b = await login('exists@example.com', 'guess', `10.75.2.${attempt}`);
      unknown.push([a.status, a.body, a.headers['retry-after'] ?? null]);
      known.push([b.status, b.body, b.headers['retry-after'] ?? null]);
    }
    expect(unknown).toEqual(known);
  });
});
