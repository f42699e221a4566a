import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, type TestApp } from '../../test/helpers.ts';

describe('security headers, rate limits and API docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { authPerMinute: 3, globalPerMinute: 1000 } });
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('limits sign-in calls per address: 429 RATE_LIMITED with Retry-After', async () => {
    await createUser(t.db, { email: 'limit@example.com' });
    const body = { email: 'limit@example.com', password: 'whatever-1' };
    const statuses: number[] = [];
    let last;
    for (let index = 0; index < 4; index += 1) {
      last = await call(t.app, 'POST', '/api/auth/login', { body, ip: '10.7.0.1' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.body).toEqual({ error: true, code: 'RATE_LIMITED', message: 'Too many requests, please try again later' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and routes outside sign-in, are not affected.
    expect((await call(t.app, 'POST', '/api/auth/login', { body, ip: '10.7.0.2' })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/settings/public', { ip: '10.7.0.1' })).status).toBe(200);
  });

  it('publishes OpenAPI generated from the zod schemas at /api/docs/json, and the UI at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of ['/api/health', '/api/auth/otp/send', '/api/auth/otp/verify', '/api/register', '/api/applications', '/api/admin/members']) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    const sendBody = document.paths['/api/auth/otp/send'].post.requestBody.content['application/json'].schema;
    expect(sendBody.properties.purpose.enum).toEqual(['login', 'apply']);
    expect(sendBody.additionalProperties).toBe(false);

    expect(document.paths['/api/admin/members'].get.security).toEqual([{ accessToken: [] }, { bearer: [] }]);
    expect(document.paths['/api/me/profile'].get.security).toEqual([{ accessToken: [] }, { bearer: [] }]);
    expect(document.paths['/api/admin/members'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'page', 'pageSize', 'sort']),
    );

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline scripts: the CSP would block them
  });
});

describe('RATE_LIMIT_GLOBAL_PER_MINUTE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_GLOBAL_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('sets the per-address API limit of the app: the 4th call in a minute gets 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await call(t.app, 'GET', '/api/settings/public', { ip: '10.9.0.1' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await call(t.app, 'GET', '/api/settings/public', { ip: '10.9.0.2' })).status).toBe(200);
  });
});
