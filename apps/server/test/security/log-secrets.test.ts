import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggerOptions } from '../../src/lib/logger.ts';
import { call, createTestApp, createUser, lastCodeSentTo, type TestApp } from '../helpers.ts';

const PASSWORD = 'Log-journey-secret-91';
const NEW_PASSWORD = 'Log-journey-new-secret-92';
const IBAN = 'TR330006100519786457841326';
const IBAN_SPACED = 'TR33 0006 1005 1978 6457 8413 26';
const IDENTITY = '10000000146';
const OTHER_IBAN = 'DE89370400440532013000';
const OTHER_IBAN_SPACED = 'DE89 3704 0044 0532 0130 00';

/** An IBAN as it may be printed: whole, in groups of four, or in lower case. */
function ibanForms(iban: string): string[] {
  const compact = iban.replace(/\s+/g, '');
  return [compact, compact.replace(/(.{4})/g, '$1 ').trim(), compact.toLowerCase(), compact.slice(4)];
}

describe('the log of a whole journey holds no code, token, password, IBAN or identity number', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    // The app's own logger settings at the most verbose level, written to memory.
    t = await createTestApp({ logger: createLoggerOptions('trace', { write: (line) => lines.push(line) }) });
  });
  afterAll(() => t.close());

  it('apply, sign in by code and by password, bank details, reset link, Bearer use, and failures', async () => {
    const secrets: Record<string, string> = {};
    const applicant = '+905324440001';

    // Apply with an SMS code.
    expect((await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: applicant, purpose: 'apply' } })).status).toBe(200);
    secrets.applyCode = await lastCodeSentTo(t.db, applicant);
    const applied = await call(t.app, 'POST', '/api/applications', {
      body: { firstName: 'Log', lastName: 'Applicant', tiktokUsername: 'log_applicant', phone: applicant, code: secrets.applyCode },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);

    // A member signs in by code (one wrong try first) and by password (one wrong try first).
    const phone = '+905324440002';
    await createUser(t.db, { phone, email: 'journey@example.com', password: PASSWORD, firstName: 'Log', lastName: 'Member' });
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' } });
    secrets.loginCode = await lastCodeSentTo(t.db, phone);
    secrets.wrongCode = secrets.loginCode === '987654' ? '876543' : '987654';
    await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: secrets.wrongCode } });
    const byCode = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: secrets.loginCode } });
    expect(byCode.status).toBe(200);
    secrets.codeToken = (byCode.body.data as { token: string }).token;
    secrets.wrongPassword = `${PASSWORD}-typo`;
    await call(t.app, 'POST', '/api/auth/login', { body: { email: 'journey@example.com', password: secrets.wrongPassword } });
    const byPassword = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'journey@example.com', password: PASSWORD } });
    expect(byPassword.status).toBe(200);
    secrets.passwordToken = (byPassword.body.data as { token: string }).token;
    secrets.password = PASSWORD;

    // Bank details with an IBAN typed with spaces and a T.C. number, sent with the Bearer token.
    const bearer = { authorization: `Bearer ${secrets.codeToken}` };
    const bank = await call(t.app, 'PUT', '/api/me/bank', {
      headers: bearer,
      body: { holderName: 'Log Member', identityNumber: IDENTITY, bankName: 'Ziraat', iban: IBAN_SPACED },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    // A refused IBAN is not logged either (validation answers echo nothing into the log).
    await call(t.app, 'PUT', '/api/me/bank', { headers: bearer, body: { holderName: 'Log Member', identityNumber: IDENTITY, bankName: 'X', iban: `${OTHER_IBAN_SPACED}9` } });
    await call(t.app, 'PUT', '/api/me/bank', { headers: bearer, body: { holderName: 'Log Member', identityNumber: IDENTITY, bankName: 'X', iban: OTHER_IBAN, extra: OTHER_IBAN } });
    expect((await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: bearer })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { accesstoken: secrets.passwordToken } })).statusCode).toBe(200);

    // A password reset: the e-mail link, opened in the browser (a GET of the web app with ?token=),
    // then used. A password change follows.
    await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'journey@example.com' } });
    const outbox = await call(t.app, 'GET', '/api/dev/outbox?to=journey@example.com');
    const resetText = (outbox.body.data as { text: string }[])[0]!.text;
    const link = new URL(/(http\S+)/.exec(resetText)![1]!);
    secrets.resetToken = link.searchParams.get('token')!;
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    await t.app.inject({ method: 'GET', url: `/api/health?token=${encodeURIComponent(secrets.resetToken)}&code=${secrets.loginCode}` });
    expect((await call(t.app, 'POST', '/api/auth/reset', { body: { token: secrets.resetToken, password: NEW_PASSWORD } })).status).toBe(200);
    secrets.newPassword = NEW_PASSWORD;

    // A server failure while the bank details are written: the error is logged, the IBAN is not.
    const again = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'journey@example.com', password: NEW_PASSWORD } });
    const token = (again.body.data as { token: string }).token;
    secrets.lastToken = token;
    await t.db.execute(sql`alter table "bank_details" add constraint "log_probe_check" check (length(iban) < 5) not valid`);
    const failed = await call(t.app, 'PUT', '/api/me/bank', { token, body: { holderName: 'Log Member', identityNumber: IDENTITY, bankName: 'Other', iban: OTHER_IBAN } });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    await t.db.execute(sql`alter table "bank_details" drop constraint "log_probe_check"`);
    await call(t.app, 'POST', '/api/auth/logout', { token });

    const log = lines.join('');
    // The log really was written, verbosely: requests, the failure, the masked SMS line.
    expect(log).toContain('"level":30');
    expect(log).toContain('/api/me/bank');
    expect(log).toContain('request failed');
    expect(log).toContain('sms written to outbox');

    const found: string[] = [];
    for (const [name, value] of Object.entries(secrets)) if (log.includes(value)) found.push(name);
    for (const iban of [IBAN, OTHER_IBAN]) for (const form of ibanForms(iban)) if (log.includes(form)) found.push(`IBAN ${form.slice(0, 4)}...`);
    if (log.includes(IDENTITY)) found.push('identity number');
    if (log.includes(encodeURIComponent(secrets.resetToken!))) found.push('reset token (URL-encoded)');
    expect(found).toEqual([]);
  });
});
