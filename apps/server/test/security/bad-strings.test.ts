import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { MAX_INPUT_STRING_LENGTH } from '../../src/plugins/input-strings.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createSecurityFixture, FIXTURE_PASSWORD, type SecurityFixture } from './fixture.ts';

/**
 * Issue 15 item 7: a NUL byte, a lone UTF-16 surrogate or a 1 MB string in any string field of any
 * route answers 400 with the catalogue message, never a 500 and never a stored value. The test walks
 * the zod schema (params, querystring, body) of every registered route, and sends each string field
 * of a valid request replaced by each bad value. A route with string fields but no valid request in
 * BASES fails the test until one is added.
 */

type Actor = 'anonymous' | 'member' | 'admin';
interface Base {
  actor: Actor;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** The bad values, and how each is written into a URL (percent-encoded UTF-8; a lone surrogate has none, so its CESU-8 bytes). */
const BAD_VALUES: { label: string; value: string; inUrl: string }[] = [
  { label: 'NUL', value: 'a\u0000b', inUrl: 'a%00b' },
  { label: 'lone high surrogate', value: 'a\uD800b', inUrl: 'a%ED%A0%80b' },
  { label: 'lone low surrogate', value: '\uDC00', inUrl: '%ED%B0%80' },
  { label: '1 MB string', value: 'x'.repeat(1_000_000), inUrl: 'x'.repeat(1_000_000) },
];

let fx: SecurityFixture;
/** Member A's referral code, so that an application's `ref` is valid. */
let referralCode = '';
const id = () => randomUUID();

/** A valid request of every route that has string inputs (what a real caller would send). */
function bases(): Record<string, Base> {
  const page = { page: '1', pageSize: '10' };
  return {
    'POST /api/auth/otp/send': { actor: 'anonymous', body: { phone: '+905320000101', purpose: 'login', locale: 'en' } },
    'POST /api/auth/otp/verify': { actor: 'anonymous', body: { phone: '+905320000101', code: '123456' } },
    'POST /api/auth/login': { actor: 'anonymous', body: { email: fx.memberA.email, password: 'not-the-password' } },
    'POST /api/auth/forgot': { actor: 'anonymous', body: { email: 'nobody@security.test' } },
    'POST /api/auth/reset': { actor: 'anonymous', body: { token: 'x'.repeat(43), password: 'Another-pass-2026' } },
    'POST /api/register': { actor: 'anonymous', body: { email: 'fuzz@security.test', password: 'Register-pass-1', companyId: 'agency', locale: 'en' } },
    'POST /api/applications': {
      actor: 'anonymous',
      body: { firstName: 'Yeni', lastName: 'Aday', tiktokUsername: 'fuzz_applicant', phone: '+905320000188', code: '123456', ref: referralCode },
    },
    'GET /api/dev/outbox': { actor: 'anonymous', query: { to: '+905320000101', limit: '5' } },

    'PUT /api/me/profile': {
      actor: 'member',
      body: { firstName: 'Same', lastName: 'Person', email: fx.memberA.email, locale: 'en', invoicePreference: 'default', currentPassword: FIXTURE_PASSWORD, code: '123456' },
    },
    'GET /api/me/creators': { actor: 'member', query: { ...page, requirement: 'atRisk' } },
    'PUT /api/me/bank': { actor: 'member', body: { holderName: 'Fixture Holder', identityNumber: '10000000146', bankName: 'Bank', iban: 'TR330006100519786457841326' } },
    'PUT /api/me/password': { actor: 'member', body: { currentPassword: FIXTURE_PASSWORD, newPassword: FIXTURE_PASSWORD } },
    'DELETE /api/me/sessions/:id': { actor: 'member', params: { id: fx.a.spareSessionId } },
    'GET /api/me/notifications': { actor: 'member', query: { ...page, unread: 'true' } },
    'POST /api/me/notifications/:id/read': { actor: 'member', params: { id: fx.a.notificationId } },
    'GET /api/me/earnings': { actor: 'member', query: { period: 'all' } },
    'GET /api/me/payments/:id/invoice': { actor: 'member', params: { id: fx.a.approvedPaymentId } },
    'GET /api/me/payments/:id/invoice/state': { actor: 'member', params: { id: fx.a.approvedPaymentId } },
    'PUT /api/me/payments/:id/invoice': { actor: 'member', params: { id: fx.a.approvedPaymentId } },
    'DELETE /api/me/payments/:id/invoice': { actor: 'member', params: { id: fx.a.approvedPaymentId } },
    'GET /api/me/payments': { actor: 'member', query: { ...page, status: 'Pending', kind: 'request' } },
    'POST /api/me/payments': { actor: 'member', body: { amountCents: 5000, notes: 'A note' } },
    'POST /api/me/payments/:id/cancel': { actor: 'member', params: { id: fx.a.requestedPaymentId }, body: { reason: 'I changed my mind about it' } },
    'GET /api/me/deductions': { actor: 'member', query: page },

    'GET /api/admin/applications': { actor: 'admin', query: { ...page, status: 'pending' } },
    'POST /api/admin/applications/:id/approve': { actor: 'admin', params: { id: fx.memberB.id } },
    'POST /api/admin/applications/:id/reject': { actor: 'admin', params: { id: fx.memberB.id }, body: { reason: 'Not a fit for the agency now' } },
    'GET /api/admin/members': { actor: 'admin', query: { ...page, q: 'member', sort: '-joinedAt', status: 'active', bankStatus: 'Verified' } },
    'POST /api/admin/members': {
      actor: 'admin',
      body: { firstName: 'Made', lastName: 'ByAdmin', phone: '+905320000151', email: 'made@security.test', status: 'active', commissionRateBps: 100, referredBy: fx.memberA.id },
    },
    'GET /api/admin/members/:id': { actor: 'admin', params: { id: fx.memberA.id } },
    'PUT /api/admin/members/:id': {
      actor: 'admin',
      params: { id: fx.memberA.id },
      body: { firstName: 'member-a', lastName: 'Fixture', phone: fx.memberA.phone, email: fx.memberA.email, status: 'active', commissionRateBps: 100, referredBy: fx.memberB.id },
    },
    'DELETE /api/admin/members/:id': { actor: 'admin', params: { id: fx.memberB.id } },
    'POST /api/admin/members/:id/bank/verify': { actor: 'admin', params: { id: fx.memberA.id } },
    'GET /api/admin/members/:id/avatar': { actor: 'admin', params: { id: fx.memberA.id } },
    'GET /api/admin/members/:id/sessions': { actor: 'admin', params: { id: fx.memberA.id } },
    'POST /api/admin/members/:id/referral-code/rotate': { actor: 'admin', params: { id: fx.memberA.id } },
    'GET /api/admin/creators': {
      actor: 'admin',
      query: { ...page, q: 'creator', status: 'active', affiliateId: fx.memberA.id, requirement: 'atRisk', sort: '-diamonds' },
    },
    'POST /api/admin/creators': {
      actor: 'admin',
      body: {
        tiktokUsername: 'fuzz_creator',
        name: 'Fuzz',
        phone: '+905320000152',
        status: 'inactive',
        reason: 'Stopped going LIVE for now',
        ownerId: fx.memberA.id,
        affiliateId: fx.memberA.id,
        agencyCenterCode: 'IST-1',
        joinedAt: '2026-01-15',
      },
    },
    'GET /api/admin/creators/:id': { actor: 'admin', params: { id: fx.a.creatorId } },
    'PUT /api/admin/creators/:id': {
      actor: 'admin',
      params: { id: fx.a.creatorId },
      body: {
        tiktokUsername: 'a_only_creator',
        name: 'A creator',
        phone: '+905320000153',
        status: 'inactive',
        reason: 'Stopped going LIVE for now',
        ownerId: fx.memberA.id,
        affiliateId: fx.memberA.id,
        agencyCenterCode: 'IST-1',
        joinedAt: '2026-01-15',
      },
    },
    'DELETE /api/admin/creators/:id': { actor: 'admin', params: { id: fx.a.creatorId } },
    'DELETE /api/admin/sessions/:id': { actor: 'admin', params: { id: fx.a.spareSessionId } },
    'PUT /api/admin/settings': {
      actor: 'admin',
      body: {
        agencyName: 'Agency',
        pageTitle: 'Title',
        pageDescription: 'Description',
        contactPhone: '+90 212 555 00 00',
        contactEmail: 'info@security.test',
        contactAddress: 'İstanbul',
        supportHours: '09:00-18:00',
        invoicePrefix: 'INV-',
        invoiceFooter: 'Thank you',
        payoutTimeZone: 'Europe/Istanbul',
      },
    },
    'GET /api/admin/activity': {
      actor: 'admin',
      query: { ...page, actorId: fx.admin.id, entityType: 'user', action: 'auth.login', from: '2026-01-01', to: '2026-12-31' },
    },
    'GET /api/admin/activity/actors': { actor: 'admin', query: { q: 'admin' } },
    'GET /api/admin/uploads': { actor: 'admin', query: { ...page, period: '2026-02' } },
    'GET /api/admin/uploads/:id/file': { actor: 'admin', params: { id: id() } },
    'GET /api/admin/finance': { actor: 'admin', query: { period: 'all' } },
    'GET /api/admin/payments/:id/invoice': { actor: 'admin', params: { id: fx.a.approvedPaymentId } },
    'GET /api/admin/payments': { actor: 'admin', query: { ...page, status: 'Pending', kind: 'request', memberId: fx.memberA.id, q: 'member' } },
    'POST /api/admin/payments/:id/approve': { actor: 'admin', params: { id: fx.a.requestedPaymentId } },
    'POST /api/admin/payments/:id/paid': { actor: 'admin', params: { id: fx.a.approvedPaymentId } },
    'POST /api/admin/payments/:id/reject': { actor: 'admin', params: { id: fx.a.requestedPaymentId }, body: { reason: 'Documents are missing here' } },
    'POST /api/admin/payments/:id/unpaid': { actor: 'admin', params: { id: fx.a.approvedPaymentId }, body: { reason: 'The bank returned the money' } },
    'POST /api/admin/payments/transfer-list': { actor: 'admin', body: { ids: [fx.a.approvedPaymentId], format: 'csv' } },
    'POST /api/admin/payments/paid': { actor: 'admin', body: { ids: [fx.a.approvedPaymentId] } },
    'GET /api/admin/deductions': { actor: 'admin', query: { ...page, memberId: fx.memberA.id } },
    'POST /api/admin/deductions': { actor: 'admin', body: { memberId: fx.memberA.id, amountCents: 100, reason: 'A reason' } },
    'DELETE /api/admin/deductions/:id': { actor: 'admin', params: { id: fx.a.deductionId } },
    'POST /api/admin/notifications': { actor: 'admin', body: { title: 'Hello', message: 'A message', memberIds: [fx.memberB.id] } },
    'GET /api/admin/notifications': { actor: 'admin', query: page },
  };
}

// ---- the schemas' string fields ----

interface ZodLike {
  _zod?: { def: Record<string, unknown> & { type: string } };
}

/**
 * Paths of the fields in `schema` a caller sends as text: strings, enums and string literals in a
 * JSON body; every field of a query string or of the path (those are always text on the wire).
 */
function textFields(schema: unknown, part: 'params' | 'querystring' | 'body'): string[] {
  const found = new Set<string>();
  const visit = (node: unknown, path: string[], depth: number) => {
    const def = (node as ZodLike | undefined)?._zod?.def;
    if (!def || depth > 20) return;
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) visit(child, [...path, key], depth + 1);
        return;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        visit(def.innerType, path, depth + 1);
        return;
      case 'pipe':
        visit(def.in, path, depth + 1);
        return;
      case 'lazy':
        visit((def.getter as () => unknown)(), path, depth + 1);
        return;
      case 'union':
        for (const option of def.options as unknown[]) visit(option, path, depth + 1);
        return;
      case 'array':
        visit(def.element, [...path, '0'], depth + 1);
        return;
      case 'string':
      case 'enum':
      case 'template_literal':
        found.add(path.join('.'));
        return;
      case 'literal':
        if ((def.values as unknown[]).some((value) => typeof value === 'string')) found.add(path.join('.'));
        return;
      default:
        if (part !== 'body' && path.length > 0) found.add(path.join('.'));
    }
  };
  visit(schema, [], 0);
  return [...found].filter((path) => path !== '');
}

