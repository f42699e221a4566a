import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../helpers.ts';
import { uploadFile } from '../multipart.ts';

const PASSWORD = 'Error-answers-pass-1';

/** What an error answer must never show: stack frames, paths, modules, SQL, driver texts. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>]+ \(|\bat (file:|\/|node:)/],
  ['file path', /\/(work|home|usr|tmp|app|src)\/|[A-Z]:\\|\.(ts|js|mjs|cjs):\d+/],
  ['node_modules', /node_modules/],
  ['select', /\bselect\b[\s\S]*\bfrom\b/i],
  ['insert', /\binsert\s+into\b/i],
  ['update', /\bupdate\s+"?\w+"?\s+set\b/i],
  ['delete', /\bdelete\s+from\b/i],
  ['duplicate key', /duplicate key/i],
  ['violates', /violates/i],
  ['relation', /relation "|does not exist/i],
  ['driver', /Failed query|PGlite|pg_|ECONNREFUSED|SQLSTATE|syntax error|constraint|drizzle|TypeError|ReferenceError|Cannot read properties/i],
];

function leaksIn(text: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

interface Probe {
  label: string;
  status: number;
  text: string;
}

function expectCleanEnvelope(probe: Probe, status: number) {
  expect(probe.status, probe.label).toBe(status);
  const body = JSON.parse(probe.text) as Record<string, unknown>;
  expect(body.error, probe.label).toBe(true);
  expect(typeof body.code, probe.label).toBe('string');
  expect(Object.keys(body).every((key) => ['error', 'code', 'message', 'details', 'data'].includes(key)), probe.label).toBe(true);
  expect(body.stack, probe.label).toBeUndefined();
  expect(leaksIn(probe.text), `${probe.label}: ${probe.text}`).toEqual([]);
}

describe('error answers carry no internals', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { email: 'admin@errors.test', password: PASSWORD, role: 'admin' });
    await createUser(t.db, { email: 'member@errors.test', password: PASSWORD, phone: '+905321110000' });
    adminToken = await signInWithPassword(t.app, 'admin@errors.test', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@errors.test', PASSWORD);
  });
  afterAll(() => t.close());

  const probe = async (label: string, options: InjectOptions): Promise<Probe> => {
    const response = await t.app.inject(options);
    return { label, status: response.statusCode, text: response.body };
  };

  it('the check finds what it looks for', () => {
    expect(leaksIn('Error: x\n    at Object.<anonymous> (/work/app/src/x.ts:1:2)')).toEqual(expect.arrayContaining(['stack frame', 'file path']));
    expect(leaksIn('Failed query: select "id" from "users" where 1')).toEqual(expect.arrayContaining(['select', 'driver']));
    expect(leaksIn('duplicate key value violates unique constraint "x"')).toEqual(expect.arrayContaining(['duplicate key', 'violates']));
    expect(leaksIn('{"error":true,"code":"IMAGE_TYPE_INVALID","message":"Please select a PNG or JPG image"}')).toEqual([]);
  });

  it('400, 404, 409, 413 and 415 answers are clean envelopes', async () => {
    const admin = { accesstoken: adminToken };
    expectCleanEnvelope(await probe('400 validation', { method: 'POST', url: '/api/auth/login', payload: { email: 'nope', password: 3 } }), 400);
    expectCleanEnvelope(await probe('400 bad uuid', { method: 'GET', url: "/api/admin/members/1'%20or%201=1--", headers: admin }), 400);
    expectCleanEnvelope(await probe('400 bad query', { method: 'GET', url: '/api/admin/members?page=-1&pageSize=10000', headers: admin }), 400);
    expectCleanEnvelope(await probe('400 malformed json', { method: 'POST', url: '/api/auth/login', payload: '{"a":', headers: { 'content-type': 'application/json' } }), 400);
    expectCleanEnvelope(await probe('404 record', { method: 'GET', url: '/api/admin/members/00000000-0000-4000-8000-000000000000', headers: admin }), 404);
    expectCleanEnvelope(await probe('404 route', { method: 'GET', url: '/api/does/not/exist' }), 404);
    expectCleanEnvelope(await probe('404 method', { method: 'DELETE', url: '/api/health' }), 404);

    const creator = { tiktokUsername: 'dup_creator', name: 'Dup' };
    expect((await probe('create', { method: 'POST', url: '/api/admin/creators', payload: creator, headers: admin })).status).toBe(201);
    expectCleanEnvelope(await probe('409 duplicate creator', { method: 'POST', url: '/api/admin/creators', payload: creator, headers: admin }), 409);
    expectCleanEnvelope(
      await probe('409 duplicate phone', { method: 'POST', url: '/api/admin/members', payload: { firstName: 'A', lastName: 'B', phone: '+905321110000' }, headers: admin }),
      409,
    );
    expectCleanEnvelope(
      await probe('413', { method: 'POST', url: '/api/auth/login', payload: `{"email":"${'a'.repeat(1_100_000)}"}`, headers: { 'content-type': 'application/json' } }),
      413,
    );
    expectCleanEnvelope(await probe('415 body type', { method: 'POST', url: '/api/auth/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } }), 415);
    const upload = await uploadFile(t.app, '/api/me/avatar', memberToken, { name: 'x.png', type: 'image/png', data: Buffer.from('<svg/>') });
    expectCleanEnvelope({ label: '415 upload', status: upload.status, text: JSON.stringify(upload.body) }, 415);
  });

  it('500: a service whose table is gone, and a closed database, answer INTERNAL without SQL or stack', async () => {
    const broken = await createTestApp();
    try {
      await createUser(broken.db, { email: 'admin@broken.test', password: PASSWORD, role: 'admin' });
      await createUser(broken.db, { email: 'member@broken.test', password: PASSWORD });
      const admin = await signInWithPassword(broken.app, 'admin@broken.test', PASSWORD);
      const member = await signInWithPassword(broken.app, 'member@broken.test', PASSWORD);
      await broken.db.execute(sql`drop table "notification_recipients" cascade`);
      await broken.db.execute(sql`drop table "creators" cascade`);
      const cases: [string, InjectOptions][] = [
        ['notifications', { method: 'GET', url: '/api/me/notifications', headers: { accesstoken: member } }],
        ['creators list', { method: 'GET', url: '/api/admin/creators', headers: { accesstoken: admin } }],
        ['creator insert', { method: 'POST', url: '/api/admin/creators', payload: { tiktokUsername: 'gone_table' }, headers: { accesstoken: admin } }],
      ];
      for (const [label, options] of cases) {
        const response = await broken.app.inject(options);
        expectCleanEnvelope({ label, status: response.statusCode, text: response.body }, 500);
        expect(response.json(), label).toEqual({ error: true, code: 'INTERNAL', message: expect.any(String) });
      }

      await broken.database.close();
      const closedCases: [string, InjectOptions][] = [
        ['closed: me', { method: 'GET', url: '/api/me', headers: { accesstoken: member } }],
        ['closed: login', { method: 'POST', url: '/api/auth/login', payload: { email: 'member@broken.test', password: PASSWORD } }],
      ];
      for (const [label, options] of closedCases) {
        const response = await broken.app.inject(options);
        expect(response.statusCode, label).toBeGreaterThanOrEqual(500);
        expectCleanEnvelope({ label, status: response.statusCode, text: response.body }, response.statusCode);
      }
    } finally {
      await broken.app.close();
      await broken.database.close().catch(() => {});
    }
  });
});
