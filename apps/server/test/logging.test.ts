import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggerOptions } from '../src/lib/logger.ts';
import { call, createTestApp, createUser, lastCodeSentTo, type TestApp } from './helpers.ts';

const PASSWORD = 'Very-secret-pass-77';

describe('logs', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ logger: createLoggerOptions('trace', { write: (line) => lines.push(line) }) });
  });
  afterAll(() => t.close());

  it('never contain a code, a token or a password through send, verify, login, reset and sign-out', async () => {
    const phone = '+905326660001';
    await createUser(t.db, { phone, email: 'log@example.com', password: PASSWORD });

    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' } });
    const code = await lastCodeSentTo(t.db, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code: wrong } });
    const verified = await call(t.app, 'POST', '/api/auth/otp/verify', { body: { phone, code } });
    expect(verified.status).toBe(200);
    const phoneToken = (verified.body.data as { token: string }).token;

    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'log@example.com', password: PASSWORD } });
    expect(login.status).toBe(200);
    const passwordToken = (login.body.data as { token: string }).token;
    await call(t.app, 'GET', '/api/me', { token: passwordToken });
    await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${phoneToken}` } });
    await call(t.app, 'POST', '/api/auth/login', { body: { email: 'log@example.com', password: `${PASSWORD}-wrong` } });

    await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'log@example.com' } });
    const outbox = await call(t.app, 'GET', '/api/dev/outbox?to=log@example.com');
    const resetText = (outbox.body.data as { text: string }[])[0]!.text;
    const resetToken = new URL(/(http\S+)/.exec(resetText)![1]!).searchParams.get('token')!;
    await call(t.app, 'POST', '/api/auth/reset', { body: { token: resetToken, password: 'Next-secret-pass-88' } });
    await call(t.app, 'POST', '/api/auth/logout', { token: passwordToken });

    const log = lines.join('');
    // The log really was written: requests and the masked SMS line are there.
    expect(log).toContain('/api/auth/otp/verify');
    expect(log).toContain('sms written to outbox');
    expect(log).toContain('+9053******01');
    expect(log).not.toContain(phone);

    for (const secret of [code, phoneToken, passwordToken, PASSWORD, resetToken, 'Next-secret-pass-88']) {
      expect(log.includes(secret), `log contains ${secret.slice(0, 3)}...`).toBe(false);
    }
  });

  it('redacts credential headers and secret body fields if code ever logs them', () => {
    lines.length = 0;
    t.app.log.info(
      {
        req: { headers: { accesstoken: 'tok-123', authorization: 'Bearer tok-456', cookie: 'sid=tok-789' } },
        body: { password: 'pw-1', code: '424242', token: 'tok-000', otp: '515151', phone: '+905321234567' },
      },
      'probe',
    );
    const log = lines.join('');
    expect(log).toContain('probe');
    expect(log).toContain('+905321234567');
    for (const secret of ['tok-123', 'tok-456', 'tok-789', 'pw-1', '424242', 'tok-000', '515151']) {
      expect(log).not.toContain(secret);
    }
  });
});