function withValueAt(body: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node: Record<string, unknown> | unknown[] = copy;
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    const slot = /^\d+$/.test(key) ? Number(key) : key;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[slot] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1]!);
    if (typeof container[slot] !== 'object' || container[slot] === null) container[slot] = nextIsIndex ? [] : {};
    node = container[slot] as Record<string, unknown>;
  });
  return copy;
}

function urlOf(pattern: string, params: Record<string, string>, query: Record<string, string>, raw?: { params?: [string, string]; query?: [string, string] }): string {
  let path = pattern;
  for (const [name, value] of Object.entries(params)) {
    path = path.replace(`:${name}`, raw?.params?.[0] === name ? raw.params[1] : encodeURIComponent(value));
  }
  const pairs = Object.entries(query).map(([name, value]) => `${name}=${raw?.query?.[0] === name ? raw.query[1] : encodeURIComponent(value)}`);
  if (raw?.query && !(raw.query[0] in query)) pairs.push(`${raw.query[0]}=${raw.query[1]}`);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

describe('bad strings in any field of any route: 400 with the catalogue message', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { DATA_DIR: `${tmpdir()}/agency-security-strings-${process.pid}-${Date.now()}`, RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' },
      rateLimits: { authPerMinute: 1_000_000 },
    });
    fx = await createSecurityFixture(t);
    const [memberA] = await t.db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, fx.memberA.id));
    referralCode = memberA!.referralCode;
  });
  afterAll(async () => {
    const dataDir = t.env.DATA_DIR;
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every route with text inputs has a valid request here (a new one fails until it is added)', () => {
    const known = bases();
    const missing = t.app.registeredRoutes
      .filter((route) => route.method !== 'HEAD')
      .filter((route) => {
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        return (['params', 'querystring', 'body'] as const).some((part) => schema[part] && textFields(schema[part], part).length > 0);
      })
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !known[key]);
    expect(missing).toEqual([]);
  });

  it('NUL, lone surrogates and 1 MB strings in every field: 400 VALIDATION_FAILED "Invalid input", nothing stored', async () => {
    const known = bases();
    const tokens: Record<Actor, string | null> = { anonymous: null, member: fx.memberA.token, admin: fx.admin.token };
    const failures: string[] = [];
    let sent = 0;
    for (const route of t.app.registeredRoutes) {
      const key = `${route.method} ${route.url}`;
      const base = known[key];
      if (!base || route.method === 'HEAD') continue;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const headers: Record<string, string> = tokens[base.actor] ? { accesstoken: tokens[base.actor]! } : {};
      const params = base.params ?? {};
      const query = base.query ?? {};
      for (const part of ['params', 'querystring', 'body'] as const) {
        if (!schema[part]) continue;
        for (const field of textFields(schema[part], part)) {
          for (const bad of BAD_VALUES) {
            // The router matches no path parameter longer than 100 characters (ROUTE_NOT_FOUND before
            // any handler; over HTTP, Node refuses such a request line first): not a field to fill.
            if (part === 'params' && bad.value.length > MAX_INPUT_STRING_LENGTH) continue;
            const url =
              part === 'params'
                ? urlOf(route.url, params, query, { params: [field, bad.inUrl] })
                : part === 'querystring'
                  ? urlOf(route.url, params, query, { query: [field, bad.inUrl] })
                  : urlOf(route.url, params, query);
            const payload = part === 'body' ? withValueAt(base.body ?? {}, field, bad.value) : base.body;
            const response = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: payload !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
              ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
            });
            sent += 1;
            let body: { code?: string; message?: string } = {};
            try {
              body = response.json();
            } catch {
              // reported below
            }
            if (response.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || body.message !== 'Invalid input') {
              failures.push(`${key} ${part}.${field} ${bad.label}: ${response.statusCode} ${response.body.slice(0, 160)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 180_000);

  it('names the field and the problem; the strings that are text pass', async () => {
    const url = `/api/me/profile`;
    const body = { firstName: 'A\u0000', lastName: 'Person', email: fx.memberA.email, locale: 'en', invoicePreference: 'default' };
    const refused = await t.app.inject({ method: 'PUT', url, headers: { accesstoken: fx.memberA.token }, payload: body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: true, code: 'VALIDATION_FAILED', message: 'Invalid input', details: [{ path: 'firstName', message: 'Text contains a NUL character' }] });

    const search = await t.app.inject({ method: 'GET', url: '/api/admin/members?q=%00', headers: { accesstoken: fx.admin.token } });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'q' }] });

    // Paired surrogates (emoji), Turkish letters and a string at the limit are fine.
    const fine = await t.app.inject({
      method: 'PUT',
      url,
      headers: { accesstoken: fx.memberA.token },
      payload: { ...body, firstName: 'Ayşe 🌟 İğneci' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.firstName).toBe('Ayşe 🌟 İğneci');
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: { accesstoken: fx.admin.token },
      payload: { title: 'Long', message: 'x'.repeat(MAX_INPUT_STRING_LENGTH + 1), memberIds: [fx.memberB.id] },
    });
    expect(long.statusCode).toBe(400);
  });
});
