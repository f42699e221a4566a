import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInWithPassword, type TestApp } from './helpers.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'Matrix-pass-1';

/** Every registered route under a prefix, with path parameters filled in. */
function routesUnder(t: TestApp, matches: (url: string) => boolean) {
  const seen = new Set<string>();
  return t.app.registeredRoutes
    .filter((route) => matches(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => ({ method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: route.url.replace(/:[A-Za-z]+/g, SOME_ID) }))
    .filter((route) => {
      const key = `${route.method} ${route.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

describe('permission matrix', () => {
  let t: TestApp;
  let memberToken: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { email: 'member@example.com', password: PASSWORD, role: 'user' });
    await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  it('finds the guarded routes it checks', () => {
    const admin = routesUnder(t, (url) => url.startsWith('/api/admin/'));
    const me = routesUnder(t, (url) => url === '/api/me' || url.startsWith('/api/me/'));
    expect(admin.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/applications', 'GET /api/admin/members']),
    );
    expect(me.map((route) => `${route.method} ${route.url}`)).toEqual(expect.arrayContaining(['GET /api/me', 'GET /api/me/profile']));
  });

  it('every /api/admin/* route: 401 without a token, 401 with a bad one, 403 for a member, open to an admin', async () => {
    for (const route of routesUnder(t, (url) => url.startsWith('/api/admin/'))) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await t.app.inject({ method: route.method, url: route.url });
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json(), label).toMatchObject({ error: true, code: 'UNAUTHENTICATED' });

      const forged = await t.app.inject({ method: route.method, url: route.url, headers: { accesstoken: 'forged-token' } });
      expect(forged.statusCode, label).toBe(401);

      const member = await t.app.inject({ method: route.method, url: route.url, headers: { accesstoken: memberToken } });
      expect(member.statusCode, label).toBe(403);
      expect(member.json(), label).toMatchObject({ error: true, code: 'FORBIDDEN' });

      const admin = await t.app.inject({ method: route.method, url: route.url, headers: { accesstoken: adminToken } });
      expect([401, 403], label).not.toContain(admin.statusCode);
    }
  });

  it('every /api/me and /api/me/* route: 401 without a token or with a bad one; a member gets in', async () => {
    for (const route of routesUnder(t, (url) => url === '/api/me' || url.startsWith('/api/me/'))) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await t.app.inject({ method: route.method, url: route.url });
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json(), label).toMatchObject({ error: true, code: 'UNAUTHENTICATED' });
      const forged = await t.app.inject({ method: route.method, url: route.url, headers: { authorization: 'Bearer forged' } });
      expect(forged.statusCode, label).toBe(401);
      const member = await t.app.inject({ method: route.method, url: route.url, headers: { accesstoken: memberToken } });
      expect([401, 403], label).not.toContain(member.statusCode);
    }
  });
});
