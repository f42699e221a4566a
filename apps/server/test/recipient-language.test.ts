import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@agency/shared';
import { activityLog, creators, notificationRecipients, notifications, outboxMessages, users } from '../src/db/schema.ts';
import { extractPdfText, insertPayment } from '../src/modules/invoices/invoice-test-support.ts';
import { backstageCsv, postUpload } from '../src/modules/uploads/uploads-test-support.ts';
import { call, createTestApp, createUser, lastCodeSentTo, signInWithPassword, type TestApp } from './helpers.ts';

/**
 * Issue 16: a person's language is one setting. The language of the screen a visitor applies from
 * becomes the member's; the profile's language is what every message the server sends uses (SMS,
 * e-mail, invoice PDF, notifications), and what the interface takes on sign-in.
 */
const PASSWORD = 'Language-pass-1';

describe('server messages in the recipient’s language', () => {
  let t: TestApp;
  let adminToken: string;
  let phoneCounter = 0;
  let ipCounter = 0;
  const nextPhone = () => `+90535700${String((phoneCounter += 1)).padStart(4, '0')}`;
  const nextIp = () => `10.16.0.${(ipCounter += 1)}`;

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-09-16T10:00:00Z') });
    await createUser(t.db, { role: 'admin', email: 'admin@example.com', password: PASSWORD, locale: 'tr' });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  /** The messages the outbox delivered to `to`, newest first. */
  async function outboxTo(to: string) {
    return t.db.select().from(outboxMessages).where(eq(outboxMessages.to, to)).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
  }

  /** A visitor applies from the screens in `locale`: code SMS, then the application. */
  async function apply(locale: 'ru' | 'tr' | undefined, username: string) {
    const phone = nextPhone();
    const ip = nextIp();
    const sent = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'apply', ...(locale ? { locale } : {}) }, ip });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [codeSms] = await outboxTo(phone);
    const code = await lastCodeSentTo(t.db, phone);
    const applied = await call(t.app, 'POST', '/api/applications', {
      body: { firstName: 'Анна', lastName: 'Иванова', tiktokUsername: username, phone, code, ...(locale ? { locale } : {}) },
      ip,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const memberId = (applied.body.data as { memberId: string }).memberId;
    return { phone, ip, memberId, codeSms: codeSms! };
  }

  it('an applicant who applies in Russian gets the code SMS, the approval SMS, the sign-in code and the first invoice in Russian', async () => {
    const { phone, ip, memberId, codeSms } = await apply('ru', 'anna.ru');
    expect(codeSms.text).toMatch(/^Ваш код подтверждения: \d{6}\. Он действует 5 минут\. Никому не сообщайте его\.$/);
    const [member] = await t.db.select().from(users).where(eq(users.id, memberId));
    expect(member).toMatchObject({ status: 'pending', locale: 'ru' });

    t.clock.advanceSeconds(1);
    const approved = await call(t.app, 'POST', `/api/admin/applications/${memberId}/approve`, { token: adminToken });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [approval] = await outboxTo(phone);
    expect(approval!.text).toBe('Ваша заявка одобрена! Теперь вы можете войти по своему номеру телефона: http://portal.test/app/sessions/signIn');

    // Sign-in: the code SMS follows the profile, whatever the screen's language; the answer carries it.
    t.clock.advanceSeconds(1);
    const loginSend = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login', locale: 'tr' }, ip });
    expect(loginSend.status, JSON.stringify(loginSend.body)).toBe(200);
    const [loginSms] = await outboxTo(phone);
    expect(loginSms!.text).toContain('Ваш код подтверждения');
    const verified = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: await lastCodeSentTo(t.db, phone) }, ip });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const { token, user } = verified.body.data as { token: string; user: { locale: string } };
    expect(user.locale).toBe('ru');

    // The first payment, approved by the agency: its notification and its invoice are in Russian.
    const payment = await insertPayment(t.db, { memberId, status: 'Pending', amountCents: 40_000, deductionsCents: 2_550, periods: ['2026-08'] });
    const approve = await call(t.app, 'POST', `/api/admin/payments/${payment.id}/approve`, { token: adminToken });
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);

    const mine = await call(t.app, 'GET', '/api/me/notifications', { token });
    const [notification] = (mine.body.data as { items: { template: string; title: string; message: string }[] }).items;
    expect(notification).toMatchObject({ template: 'paymentStatus', title: 'Статус вашей выплаты изменился' });
    expect(notification!.message).toBe(`Статус вашей выплаты на сумму ${formatMoney(40_000, 'ru')}: Одобрено.`);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/me/payments/${payment.id}/invoice`, headers: { accesstoken: token } });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await extractPdfText(pdf.rawPayload);
    expect(text).toContain('Инвойс');
    expect(text).not.toContain('Счёт');
    expect(text).toContain('Участник');
    expect(text).toContain('Анна Иванова');
    expect(text).toContain('Сумма к выплате');
    expect(text).toContain('Удержания');
    expect(text).toContain('Одобрено');
    expect(text).toContain('август 2026');
    // Amounts in the Russian format ("400,00 $"); the PDF's text gives the no-break space as a space.
    const spaced = (value: string) => value.replace(/\s+/g, ' ');
    expect(spaced(text)).toContain(spaced(formatMoney(40_000, 'ru')));
    expect(spaced(text)).toContain(spaced(formatMoney(42_550, 'ru')));
    expect(text).not.toMatch(/Invoice|Net amount|Approved/);
  });

  it('an applicant who applies in Russian and is rejected gets the rejection SMS in Russian (the reason stays internal)', async () => {
    const { phone, ip, memberId } = await apply('ru', 'boris.ru');
    t.clock.advanceSeconds(1);
    const rejected = await call(t.app, 'POST', `/api/admin/applications/${memberId}/reject`, { token: adminToken, body: { reason: 'Hesap gerçek görünmüyor' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const [sms] = await outboxTo(phone);
    expect(sms).toMatchObject({ channel: 'sms', code: null });
    expect(sms!.text).toBe(
      'Агентство рассмотрело вашу заявку и, к сожалению, не может её одобрить. Если у вас есть вопросы, пожалуйста, свяжитесь с агентством.',
    );
    expect(sms!.text).not.toContain('Hesap gerçek');

    // Later messages to the number keep the language: a sign-in attempt is told why, in Russian.
    t.clock.advanceSeconds(61);
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login', locale: 'en' }, ip });
    const [notice] = await outboxTo(phone);
    expect(notice!.text).toContain('Пожалуйста, свяжитесь с агентством');
  });

  it('an application without a language (an older client) keeps the default language', async () => {
    const { memberId } = await apply(undefined, 'no.language');
    const [member] = await t.db.select().from(users).where(eq(users.id, memberId));
    expect(member!.locale).toBe('tr');
  });

  it('the reset e-mail comes in the member’s language, and follows the profile when the language changes', async () => {
    await createUser(t.db, { email: 'greta@example.com', password: PASSWORD, locale: 'de' });
    const forgot = await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'greta@example.com' }, ip: nextIp() });
    expect(forgot.status).toBe(200);
    const [german] = await outboxTo('greta@example.com');
    expect(german).toMatchObject({ channel: 'email', subject: 'Passwort zurücksetzen' });
    expect(german!.text).toContain('Öffnen Sie diesen Link innerhalb von 30 Minuten, um ein neues Passwort zu wählen:\nhttp://portal.test/app/sessions/reset?token=');

    // The header's language menu writes the language alone; the next e-mail is in that language.
    const token = await signInWithPassword(t.app, 'greta@example.com', PASSWORD);
    const changed = await call(t.app, 'PUT', '/api/me/profile', { token, body: { locale: 'ro' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    t.clock.advanceSeconds(60);
    await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'greta@example.com' }, ip: nextIp() });
    const [romanian] = await outboxTo('greta@example.com');
    expect(romanian).toMatchObject({ subject: 'Resetați-vă parola' });
    expect(romanian!.text).toContain('Deschideți acest link în cel mult 30 de minute pentru a alege o parolă nouă:');
  });

  it('PUT /api/me/profile with the language alone changes only the language, and logs it', async () => {
    const member = await createUser(t.db, { firstName: 'Leyla', lastName: 'Məmmədova', email: 'leyla@example.com', password: PASSWORD, locale: 'tr', invoicePreference: 'custom' });
    const token = await signInWithPassword(t.app, 'leyla@example.com', PASSWORD);
    const response = await call(t.app, 'PUT', '/api/me/profile', { token, body: { locale: 'az' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ messageCode: 'DETAILS_UPDATED', data: { locale: 'az', firstName: 'Leyla', lastName: 'Məmmədova', email: 'leyla@example.com', invoicePreference: 'custom' } });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ locale: 'az', firstName: 'Leyla', email: 'leyla@example.com', invoicePreference: 'custom' });
    const [entry] = await t.db.select().from(activityLog).where(and(eq(activityLog.entityId, member.id), eq(activityLog.action, 'profile.update')));
    expect(entry).toMatchObject({ before: { locale: 'tr' }, after: { locale: 'az' } });
    // No e-mail change, so no confirmation is asked and nobody is told.
    expect(await t.db.$count(outboxMessages, eq(outboxMessages.to, 'leyla@example.com'))).toBe(0);
    expect((await call(t.app, 'PUT', '/api/me/profile', { token, body: { locale: 'xx' } })).status).toBe(400);
  });

  it('a right sign-in code for a number that lost its account says so plainly (only the phone’s holder can get there)', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    const member = await createUser(t.db, { phone, locale: 'en' });
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
    const code = await lastCodeSentTo(t.db, phone);
    await t.db.update(users).set({ phone: nextPhone() }).where(eq(users.id, member.id));
    const answer = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code }, ip });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'PHONE_NOT_REGISTERED', message: 'There is no account with this phone number' });
    // A wrong code for a number without an account answers as for any wrong code: nothing to enumerate.
    const unknown = nextPhone();
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: unknown, purpose: 'login' }, ip: nextIp() });
    const guess = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone: unknown, code: '123456' }, ip: nextIp() });
    expect(guess.body).toMatchObject({ code: 'OTP_INVALID', message: 'Invalid otp try again' });
  });

  it('the upload’s notification about creators at risk is written in the affiliate’s language', async () => {
    const affiliate = await createUser(t.db, { locale: 'ru' });
    const joinedAt = new Date('2025-01-01T00:00:00Z');
    await t.db.insert(creators).values([
      { tiktokUsername: 'risk.one', status: 'active', affiliateId: affiliate.id, joinedAt },
      { tiktokUsername: 'risk.two', status: 'active', affiliateId: affiliate.id, joinedAt },
    ]);
    const uploaded = await postUpload(t.app, adminToken, { data: backstageCsv([['risk.one', 100, 0, 0], ['risk.two', 100, 1, 1]]), asOf: '2026-09-16' });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const [sent] = await t.db
      .select({ template: notifications.template, params: notifications.params, title: notifications.title, message: notifications.message })
      .from(notifications)
      .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
      .where(eq(notificationRecipients.userId, affiliate.id));
    expect(sent).toMatchObject({ template: 'creatorAtRisk', params: { count: 2, username: '@risk.one, @risk.two', period: '2026-09' } });
    expect(sent!.title).toBe('2 автора отстают от требований');
    expect(sent!.message).toContain('@risk.one, @risk.two:');
    expect(sent!.message).toContain('сентябрь 2026');
  });
});
