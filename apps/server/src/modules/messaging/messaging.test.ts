import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, testEnv, type TestApp } from '../../../test/helpers.ts';
import { outboxMessages } from '../../db/schema.ts';
import { systemClock } from '../../lib/clock.ts';
import { createMessaging } from './messaging.service.ts';
import { createHttpSmsProvider } from './providers/http-sms.provider.ts';
import { createSmtpProvider } from './providers/smtp.provider.ts';

const silentLog = { info: () => undefined, warn: () => undefined };

describe('GET /api/dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists messages newest first with the code they carried; ?to= filters', async () => {
    await createUser(t.db, { phone: '+905324440001', email: 'box@example.com' });
    await createUser(t.db, { phone: '+905324440002' });
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: '+905324440001', purpose: 'login' }, ip: '10.8.0.1' });
    t.clock.advanceSeconds(1);
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: '+905324440002', purpose: 'login' }, ip: '10.8.0.2' });
    t.clock.advanceSeconds(1);
    await call(t.app, 'POST', '/api/auth/forgot', { body: { email: 'box@example.com' } });

    const all = await call(t.app, 'GET', '/api/dev/outbox');
    expect(all.status).toBe(200);
    const entries = all.body.data as { to: string; channel: string; text: string; code: string | null; createdAt: string }[];
    expect(entries.map((entry) => entry.to)).toEqual(['box@example.com', '+905324440002', '+905324440001']);
    expect(entries[0]).toMatchObject({ channel: 'email', code: null });
    expect(entries[2]).toMatchObject({ channel: 'sms', code: expect.stringMatching(/^\d{6}$/) });
    expect(entries[2]!.text).toContain(entries[2]!.code!);
    expect(Object.keys(entries[2]!).sort()).toEqual(['channel', 'code', 'createdAt', 'text', 'to']);
    expect(new Date(entries[2]!.createdAt).toISOString()).toBe(entries[2]!.createdAt);

    // `+` arrives as a space when not encoded; both spellings find the phone.
    for (const query of ['%2B905324440001', '+905324440001', '05324440001']) {
      const filtered = await call(t.app, 'GET', `/api/dev/outbox?to=${query}`);
      expect((filtered.body.data as unknown[]).length, query).toBe(1);
    }
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await call(production.app, 'GET', '/api/dev/outbox');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      expect(production.app.registeredRoutes.some((route) => route.url.startsWith('/api/dev'))).toBe(false);

      // The outbox provider still records that messages went out, but never a usable secret.
      await createUser(production.db, { phone: '+905324440009', email: 'prod@example.com' });
      const sent = await call(production.app, 'POST', '/api/auth/otp/send', { body: { phone: '+905324440009', purpose: 'login' } });
      expect(sent.status).toBe(200);
      await call(production.app, 'POST', '/api/auth/forgot', { body: { email: 'prod@example.com' } });
      const stored = await production.db.select().from(outboxMessages);
      expect(stored).toHaveLength(2);
      for (const message of stored) {
        expect(message.code).toBeNull();
        expect(message.text).toContain('[hidden]');
        expect(message.text).not.toMatch(/\d{6}/);
        expect(message.text).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
      }
    } finally {
      await production.close();
    }
  });
});

describe('providers', () => {
  it('the HTTP SMS provider posts { to, text } as JSON with the bearer token', async () => {
    const received: { headers: IncomingMessage['headers']; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(request.headers.authorization === 'Bearer sms-secret' ? 202 : 401).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    try {
      const provider = createHttpSmsProvider({ url, token: 'sms-secret', log: silentLog });
      await provider.sendSms('+905321234567', 'Your code is 123456', { code: '123456' });
      expect(received).toHaveLength(1);
      expect(received[0]!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(received[0]!.body)).toEqual({ to: '+905321234567', text: 'Your code is 123456' });

      const wrongToken = createHttpSmsProvider({ url, token: 'wrong', log: silentLog });
      await expect(wrongToken.sendSms('+905321234567', 'x')).rejects.toThrow('401');
    } finally {
      server.close();
    }
  });

  it('the SMTP provider sends through nodemailer with MAIL_FROM', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: Parameters<typeof original>[0]) => {
      const info = await original(mail);
      sent.push(String((info as { message: string }).message));
      return info;
    }) as typeof transport.sendMail;
    const provider = createSmtpProvider({ url: 'smtp://unused', from: 'Agency <no-reply@example.com>', log: silentLog, transport });
    await provider.sendEmail('ayse@example.com', 'Reset your password', 'Open the link');
    expect(sent).toHaveLength(1);
    const message = JSON.parse(sent[0]!);
    expect(message).toMatchObject({ subject: 'Reset your password', text: 'Open the link' });
    expect(message.from.address).toBe('no-reply@example.com');
    expect(message.to[0].address).toBe('ayse@example.com');
  });

  it('the environment picks the providers', async () => {
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request) => {
      calls.push(String(input));
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    try {
      const env = testEnv({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms', MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:9' });
      const db = {} as never; // the outbox is not used by these providers
      const messaging = createMessaging({ env, db, clock: systemClock, log: silentLog });
      await messaging.sendSms('+905321234567', 'hello');
      expect(calls).toEqual(['http://127.0.0.1:9/sms']);
      messaging.close();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(() => testEnv({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => testEnv({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
  });
});
