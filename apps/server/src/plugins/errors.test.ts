import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/helpers.ts';

describe('answers and errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('an unknown field is 400 VALIDATION_FAILED with details', async () => {
    const response = await call(t.app, 'POST', '/api/auth/otp/send', {
      body: { phone: '+905321234567', purpose: 'login', admin: true },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: true,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      details: [{ path: 'admin', message: 'Unknown field' }],
    });
  });

  it('a wrong value names its field', async () => {
    const response = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: '+905321234567', purpose: 'shout' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'purpose', message: expect.any(String) }] });
  });

  it('a bad query string is 400 too', async () => {
    const response = await call(t.app, 'GET', '/api/dev/outbox?limit=abc');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'limit' }] });
  });

  it('malformed JSON is 400 INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, code: 'INVALID_JSON', message: 'Invalid JSON body' });
  });

  it('a body that is not JSON is 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@example.com',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: true, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('a body over 1 MiB is 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: true, code: 'PAYLOAD_TOO_LARGE', message: 'Request is too large' });
  });

  it('an unknown /api route is the 404 envelope, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/nothing'],
      ['DELETE', '/api/health'],
      ['GET', '/api'],
    ] as const) {
      const response = await call(t.app, method, url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
    }
  });

  it('a server failure is 500 INTERNAL without internals (no SQL, no stack)', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: true, code: 'INTERNAL', message: 'Something went wrong' });
    expect(response.body).not.toMatch(/select|settings|stack|at /i);
    await broken.app.close();
  });
});
