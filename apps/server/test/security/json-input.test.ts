import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../helpers.ts';

const PASSWORD = 'Json-input-pass-1';

describe('hostile JSON', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { email: 'json@example.com', password: PASSWORD, firstName: 'Json', lastName: 'Person' });
    token = await signInWithPassword(t.app, 'json@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const raw = (url: string, payload: string | Buffer, contentType = 'application/json', method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, payload, headers: { 'content-type': contentType, accesstoken: token } });

  it('a body over 1 MB answers the 413 envelope', async () => {
    const big = JSON.stringify({ email: 'json@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    const response = await raw('/api/auth/login', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: true, code: 'PAYLOAD_TOO_LARGE', message: 'Request is too large' });
  });

  it('malformed JSON answers the 400 envelope without echoing the parser', async () => {
    for (const body of ['{"email": "json@example.com", ', '{email: 1}', '[1,2', '\u0000', 'null x']) {
      const response = await raw('/api/auth/login', body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toMatchObject({ error: true, code: expect.stringMatching(/^(INVALID_JSON|VALIDATION_FAILED)$/) });
      expect(response.body, body).not.toMatch(/Unexpected token|position \d+|SyntaxError/);
    }
    const empty = await raw('/api/auth/login', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: true, code: 'INVALID_JSON' });
  });

  it('a content type other than JSON answers 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const response = await raw('/api/auth/login', 'email=json@example.com&password=x', type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json(), type).toEqual({ error: true, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported file type' });
    }
  });

  it('deeply nested JSON is refused with a 4xx envelope, and the server keeps answering', async () => {
    for (const depth of [1_000, 100_000]) {
      const nested = `{"email":"json@example.com","password":"x","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const response = await raw('/api/auth/login', nested);
      expect(response.statusCode, String(depth)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, String(depth)).toBeLessThan(500);
      expect(response.json()).toMatchObject({ error: true });
    }
    const deepObject = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const response = await raw('/api/me/profile', deepObject, 'application/json', 'PUT');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('unknown fields are refused with 400 and named', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { accesstoken: token },
      payload: { firstName: 'Json', lastName: 'Person', email: 'json@example.com', locale: 'en', invoicePreference: 'default', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: true, code: 'VALIDATION_FAILED', details: [{ path: 'role', message: 'Unknown field' }] });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { accesstoken: token } });
    expect(me.json().data.role ?? me.json().data.user?.role ?? 'user').not.toBe('admin');
  });

  it('__proto__ and constructor keys change nothing: refused, and no object gains properties', async () => {
    const bodies = [
      '{"firstName":"Json","lastName":"Person","email":"json@example.com","locale":"en","invoicePreference":"default","__proto__":{"role":"admin","isAdmin":true}}',
      '{"firstName":"Json","lastName":"Person","email":"json@example.com","locale":"en","invoicePreference":"default","constructor":{"prototype":{"isAdmin":true}}}',
      '{"firstName":"Json","lastName":"Person","email":"json@example.com","locale":"en","invoicePreference":{"__proto__":{"polluted":true}}}',
    ];
    for (const body of bodies) {
      const response = await raw('/api/me/profile', body, 'application/json', 'PUT');
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toMatchObject({ error: true });
    }
    const probe: Record<string, unknown> = {};
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
    expect(probe.role).toBeUndefined();
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    // The account is unchanged and still a member.
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/members', headers: { accesstoken: token } });
    expect(admin.statusCode).toBe(403);
  });
});
