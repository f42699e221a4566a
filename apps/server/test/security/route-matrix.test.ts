import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backstageCsv, uploadBody } from '../../src/modules/uploads/uploads-test-support.ts';
import { hashToken } from '../../src/lib/crypto.ts';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../helpers.ts';
import { multipartFile } from '../multipart.ts';
import { createSecurityFixture, FIXTURE_PASSWORD, minimalPdf, smallPng, snapshotOf, type Member, type SecurityFixture } from './fixture.ts';

/**
 * One generated matrix over every registered route: anonymous, member A, member B and the admin
 * each get the expected status; on A's records member B (and the admin on member routes) gets
 * 403/404 and A's records are unchanged. A route missing from CASES fails the test.
 */

type Actor = 'anonymous' | 'memberA' | 'memberB' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Request {
  url: string;
  body?: unknown;
  /** A multipart body (uploads). */
  multipart?: { payload: Buffer; headers: Record<string, string> };
}

interface Case {
  /** public: no sign-in; member: /api/me (any signed-in account, the permission map decides); admin: /api/admin. */
  access: 'public' | 'member' | 'admin';
  /** The status an allowed caller gets with the valid request below. */
  ok: number | number[];
  /** A member route on one of A's records: member B and the admin are refused and nothing changes. */
  ownedByA?: boolean;
  /** Status of the admin on a member route (403 when the admin role lacks the permission). */
  admin?: number | number[];
  request?: (fx: SecurityFixture, actor: Member | null) => Request | Promise<Request>;
}

let png: Buffer;
let serial = 0;
let t: TestApp;
const file = (field: string, name: string, type: string, data: Buffer) => multipartFile(field, name, type, data);

