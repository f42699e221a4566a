import { OTP_RESEND_SECONDS } from '@agency/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, users } from '../../src/db/schema.ts';
import { OTP_SENDS_PER_PHONE_PER_HOUR } from '../../src/modules/auth/otp.service.ts';
import { call, createTestApp, createUser, type InjectResult, type TestApp } from '../helpers.ts';

/**
 * Issue 15 item 6: the answers of forgot-password, registration and code sends do not tell whether
 * an account exists or in which state it is; the outcome goes to the owner by SMS or e-mail. The
 * limits stay, and count the same for every number.
 */
const PASSWORD = 'Enumeration-pass-1';

/** What a caller can compare: the status, the body, and the Retry-After header. */
function visible(answer: InjectResult) {
  return { status: answer.status, body: answer.body, retryAfter: answer.headers['retry-after'] ?? null };
}

describe('answers that do not reveal accounts', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.60.0.${(ipCounter += 1)}`;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { phone: '+905328000001', email: 'active@example.com', password: PASSWORD, status: 'active', locale: 'en' });
    await createUser(t.db, { phone: '+905328000002', email: 'pending@example.com', password: PASSWORD, status: 'pending', locale: 'de' });
    await createUser(t.db, { phone: '+905328000003', email: 'rejected@example.com', status: 'rejected', locale: 'ru' });
    await createUser(t.db, { phone: '+905328000004', email: 'disabled@example.com', status: 'disabled', locale: 'ro' });
  });
  afterAll(() => t.close());

  async function smsTo(phone: string) {
    return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
  }

  it('forgot password: the same answer for an unknown, an active, a pending and a disabled e-mail', async () => {
    const answers = [];
    for (const email of ['nobody@example.com', 'active@example.com', 'pending@example.com', 'disabled@example.com']) {
      answers.push(visible(await call(t.app, 'POST', '/api/auth/forgot', { body: { email }, ip: nextIp() })));
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200, body: { error: false, messageCode: 'PASSWORD_RESET_SENT' } });
    // The link goes to the account's address only.
    expect(await t.db.$count(outboxMessages, eq(outboxMessages.to, 'active@example.com'))).toBe(1);
    expect(await t.db.$count(outboxMessages, eq(outboxMessages.to, 'nobody@example.com'))).toBe(0);
  });

  it('registration: a taken e-mail gets the answer a new one gets; its owner is told by e-mail; nothing changes', async () => {
    const fresh = await call(t.app, 'POST', '/api/register', { body: { email: 'brand-new@example.com', password: PASSWORD, companyId: 'agency', locale: 'ru' }, ip: nextIp() });
    const taken = await call(t.app, 'POST', '/api/register', { body: { email: 'active@example.com', password: PASSWORD, companyId: 'agency', locale: 'ru' }, ip: nextIp() });
    const shape = (answer: InjectResult) => ({ ...visible(answer), body: { ...answer.body, data: { user: { uid: typeof (answer.body.data as { user: { uid: unknown } }).user.uid } } } });
    expect(shape(taken)).toEqual(shape(fresh));
    expect(fresh.status).toBe(201);
    const uidOf = (answer: InjectResult) => (answer.body.data as { user: { uid: string } }).user.uid;
    expect(uidOf(taken)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await t.db.$count(users, eq(users.id, uidOf(taken)))).toBe(0);

    // Both outcomes go by e-mail, each in its reader's language: the new account in the language of the
    // screen it came from, the existing owner in the account's own.
    const [welcome] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'brand-new@example.com'));
    expect(welcome?.subject).toBe('Регистрация получена');
    const toOwner = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.to, 'active@example.com'), eq(outboxMessages.subject, 'You already have an account')));
    expect(toOwner).toHaveLength(1);
    const [owner] = await t.db.select().from(users).where(eq(users.email, 'active@example.com'));
    expect(owner).toMatchObject({ status: 'active', locale: 'en' });
  });

  it('sign-in code: the same answer for an unknown, a pending, a rejected, a disabled and an active number; the SMS says the rest', async () => {
    const phones = ['+905328000099', '+905328000002', '+905328000003', '+905328000004', '+905328000001'];
    const answers = [];
    for (const phone of phones) answers.push(visible(await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login', locale: 'en' }, ip: nextIp() })));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 200, body: { messageCode: 'OTP_SENT' } });

    const [unknown] = await smsTo('+905328000099');
    expect(unknown).toMatchObject({ code: null });
    expect(unknown!.text).toContain('it has no account with us');
    const [pending] = await smsTo('+905328000002');
    expect(pending).toMatchObject({ code: null });
    expect(pending!.text).toContain('Ihre Bewerbung wird von der Agentur noch geprüft');
    const [rejected] = await smsTo('+905328000003');
    expect(rejected).toMatchObject({ code: null });
    expect(rejected!.text).toContain('Пожалуйста, свяжитесь с агентством');
    const [active] = await smsTo('+905328000001');
    expect(active!.code).toMatch(/^\d{6}$/);
  });

  it('application code: the same answer for a new, an active and a pending number; a registered one gets no code', async () => {
    const answers = [];
    for (const phone of ['+905328000098', '+905328000001', '+905328000002']) {
      answers.push(visible(await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'apply' }, ip: nextIp() })));
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const registered = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, '+905328000001'), isNull(outboxMessages.code)));
    expect(registered.some((message) => message.text.includes('http://portal.test/app/sessions/signIn'))).toBe(true);
    const [code] = await smsTo('+905328000098');
    expect(code!.code).toMatch(/^\d{6}$/);

    // And the application itself does not tell a registered number from a wrong code.
    const application = await call(t.app, 'POST', '/api/applications', {
      body: { firstName: 'A', lastName: 'B', tiktokUsername: 'enum_probe', phone: '+905328000001', code: '123456' },
      ip: nextIp(),
    });
    const wrongCode = await call(t.app, 'POST', '/api/applications', {
      body: { firstName: 'A', lastName: 'B', tiktokUsername: 'enum_probe', phone: '+905328000097', code: '123456' },
      ip: nextIp(),
    });
    expect(visible(application)).toEqual(visible(wrongCode));
    expect(application.body).toMatchObject({ code: 'OTP_INVALID' });
  });

  it('the limits stay, and treat every number alike: resend wait and hourly cap', async () => {
    const phones = { unknown: '+905328000090', active: '+905328000091' };
    await createUser(t.db, { phone: phones.active });
    const answers: Record<string, ReturnType<typeof visible>[]> = { unknown: [], active: [] };
    const ips = { unknown: nextIp(), active: nextIp() };
    const sendBoth = async () => {
      for (const kind of ['unknown', 'active'] as const) {
        answers[kind]!.push(visible(await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: phones[kind], purpose: 'login' }, ip: ips[kind] })));
      }
    };
    await sendBoth();
    await sendBoth();
    for (let sent = 1; sent < OTP_SENDS_PER_PHONE_PER_HOUR; sent += 1) {
      t.clock.advanceSeconds(OTP_RESEND_SECONDS + 1);
      await sendBoth();
    }
    t.clock.advanceSeconds(OTP_RESEND_SECONDS + 1);
    await sendBoth();
    expect(answers.unknown).toEqual(answers.active);
    expect(answers.unknown!.map((answer) => answer.status)).toEqual([200, 429, 200, 200, 200, 200, 429]);
    expect(answers.unknown![1]!.body).toMatchObject({ code: 'OTP_RESEND_TOO_SOON' });
    expect(answers.unknown![6]!.body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
