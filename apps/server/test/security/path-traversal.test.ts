import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFiles, settings, users } from '../../src/db/schema.ts';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../helpers.ts';
import { uploadFile } from '../multipart.ts';
import { minimalPdf, smallPng } from './fixture.ts';
import { insertPayment } from '../../src/modules/invoices/invoice-test-support.ts';

const PASSWORD = 'Traversal-pass-1';
const SECRET = 'TOP-SECRET-OUTSIDE-THE-DIST-7f3a';
const HOSTILE_NAMES = ['../../etc/passwd', '..\\..\\x', '../../../../tmp/evil.png', '/etc/passwd', 'C:\\Windows\\win.ini', '..%2f..%2fevil', 'a/../../b'];

/** Every file under `dir`, relative to it. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

const STORED_KEY = /^(avatars|logos|stamps|signatures|invoices)\/[0-9a-f-]{36}\.(png|jpg|pdf)$/;

describe('file names in uploads never decide where a file is stored', () => {
  let t: TestApp;
  let root: string;
  let memberToken: string;
  let adminToken: string;
  let memberId: string;
  let png: Buffer;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'agency-traversal-'));
    t = await createTestApp({ env: { DATA_DIR: join(root, 'data') } });
    memberId = (await createUser(t.db, { email: 'm@traversal.test', password: PASSWORD })).id;
    await createUser(t.db, { email: 'a@traversal.test', password: PASSWORD, role: 'admin' });
    memberToken = await signInWithPassword(t.app, 'm@traversal.test', PASSWORD);
    adminToken = await signInWithPassword(t.app, 'a@traversal.test', PASSWORD);
    png = await smallPng();
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('avatar, logo, stamp and signature under hostile names land under server-made keys inside DATA_DIR/uploads', async () => {
    for (const name of HOSTILE_NAMES) {
      const avatar = await uploadFile(t.app, '/api/me/avatar', memberToken, { name, type: 'image/png', data: png });
      expect(avatar.status, name).toBe(200);
      const [user] = await t.db.select().from(users).where(eq(users.id, memberId));
      expect(user!.avatarKey, name).toMatch(STORED_KEY);
      expect(user!.avatarKey).not.toContain('..');
      for (const kind of ['logo', 'stamp', 'signature'] as const) {
        const response = await uploadFile(t.app, `/api/admin/settings/${kind}`, adminToken, { name, type: 'image/png', data: png });
        expect(response.status, `${kind} ${name}`).toBe(200);
      }
      const [row] = await t.db.select().from(settings);
      for (const key of [row!.logoKey, row!.stampKey, row!.signatureKey]) expect(key, name).toMatch(STORED_KEY);
    }
    // Nothing was written anywhere but DATA_DIR/uploads/<folder>/<uuid>.<ext>.
    for (const file of listFiles(root)) {
      if (file.startsWith(join('data', 'uploads'))) expect(relative(join('data', 'uploads'), file)).toMatch(STORED_KEY);
      else expect(file.startsWith('data')).toBe(true);
    }
    expect(listFiles(root).some((file) => /passwd|win\.ini|evil|(^|[\\/])x$|(^|[\\/])b$/.test(file))).toBe(false);
  });

  it('an invoice under a hostile name is stored under a server-made key', async () => {
    for (const name of ['../../etc/passwd.pdf', '..\\..\\x.pdf', '../../../tmp/evil.pdf']) {
      const payment = await insertPayment(t.db, { memberId, status: 'Approved' });
      const response = await uploadFile(t.app, `/api/me/payments/${payment.id}/invoice`, memberToken, { name, type: 'application/pdf', data: minimalPdf() });
      expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(200);
      const [file] = await t.db.select().from(invoiceFiles).where(eq(invoiceFiles.paymentId, payment.id));
      expect(file!.storageKey, name).toMatch(STORED_KEY);
    }
    expect(listFiles(root).filter((file) => !file.startsWith(join('data', 'uploads')) && !file.startsWith('data'))).toEqual([]);
    expect(listFiles(root).some((file) => /passwd|evil|(^|[\\/])x\.pdf$/.test(file))).toBe(false);
  });
});

/** One raw HTTP/1.1 GET over a socket: the path goes out byte for byte, as a hostile client sends it. */
function rawGet(port: number, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

describe('static paths never leave the web dist', () => {
  let t: TestApp;
  let root: string;
  let port: number;

  beforeAll(async () => {
    // root/secret.txt and root/package.json sit beside the dist, root/web/assets/.. inside it.
    root = mkdtempSync(join(tmpdir(), 'agency-static-traversal-'));
    mkdirSync(join(root, 'web', 'assets'), { recursive: true });
    writeFileSync(join(root, 'web', 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body>APP-SHELL</body></html>');
    writeFileSync(join(root, 'web', 'assets', 'app.js'), 'console.log("app")');
    writeFileSync(join(root, 'secret.txt'), SECRET);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: SECRET }));
    mkdirSync(join(root, 'etc'));
    writeFileSync(join(root, 'etc', 'passwd'), SECRET);
    t = await createTestApp({ env: { WEB_DIST_DIR: join(root, 'web') } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the real files (the probe works)', async () => {
    expect((await rawGet(port, '/assets/app.js')).text).toContain('console.log("app")');
    expect((await rawGet(port, '/some/page')).text).toContain('APP-SHELL');
  });

  it.each([
    '/..%2f..%2fetc/passwd',
    '/..%2fsecret.txt',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/secret.txt',
    '/assets/../../package.json',
    '/assets/../secret.txt',
    '/../secret.txt',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/%2E%2E/%2E%2E/secret.txt',
    '/..\\..\\secret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/assets/%c0%ae%c0%ae/secret.txt',
    '/./../secret.txt',
    '/assets/app.js/../../../secret.txt',
    '/api/../../secret.txt',
  ])('%s does not return a file outside the dist', async (path) => {
    const response = await rawGet(port, path);
    expect(response.status, path).toBeGreaterThan(0);
    expect(response.text, path).not.toContain(SECRET);
  });
});