/** The order is the order of the run: calls that end sessions or delete records come late. */
const CASES: Record<string, Case> = {
  // ---- public ----
  'GET /api/health': { access: 'public', ok: 200 },
  'GET /api/settings/public': { access: 'public', ok: 200 },
  'GET /api/docs': { access: 'public', ok: [200, 302] },
  'GET /api/docs/json': { access: 'public', ok: 200 },
  'GET /api/docs/yaml': { access: 'public', ok: 200 },
  'GET /api/docs/static/index.html': { access: 'public', ok: [200, 302] },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', ok: 200 },
  'GET /api/docs/static/*': { access: 'public', ok: 200, request: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  'GET /api/dev/outbox': { access: 'public', ok: 200 },
  'POST /api/auth/otp/send': { access: 'public', ok: 200, request: () => ({ url: '/api/auth/otp/send', body: { phone: '+905320000101', purpose: 'login' } }) },
  'POST /api/auth/otp/verify': {
    access: 'public',
    ok: 200,
    request: async () => {
      const { lastCodeSentTo } = await import('../helpers.ts');
      return { url: '/api/auth/otp/verify', body: { phone: '+905320000101', code: await lastCodeSentTo(t.db, '+905320000101') } };
    },
  },
  'POST /api/auth/login': { access: 'public', ok: 200, request: (fx) => ({ url: '/api/auth/login', body: { email: fx.memberA.email, password: FIXTURE_PASSWORD } }) },
  'POST /api/auth/forgot': { access: 'public', ok: 200, request: (fx) => ({ url: '/api/auth/forgot', body: { email: fx.memberB.email } }) },
  'POST /api/auth/reset': {
    access: 'public',
    ok: 200,
    request: async () => {
      const user = await createUser(t.db, { email: 'reset-me@security.test', password: FIXTURE_PASSWORD });
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: user.email! } });
      const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=reset-me@security.test' })).json() as { data: { text: string }[] };
      const token = new URL(/(http\S+)/.exec(outbox.data[0]!.text)![1]!).searchParams.get('token')!;
      return { url: '/api/auth/reset', body: { token, password: 'Another-pass-2026' } };
    },
  },
  'POST /api/register': {
    access: 'public',
    ok: 201,
    request: () => ({ url: '/api/register', body: { email: 'new-person@security.test', password: 'Register-pass-1', companyId: 'agency' } }),
  },
  'POST /api/applications': {
    access: 'public',
    ok: 201,
    request: async () => {
      const phone = '+905320000199';
      await t.app.inject({ method: 'POST', url: '/api/auth/otp/send', payload: { phone, purpose: 'apply' } });
      const { lastCodeSentTo } = await import('../helpers.ts');
      return { url: '/api/applications', body: { firstName: 'Yeni', lastName: 'Aday', tiktokUsername: 'new_applicant_1', phone, code: await lastCodeSentTo(t.db, phone) } };
    },
  },

  // ---- admin: settings first, so the public logo exists ----
  'PUT /api/admin/settings/logo': { access: 'admin', ok: 200, request: () => ({ url: '/api/admin/settings/logo', multipart: file('file', 'logo.png', 'image/png', png) }) },
  'GET /api/settings/logo': { access: 'public', ok: 200 },
  'PUT /api/admin/settings/stamp': { access: 'admin', ok: 200, request: () => ({ url: '/api/admin/settings/stamp', multipart: file('file', 'stamp.png', 'image/png', png) }) },
  'GET /api/admin/settings/stamp': { access: 'admin', ok: 200 },
  'PUT /api/admin/settings/signature': { access: 'admin', ok: 200, request: () => ({ url: '/api/admin/settings/signature', multipart: file('file', 'sig.png', 'image/png', png) }) },
  'GET /api/admin/settings/signature': { access: 'admin', ok: 200 },
  'GET /api/admin/settings': { access: 'admin', ok: 200 },
  'PUT /api/admin/settings': { access: 'admin', ok: 200, request: () => ({ url: '/api/admin/settings', body: { referralsEnabled: true } }) },

  // ---- member scope ----
  'GET /api/me': { access: 'member', ok: 200, admin: 200 },
  'GET /api/me/profile': { access: 'member', ok: 200, admin: 200 },
  'PUT /api/me/profile': {
    access: 'member',
    ok: 200,
    admin: 200,
    request: (_fx, actor) => ({ url: '/api/me/profile', body: { firstName: 'Same', lastName: 'Person', email: actor?.email ?? 'nobody@security.test', locale: 'en', invoicePreference: 'default' } }),
  },
  'PUT /api/me/avatar': { access: 'member', ok: 200, admin: 200, request: () => ({ url: '/api/me/avatar', multipart: file('file', 'me.png', 'image/png', png) }) },
  'GET /api/me/avatar': { access: 'member', ok: 200, admin: 200 },
  'GET /api/me/creators': { access: 'member', ok: 200, admin: 403 },
  'PUT /api/me/bank': {
    access: 'member',
    ok: 200,
    admin: 403,
    request: () => ({ url: '/api/me/bank', body: { holderName: 'Fixture Holder', identityNumber: '10000000146', bankName: 'Bank', iban: 'TR330006100519786457841326' } }),
  },
  'GET /api/me/sessions': { access: 'member', ok: 200, admin: 200 },
  'GET /api/me/notifications': { access: 'member', ok: 200, admin: 403 },
  'POST /api/me/notifications/:id/read': { access: 'member', ok: 200, ownedByA: true, admin: 403, request: (fx) => ({ url: `/api/me/notifications/${fx.a.notificationId}/read` }) },
  'GET /api/me/summary': { access: 'member', ok: 200, admin: 403 },
  'GET /api/me/forecast': { access: 'member', ok: 200, admin: 403 },
  'GET /api/me/earnings': { access: 'member', ok: 200, admin: 403 },
  'GET /api/me/payments': { access: 'member', ok: 200, admin: 403 },
  'GET /api/me/deductions': { access: 'member', ok: 200, admin: 403 },
  'GET /api/me/payments/:id/invoice/state': { access: 'member', ok: 200, ownedByA: true, admin: 403, request: (fx) => ({ url: `/api/me/payments/${fx.a.approvedPaymentId}/invoice/state` }) },
  'GET /api/me/payments/:id/invoice': { access: 'member', ok: 200, ownedByA: true, admin: 403, request: (fx) => ({ url: `/api/me/payments/${fx.a.approvedPaymentId}/invoice` }) },
  'PUT /api/me/payments/:id/invoice': {
    access: 'member',
    ok: 200,
    ownedByA: true,
    admin: 403,
    request: (fx) => ({ url: `/api/me/payments/${fx.a.approvedPaymentId}/invoice`, multipart: file('file', 'invoice.pdf', 'application/pdf', minimalPdf()) }),
  },
  'DELETE /api/me/payments/:id/invoice': { access: 'member', ok: 200, ownedByA: true, admin: 403, request: (fx) => ({ url: `/api/me/payments/${fx.a.approvedPaymentId}/invoice` }) },
  'POST /api/me/payments/:id/cancel': {
    access: 'member',
    ok: 200,
    ownedByA: true,
    admin: 403,
    request: (fx) => ({ url: `/api/me/payments/${fx.a.requestedPaymentId}/cancel`, body: { reason: 'I changed my mind about it' } }),
  },
  'POST /api/me/payments': { access: 'member', ok: 201, admin: 403, request: () => ({ url: '/api/me/payments', body: { amountCents: 5000, notes: 'matrix' } }) },
  'DELETE /api/me/sessions/:id': { access: 'member', ok: 200, ownedByA: true, admin: 404, request: (fx) => ({ url: `/api/me/sessions/${fx.a.spareSessionId}` }) },
  'PUT /api/me/password': {
    access: 'member',
    ok: 200,
    admin: 200,
    request: () => ({ url: '/api/me/password', body: { currentPassword: FIXTURE_PASSWORD, newPassword: FIXTURE_PASSWORD } }),
  },

  // ---- admin scope ----
  'GET /api/admin/applications': { access: 'admin', ok: 200 },
  'POST /api/admin/applications/:id/approve': {
    access: 'admin',
    ok: 200,
    request: async () => ({ url: `/api/admin/applications/${(await createUser(t.db, { status: 'pending' })).id}/approve` }),
  },
  'POST /api/admin/applications/:id/reject': {
    access: 'admin',
    ok: 200,
    request: async () => ({ url: `/api/admin/applications/${(await createUser(t.db, { status: 'pending' })).id}/reject`, body: { reason: 'Not a fit for the agency now' } }),
  },
  'GET /api/admin/members': { access: 'admin', ok: 200 },
  'POST /api/admin/members': { access: 'admin', ok: 201, request: () => ({ url: '/api/admin/members', body: { firstName: 'Made', lastName: 'ByAdmin', phone: '+905320000150' } }) },
  'GET /api/admin/members/:id': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/members/${fx.memberA.id}` }) },
  'PUT /api/admin/members/:id': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/members/${fx.memberA.id}`, body: { firstName: 'member-a' } }) },
  'POST /api/admin/members/:id/bank/verify': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/members/${fx.memberA.id}/bank/verify` }) },
  'GET /api/admin/members/:id/avatar': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/members/${fx.memberA.id}/avatar` }) },
  'GET /api/admin/members/:id/sessions': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/members/${fx.memberA.id}/sessions` }) },
  'POST /api/admin/members/:id/referral-code/rotate': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/members/${fx.memberB.id}/referral-code/rotate` }) },
  'GET /api/admin/creators': { access: 'admin', ok: 200 },
  'POST /api/admin/creators': { access: 'admin', ok: 201, request: () => ({ url: '/api/admin/creators', body: { tiktokUsername: 'made_by_admin', name: 'Made' } }) },
  'GET /api/admin/creators/:id': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/creators/${fx.a.creatorId}` }) },
  'PUT /api/admin/creators/:id': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/creators/${fx.a.creatorId}`, body: { name: 'A creator' } }) },
  'GET /api/admin/activity': { access: 'admin', ok: 200 },
  'GET /api/admin/activity/actors': { access: 'admin', ok: 200 },
  'GET /api/admin/activity/entity-types': { access: 'admin', ok: 200 },
  'GET /api/admin/export.xlsx': { access: 'admin', ok: 200 },
  'GET /api/admin/backup': { access: 'admin', ok: 200 },
  'POST /api/admin/uploads': {
    access: 'admin',
    ok: 200,
    request: () => ({ url: '/api/admin/uploads', multipart: uploadBody({ name: 'data.csv', data: backstageCsv([['a_only_creator', 1000, 1, 2]]), asOf: '2026-02-15', dryRun: true }) }),
  },
  'GET /api/admin/uploads': { access: 'admin', ok: 200 },
  'GET /api/admin/uploads/sample.xlsx': { access: 'admin', ok: 200 },
  'GET /api/admin/uploads/:id/file': {
    access: 'admin',
    ok: 200,
    // A committed import (a month no other case reads) keeps its file: download that one.
    request: async (fx) => {
      const { payload, headers } = uploadBody({ name: 'kept.csv', data: backstageCsv([['a_only_creator', 1000, 1, 2]]), asOf: '2020-01-15', dryRun: false });
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/uploads', payload, headers: { ...headers, accesstoken: fx.admin.token } });
      const uploadId = (response.json() as { data: { uploadId: string } }).data.uploadId;
      return { url: `/api/admin/uploads/${uploadId}/file` };
    },
  },
  'GET /api/admin/dashboard': { access: 'admin', ok: 200 },
  'GET /api/admin/forecasts': { access: 'admin', ok: 200 },
  'GET /api/admin/finance': { access: 'admin', ok: 200 },
  'GET /api/admin/payments': { access: 'admin', ok: 200 },
  'GET /api/admin/payments/runs': { access: 'admin', ok: 200 },
  'GET /api/admin/payments/:id/invoice': { access: 'admin', ok: 200, request: (fx) => ({ url: `/api/admin/payments/${fx.a.approvedPaymentId}/invoice` }) },
  'POST /api/admin/payments/auto-run': { access: 'admin', ok: 200, request: () => ({ url: '/api/admin/payments/auto-run', body: {} }) },
  'POST /api/admin/payments/:id/approve': { access: 'admin', ok: 200, request: async (fx) => ({ url: `/api/admin/payments/${await paymentOfB(fx, 'Waiting Approval')}/approve` }) },
  'POST /api/admin/payments/:id/reject': {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ url: `/api/admin/payments/${await paymentOfB(fx, 'Waiting Approval')}/reject`, body: { reason: 'Documents are missing here' } }),
  },
  'POST /api/admin/payments/:id/paid': { access: 'admin', ok: 200, request: async (fx) => ({ url: `/api/admin/payments/${await paymentOfB(fx, 'Approved')}/paid` }) },
  'POST /api/admin/payments/:id/unpaid': {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ url: `/api/admin/payments/${await paymentOfB(fx, 'Approved')}/unpaid`, body: { reason: 'The bank returned the money' } }),
  },
  'POST /api/admin/payments/transfer-list': {
    access: 'admin',
    ok: 200,
    request: async (fx) => {
      // B changed the bank details earlier in the run (PUT /api/me/bank): verified again, as an admin would.
      const { bankDetails } = await import('../../src/db/schema.ts');
      const { eq } = await import('drizzle-orm');
      await t.db.update(bankDetails).set({ verifiedAt: new Date('2026-01-02T00:00:00Z') }).where(eq(bankDetails.userId, fx.memberB.id));
      return { url: '/api/admin/payments/transfer-list', body: { ids: [await paymentOfB(fx, 'Approved')], format: 'csv' } };
    },
  },
  'POST /api/admin/payments/paid': {
    access: 'admin',
    ok: 200,
    request: async (fx) => ({ url: '/api/admin/payments/paid', body: { ids: [await paymentOfB(fx, 'Approved'), await paymentOfB(fx, 'Approved')] } }),
  },
  'GET /api/admin/deductions': { access: 'admin', ok: 200 },
  'POST /api/admin/deductions': { access: 'admin', ok: 201, request: (fx) => ({ url: '/api/admin/deductions', body: { memberId: fx.memberB.id, amountCents: 100, reason: 'Matrix' } }) },
  'DELETE /api/admin/deductions/:id': {
    access: 'admin',
    ok: 200,
    request: async (fx) => {
      const { deductions } = await import('../../src/db/schema.ts');
      const [row] = await t.db.insert(deductions).values({ memberId: fx.memberB.id, amountCents: 100 }).returning();
      return { url: `/api/admin/deductions/${row!.id}` };
    },
  },
  'POST /api/admin/notifications': { access: 'admin', ok: 201, request: (fx) => ({ url: '/api/admin/notifications', body: { title: 'Hello', message: 'To B', memberIds: [fx.memberB.id] } }) },
  'GET /api/admin/notifications': { access: 'admin', ok: 200 },
  'DELETE /api/admin/settings/stamp': { access: 'admin', ok: 200 },
  'DELETE /api/admin/settings/signature': { access: 'admin', ok: 200 },
  'DELETE /api/admin/sessions/:id': {
    access: 'admin',
    ok: 200,
    request: async (fx) => {
      const spare = await signInWithPassword(t.app, fx.memberB.email, FIXTURE_PASSWORD);
      const { sessions } = await import('../../src/db/schema.ts');
      const { eq } = await import('drizzle-orm');
      const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(spare)));
      return { url: `/api/admin/sessions/${row!.id}` };
    },
  },
  'DELETE /api/admin/creators/:id': {
    access: 'admin',
    ok: 200,
    request: async () => {
      const { creators } = await import('../../src/db/schema.ts');
      const [row] = await t.db.insert(creators).values({ tiktokUsername: `to_be_deleted_${(serial += 1)}`, status: 'active' }).returning();
      return { url: `/api/admin/creators/${row!.id}` };
    },
  },
  'DELETE /api/admin/members/:id': { access: 'admin', ok: 200, request: async () => ({ url: `/api/admin/members/${(await createUser(t.db, {})).id}` }) },

  // ---- last: signs the caller out ----
  'POST /api/auth/logout': { access: 'member', ok: 200, admin: 200 },
};

