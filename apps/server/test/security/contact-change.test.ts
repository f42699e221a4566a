import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, users } from '../../src/db/schema.ts';
import { call, createTestApp, createUser, lastCodeSentTo, signInWithPassword, signInWithPhone, type TestApp } from '../helpers.ts';

/**
 * Issue 15 item 4: a stolen token must not become a permanent takeover. Changing the e-mail of an
 * account needs the current password or a fresh code sent to the account's phone; the old address
 * (or, without one, the phone) is told, in the owner's language. An admin changing a member's phone
 * or e-mail tells the old one too.
 */
const PASSWORD = 'Contact-change-pass-1';
const base = { firstName: 'Ayla', lastName: 'Owner', locale: 'de', invoicePreference: 'default' } as const;

describe('changing the e-mail or phone of an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function mailsTo(address: string) {
    return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, address));
  }

  it('a stolen token alone cannot move the account to another address, so "forgot password" cannot follow', async () => {
    const owner = await createUser(t.db, { email: 'owner@example.com', password: PASSWORD, phone: '+905327000001', locale: 'de' });
    const stolen = await signInWithPassword(t.app, 'owner@example.com', PASSWORD);

    const takeover = await call(t.app, 'PUT', '/api/me/profile', { token: stolen, body: { ...base, email: 'thief@example.com' } });
    expect(takeover.status).toBe(403);
    expect(takeover.body).toEqual({
      error: true,
      code: 'REAUTH_REQUIRED',
      message: 'Please confirm this change with your current password or a code sent to your phone',
    });
    const wrong = await call(t.app, 'PUT', '/api/me/profile', { token: stolen, body: { ...base, email: 'thief@example.com', currentPassword: 'a-guess-1234' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'PASSWORD_CURRENT_INVALID' });
    const removal = await call(t.app, 'PUT', '/api/me/profile', { token: stolen, body: { ...base, email: null } });
    expect(removal.status).toBe(403);

    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.email).toBe('owner@example.com');
    await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'thief@example.com' } });
    expect(await mailsTo('thief@example.com')).toHaveLength(0);

    // The rest of the profile changes without a password, as before.
    const rename = await call(t.app, 'PUT', '/api/me/profile', { token: stolen, body: { ...base, firstName: 'Renamed', email: 'OWNER@example.com' } });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    expect(await mailsTo('owner@example.com')).toHaveLength(0);
  });

  it('with the current password the e-mail changes and the old address is told, in the owner’s language', async () => {
    await createUser(t.db, { email: 'mover@example.com', password: PASSWORD, phone: '+905327000002', locale: 'de' });
    const token = await signInWithPassword(t.app, 'mover@example.com', PASSWORD);
    const changed = await call(t.app, 'PUT', '/api/me/profile', { token, body: { ...base, email: 'moved@example.com', currentPassword: PASSWORD } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ email: 'moved@example.com' });

    const [notice] = await mailsTo('mover@example.com');
    expect(notice).toBeDefined();
    expect(notice!.subject).toBe('Ihre Kontodaten wurden geändert');
    expect(notice!.text).toContain('m***@example.com');
    expect(notice!.text).not.toContain('moved@example.com');
    expect(notice!.text).toContain('wenden Sie sich sofort an die Agentur');
    // The new address signs in; the old one no longer does.
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'moved@example.com', password: PASSWORD } })).status).toBe(200);
  });

  it('an account without a password confirms with a fresh code sent to its phone; the phone is told', async () => {
    const phone = '+905327000003';
    await createUser(t.db, { phone, locale: 'tr' });
    const token = await signInWithPhone(t, phone, '10.40.0.3');
    const body = { ...base, locale: 'tr', email: 'phone-only@example.com' };

    expect((await call(t.app, 'PUT', '/api/me/profile', { token, body })).status).toBe(403);
    t.clock.advanceSeconds(61);
    expect((await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip: '10.40.0.3' })).status).toBe(200);
    const code = await lastCodeSentTo(t.db, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const refused = await call(t.app, 'PUT', '/api/me/profile', { token, body: { ...body, code: wrongCode } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'OTP_INVALID' });

    const confirmed = await call(t.app, 'PUT', '/api/me/profile', { token, body: { ...body, code } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data).toMatchObject({ email: 'phone-only@example.com' });
    const sms = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, phone), eq(outboxMessages.channel, 'sms')));
    const notice = sms.find((message) => message.text.includes('p***@example.com'));
    expect(notice?.text).toContain('Hesabınıza p***@example.com e-posta adresi eklendi.');

    // The code is single use: it does not confirm a second change.
    const again = await call(t.app, 'PUT', '/api/me/profile', { token, body: { ...body, email: 'second@example.com', code } });
    expect(again.status).toBe(400);
  });

  it('wrong current passwords count like wrong sign-ins: a stolen token gets no extra guesses', async () => {
    await createUser(t.db, { email: 'guessed@example.com', password: PASSWORD });
    const token = await signInWithPassword(t.app, 'guessed@example.com', PASSWORD);
    const ip = '10.40.9.9';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const guess = await call(t.app, 'PUT', '/api/me/profile', { token, ip, body: { ...base, email: 'x@example.com', currentPassword: `guess-${attempt}` } });
      expect(guess.status, `guess ${attempt}`).toBe(400);
    }
    const locked = await call(t.app, 'PUT', '/api/me/profile', { token, ip, body: { ...base, email: 'x@example.com', currentPassword: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same counters as sign-in: that address is locked there too.
    expect((await call(t.app, 'POST', '/api/auth/login', { ip, body: { email: 'guessed@example.com', password: PASSWORD } })).status).toBe(429);
  });

  it('an admin changing a member’s phone or e-mail tells the old phone and the old address', async () => {
    await createUser(t.db, { role: 'admin', email: 'contact-admin@example.com', password: PASSWORD });
    const adminToken = await signInWithPassword(t.app, 'contact-admin@example.com', PASSWORD);
    const member = await createUser(t.db, { email: 'member-old@example.com', phone: '+905327000005', locale: 'en' });

    const phone = await call(t.app, 'PUT', `/api/admin/members/${member.id}`, { token: adminToken, body: { phone: '+905327000006' } });
    expect(phone.status, JSON.stringify(phone.body)).toBe(200);
    const [sms] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, '+905327000005'));
    expect(sms?.text).toContain('The phone number of your account was changed to +9053******06.');

    const email = await call(t.app, 'PUT', `/api/admin/members/${member.id}`, { token: adminToken, body: { email: 'member-new@example.com' } });
    expect(email.status).toBe(200);
    const [mail] = await mailsTo('member-old@example.com');
    expect(mail?.subject).toBe('Your account details were changed');
    expect(mail?.text).toContain('The e-mail address of your account was changed to m***@example.com.');
  });
});
