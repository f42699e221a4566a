import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, lastCodeSentTo, type TestApp } from '../../../test/helpers.ts';
import { otpCodes, outboxMessages } from '../../db/schema.ts';

/** A different wrong code than the real one. */
function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('phone codes', () => {
  let t: TestApp;
  let phoneCounter = 10;
  /** Each test uses its own member phone and client address, so limits do not leak between tests. */
  async function newMember(status: 'active' | 'pending' = 'active') {
    phoneCounter += 1;
    const phone = `+90532100${String(phoneCounter).padStart(4, '0')}`;
    await createUser(t.db, { phone, status });
    return { phone, ip: `10.1.0.${phoneCounter}` };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a code: catalogue message, resend and expiry seconds, one SMS in the outbox', async () => {
    const { phone, ip } = await newMember();
    const response = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      error: false,
      message: 'Otp send successfully',
      messageCode: 'OTP_SENT',
      data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
    });
    expect(await lastCodeSentTo(t.db, phone)).toMatch(/^\d{6}$/);
  });

  it('accepts a national number and normalises it to E.164', async () => {
    const { phone, ip } = await newMember();
    const national = `0${phone.slice(3)}`; // +90532... -> 0532...
    const response = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: national, purpose: 'login' }, ip });
    expect(response.status).toBe(200);
    const code = await lastCodeSentTo(t.db, phone);
    const verified = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone: national, code }, ip });
    expect(verified.status).toBe(200);
  });

  it('stores codes hashed: the table never holds the 6 digits', async () => {
    const { phone, ip } = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const code = await lastCodeSentTo(t.db, phone);
    const rows = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const dump = await t.db.execute(sql`select string_agg(t::text, ',') as all from otp_codes t`);
    expect(JSON.stringify(dump)).not.toContain(code);
  });

  it('refuses invalid phones with "Invalid phone number"', async () => {
    for (const phone of ['123', '+90 212 123 45 67', 'not a phone']) {
      const response = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' } });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true, code: 'PHONE_INVALID', message: 'Invalid phone number' });
    }
  });

  it('login: an unknown phone and a pending account get the same answer as an active one; the SMS tells them why there is no code', async () => {
    const active = await newMember();
    const answers = [];
    answers.push(await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: active.phone, purpose: 'login' }, ip: active.ip }));
    answers.push(await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: '+905559998877', purpose: 'login', locale: 'en' } }));
    const pending = await newMember('pending');
    answers.push(await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: pending.phone, purpose: 'login' }, ip: pending.ip }));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const unknownSms = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, '+905559998877'));
    expect(unknownSms).toHaveLength(1);
    expect(unknownSms[0]).toMatchObject({ code: null });
    expect(unknownSms[0]!.text).toContain('http://portal.test/kayit');
    const pendingSms = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, pending.phone));
    expect(pendingSms).toHaveLength(1);
    expect(pendingSms[0]).toMatchObject({ code: null });
  });

  it('apply: a phone that already belongs to a member gets the same answer, and an SMS without a code', async () => {
    const { phone, ip } = await newMember();
    const response = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'apply' }, ip });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ messageCode: 'OTP_SENT' });
    const sms = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ code: null });
    expect(sms[0]!.text).toContain('http://portal.test/app/sessions/signIn');
  });

  it('a resend inside 60 s gets 429 with Retry-After; after 60 s it is accepted', async () => {
    const { phone, ip } = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    t.clock.advanceSeconds(20);
    const early = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'OTP_RESEND_TOO_SOON' });
    expect(early.headers['retry-after']).toBe('40');
    t.clock.advanceSeconds(40);
    const later = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    expect(later.status).toBe(200);
  });

  it('the resend wait is per purpose: the application code does not hold back the first sign-in code', async () => {
    phoneCounter += 1;
    const phone = `+90532100${String(phoneCounter).padStart(4, '0')}`;
    const ip = `10.1.0.${phoneCounter}`;
    const applyCode = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'apply' }, ip });
    expect(applyCode.status).toBe(200);
    await createUser(t.db, { phone, status: 'active' });
    t.clock.advanceSeconds(5);
    const loginCode = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    expect(loginCode.status).toBe(200);
    const again = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'OTP_RESEND_TOO_SOON' });
  });

  it('a resent code replaces the earlier one', async () => {
    const { phone, ip } = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const first = await lastCodeSentTo(t.db, phone);
    t.clock.advanceSeconds(61);
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const second = await lastCodeSentTo(t.db, phone);
    if (first !== second) {
      const old = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: first }, ip });
      expect(old.status).toBe(400);
    }
    const current = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: second }, ip });
    expect(current.status).toBe(200);
  });

  it('limits sends to 5 per phone per hour (429 with Retry-After), counted in the database', async () => {
    const { phone } = await newMember();
    const start = t.clock.now().getTime();
    for (let index = 0; index < 5; index += 1) {
      // A different address each time: only the phone limit is in play.
      const response = await call(t.app, 'POST', '/api/auth/otp/send', {
        body: { phone, purpose: 'login' },
        ip: `10.2.0.${index + 1}`,
      });
      expect(response.status).toBe(200);
      t.clock.advanceSeconds(61);
    }
    const sixth = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip: '10.2.0.9' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'RATE_LIMITED' });
    const elapsed = Math.round((t.clock.now().getTime() - start) / 1000);
    expect(sixth.headers['retry-after']).toBe(String(3600 - elapsed));
    expect(await t.db.$count(otpCodes, eq(otpCodes.phone, phone))).toBe(5);

    // An hour after the first send, one more is allowed again.
    t.clock.advanceSeconds(3600 - elapsed);
    const next = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip: '10.2.0.9' });
    expect(next.status).toBe(200);
  });

  it('limits sends to 20 per client address per hour', async () => {
    const ip = '10.3.0.1';
    const phones: string[] = [];
    for (let index = 0; index < 21; index += 1) phones.push((await newMember()).phone);
    for (const phone of phones.slice(0, 20)) {
      const response = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
      expect(response.status).toBe(200);
    }
    const blocked = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: phones[20], purpose: 'login' }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBe(3600);
    // Another address is not affected.
    const other = await call(t.app, 'POST', '/api/auth/otp/send', {
      body: { phone: phones[20], purpose: 'login' },
      ip: '10.3.0.2',
    });
    expect(other.status).toBe(200);
  });

  it('a wrong code is 400 "Invalid otp try again"; the 6th try after 5 wrong ones is refused even when right', async () => {
    const { phone, ip } = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const code = await lastCodeSentTo(t.db, phone);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: wrongCode(code) }, ip });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true, code: 'OTP_INVALID', message: 'Invalid otp try again' });
    }
    const sixth = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code }, ip });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'OTP_TOO_MANY_ATTEMPTS', message: 'Too many wrong tries for this code; please request a new one' });
    expect(sixth.body).not.toHaveProperty('data');
  });

  it('the right code after 4 wrong ones still signs in', async () => {
    const { phone, ip } = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const code = await lastCodeSentTo(t.db, phone);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: wrongCode(code) }, ip });
    }
    const fifth = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code }, ip });
    expect(fifth.status).toBe(200);
  });

  it('parallel wrong guesses cannot take more than 5 tries', async () => {
    const { phone, ip } = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const code = await lastCodeSentTo(t.db, phone);
    const guesses = Array.from({ length: 12 }, () =>
      call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: wrongCode(code) }, ip }),
    );
    const statuses = (await Promise.all(guesses)).map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row!.attempts).toBe(5);
  });

  it('an expired code (5 min + 1 s) is refused; just before expiry it works', async () => {
    const first = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: first.phone, purpose: 'login' }, ip: first.ip });
    const code = await lastCodeSentTo(t.db, first.phone);
    t.clock.advanceSeconds(5 * 60 + 1);
    const expired = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone: first.phone, code }, ip: first.ip });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'OTP_EXPIRED', message: 'This code has expired; please request a new one' });

    const second = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: second.phone, purpose: 'login' }, ip: second.ip });
    const fresh = await lastCodeSentTo(t.db, second.phone);
    t.clock.advanceSeconds(5 * 60 - 1);
    const inTime = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone: second.phone, code: fresh }, ip: second.ip });
    expect(inTime.status).toBe(200);
  });

  it('a code is single use', async () => {
    const { phone, ip } = await newMember();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const code = await lastCodeSentTo(t.db, phone);
    expect((await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code }, ip })).status).toBe(200);
    const again = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code }, ip });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'OTP_INVALID' });
  });

  it('an apply code does not sign in', async () => {
    const phone = '+905321119988';
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'apply' }, ip: '10.4.0.1' });
    const code = await lastCodeSentTo(t.db, phone);
    await createUser(t.db, { phone });
    const response = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code }, ip: '10.4.0.1' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'OTP_INVALID' });
  });

  it('a code that cannot be delivered answers 503 and does not block a new attempt', async () => {
    const failing = await createTestApp({
      messaging: {
        sendSms: async () => {
          throw new Error('gateway down');
        },
        sendEmail: async () => undefined,
      },
    });
    try {
      const phone = '+905321110000';
      await createUser(failing.db, { phone });
      const first = await call(failing.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' } });
      expect(first.status).toBe(503);
      expect(first.body).toEqual({ error: true, code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' });
      expect(await failing.db.$count(otpCodes)).toBe(0);
    } finally {
      await failing.close();
    }
  });
});