async function paymentOfB(fx: SecurityFixture, status: 'Waiting Approval' | 'Approved'): Promise<string> {
  const { payments } = await import('../../src/db/schema.ts');
  const [row] = await t.db
    .insert(payments)
    .values({ memberId: fx.memberB.id, amountCents: 5000, grossCents: 5000, deductionsCents: 0, status, kind: 'request', periods: ['2026-02'] })
    .returning();
  return row!.id;
}

function registeredKeys(app: TestApp['app']): string[] {
  const keys = new Set<string>();
  for (const route of app.registeredRoutes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    keys.add(`${route.method} ${route.url}`);
  }
  return [...keys].sort();
}

async function send(method: Method, request: Request, token: string | null) {
  const headers: Record<string, string> = { ...(request.multipart?.headers ?? {}) };
  if (token) headers.accesstoken = token;
  const response = await t.app.inject({
    method,
    url: request.url,
    headers,
    ...(request.multipart ? { payload: request.multipart.payload } : request.body !== undefined ? { payload: request.body as object } : {}),
  });
  return { status: response.statusCode, text: response.body };
}

describe('route matrix: every route, four callers', () => {
  let fx: SecurityFixture;

  beforeAll(async () => {
    png = await smallPng();
    t = await createTestApp({ env: { DATA_DIR: `${(await import('node:os')).tmpdir()}/agency-security-matrix-${process.pid}-${Date.now()}` } });
    fx = await createSecurityFixture(t);
  });
  afterAll(async () => {
    const dataDir = t.env.DATA_DIR;
    await t.close();
    (await import('node:fs')).rmSync(dataDir, { recursive: true, force: true });
  });

  it('classifies every registered route (a new route fails here until it is added to the matrix)', () => {
    expect(registeredKeys(t.app)).toEqual(Object.keys(CASES).sort());
  });

  it('each caller gets the expected answer; member B and the admin never change A’s records', async () => {
    const failures: string[] = [];
    const expectStatus = (label: string, actual: { status: number; text: string }, expected: number | number[]) => {
      const allowed = [expected].flat();
      if (!allowed.includes(actual.status)) failures.push(`${label}: ${actual.status} (expected ${allowed.join('/')}) ${actual.text.slice(0, 200)}`);
    };
    const tokenOf: Record<Exclude<Actor, 'anonymous'>, Member> = { memberA: fx.memberA, memberB: fx.memberB, admin: fx.admin };

    for (const [key, spec] of Object.entries(CASES)) {
      const [method, pattern] = key.split(' ') as [Method, string];
      const build = (actor: Member | null) => (spec.request ? spec.request(fx, actor) : { url: pattern });

      if (spec.access === 'public') {
        expectStatus(`${key} anonymous`, await send(method, await build(null), null), spec.ok);
        continue;
      }

      // Anonymous and forged tokens: 401 before anything else.
      expectStatus(`${key} anonymous`, await send(method, await build(null), null), 401);
      expectStatus(`${key} forged token`, await send(method, await build(null), 'forged-token'), 401);

      if (spec.access === 'admin') {
        // One request (with its records made once) for every caller.
        const request = await build(fx.admin);
        const before = [await snapshotOf(t, fx.memberA.id), await snapshotOf(t, fx.memberB.id)];
        expectStatus(`${key} member A`, await send(method, request, fx.memberA.token), 403);
        expectStatus(`${key} member B`, await send(method, request, fx.memberB.token), 403);
        const after = [await snapshotOf(t, fx.memberA.id), await snapshotOf(t, fx.memberB.id)];
        if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${key}: a refused member call changed records`);
        expectStatus(`${key} admin`, await send(method, request, fx.admin.token), spec.ok);
        continue;
      }

      // Member routes. On A's records: B and the admin first, with A's records compared.
      const others: Exclude<Actor, 'anonymous' | 'memberA'>[] = ['memberB', 'admin'];
      for (const actor of others) {
        const who = tokenOf[actor];
        const expected = actor === 'admin' ? (spec.admin ?? spec.ok) : spec.ownedByA ? [403, 404] : spec.ok;
        if (spec.ownedByA || (actor === 'admin' && spec.admin === 403)) {
          const before = await snapshotOf(t, fx.memberA.id);
          expectStatus(`${key} ${actor}`, await send(method, await build(who), who.token), spec.ownedByA && actor === 'admin' ? [403, 404] : expected);
          if (JSON.stringify(await snapshotOf(t, fx.memberA.id)) !== JSON.stringify(before)) failures.push(`${key} ${actor}: A's records changed`);
        } else if (key !== 'POST /api/auth/logout') {
          expectStatus(`${key} ${actor}`, await send(method, await build(who), who.token), expected);
        }
      }
      expectStatus(`${key} member A`, await send(method, await build(fx.memberA), fx.memberA.token), spec.ok);
    }
    expect(failures).toEqual([]);
    // Every route times every caller (several hundred requests, each snapshotting A's records):
    // more than the default 30 s on a busy two-core machine.
  }, 180_000);

  it('member B’s lists never show A’s payments, deductions, notifications, sessions or creators', async () => {
    const token = await signInWithPassword(t.app, fx.memberB.email, FIXTURE_PASSWORD);
    for (const url of ['/api/me/payments', '/api/me/deductions', '/api/me/notifications', '/api/me/sessions', '/api/me/creators', '/api/me/earnings', '/api/me/summary']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accesstoken: token } });
      expect(response.statusCode, url).toBe(200);
      for (const id of [fx.a.requestedPaymentId, fx.a.approvedPaymentId, fx.a.deductionId, fx.a.notificationId, fx.a.spareSessionId, fx.a.creatorId, 'a_only_creator', 'For A only']) {
        expect(response.body.includes(id), `${url} shows ${id}`).toBe(false);
      }
    }
  });
});
