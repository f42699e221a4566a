import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { uploadFile } from '../multipart.ts';
import { createSecurityFixture, FIXTURE_PASSWORD, smallPng, type SecurityFixture } from './fixture.ts';

/**
 * Issue 15 item 5: no cache (browser, proxy, CDN) may keep an API answer with personal data. Every
 * `/api` answer carries `Cache-Control: no-store`, except the few that are public by nature and
 * say so themselves.
 */

/** Public answers without personal data that may be cached (they set their own header). */
const CACHEABLE = new Set(['GET /api/settings/logo', 'GET /api/docs/static/*', 'GET /api/docs/static/index.html', 'GET /api/docs/static/swagger-initializer.js']);

describe('Cache-Control on API answers', () => {
  let t: TestApp;
  let fx: SecurityFixture;

  beforeAll(async () => {
    t = await createTestApp({ env: { DATA_DIR: `${tmpdir()}/agency-security-cache-${process.pid}-${Date.now()}` } });
    fx = await createSecurityFixture(t);
    const png = await smallPng();
    expect((await uploadFile(t.app, '/api/me/avatar', fx.memberA.token, { name: 'me.png', type: 'image/png', data: png })).status).toBe(200);
    expect((await uploadFile(t.app, '/api/admin/settings/logo', fx.admin.token, { name: 'logo.png', type: 'image/png', data: png })).status).toBe(200);
  });
  afterAll(async () => {
    const dataDir = t.env.DATA_DIR;
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the profile with IBAN and identity number, and the sign-in answer with the token, are no-store', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { accesstoken: fx.memberA.token } });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('TR330006100519786457841326');
    expect(profile.headers['cache-control']).toBe('no-store');

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: fx.memberA.email, password: FIXTURE_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const avatar = await t.app.inject({ method: 'GET', url: '/api/me/avatar', headers: { accesstoken: fx.memberA.token } });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cache-control']).toBe('private, no-store');
  });

  it('every GET route answers no-store, for every caller and also when it refuses; only public files may be cached', async () => {
    const failures: string[] = [];
    const ids: Record<string, string> = {
      '/api/admin/members/:id': fx.memberA.id,
      '/api/admin/creators/:id': fx.a.creatorId,
      '/api/admin/payments/:id': fx.a.approvedPaymentId,
      '/api/me/payments/:id': fx.a.approvedPaymentId,
    };
    const routes = t.app.registeredRoutes.filter((route) => route.method === 'GET');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const prefix = Object.keys(ids).find((pattern) => route.url.startsWith(pattern));
      const url = route.url.replace(':id', prefix ? ids[prefix]! : randomUUID()).replace('*', 'swagger-ui.css');
      const callers = route.url.startsWith('/api/admin') ? [fx.admin.token, fx.memberA.token, null] : route.url.startsWith('/api/me') ? [fx.memberA.token, null] : [null];
      for (const token of callers) {
        const response = await t.app.inject({ method: 'GET', url, headers: token ? { accesstoken: token } : {} });
        const header = String(response.headers['cache-control'] ?? '');
        if (CACHEABLE.has(key) && response.statusCode < 400) {
          if (/private/.test(header)) failures.push(`${key}: a public file marked private (${header})`);
          continue;
        }
        if (!/\bno-store\b/.test(header)) failures.push(`${key} (${token ? 'signed in' : 'anonymous'}, ${response.statusCode}): Cache-Control "${header}"`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers of actions and errors are no-store too', async () => {
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/me/bank',
      headers: { accesstoken: fx.memberA.token },
      payload: { holderName: 'Fixture Holder', identityNumber: '10000000146', bankName: 'Bank', iban: 'TR330006100519786457841326' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.headers['cache-control']).toBe('no-store');
    for (const [method, url] of [
      ['GET', '/api/me/profile'],
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const refused = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(refused.headers['cache-control'], url).toBe('no-store');
    }
  });
});
