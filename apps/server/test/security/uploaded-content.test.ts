import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFiles, settings, users } from '../../src/db/schema.ts';
import { countStoredFiles, insertPayment } from '../../src/modules/invoices/invoice-test-support.ts';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../helpers.ts';
import { uploadFile } from '../multipart.ts';
import { minimalPdf, smallPng } from './fixture.ts';

const PASSWORD = 'Uploaded-content-pass-1';
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/me").then(r=>r.text()).then(alert)</script></body></html>');

/** SVG and HTML under honest names and disguised as pictures or PDFs. */
const HOSTILE = [
  { label: 'svg as .svg', name: 'x.svg', type: 'image/svg+xml', data: SVG },
  { label: 'svg as .png image/png', name: 'x.png', type: 'image/png', data: SVG },
  { label: 'svg as .pdf application/pdf', name: 'x.pdf', type: 'application/pdf', data: SVG },
  { label: 'html as .html', name: 'x.html', type: 'text/html', data: HTML },
  { label: 'html as .png image/png', name: 'x.png', type: 'image/png', data: HTML },
  { label: 'html as .jpg image/jpeg', name: 'x.jpg', type: 'image/jpeg', data: HTML },
  { label: 'html as .pdf application/pdf', name: 'x.pdf', type: 'application/pdf', data: HTML },
  { label: 'html after a PNG signature', name: 'x.png', type: 'image/png', data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML]) },
];

describe('uploaded HTML or SVG is never stored or served', () => {
  let t: TestApp;
  let root: string;
  let memberId: string;
  let memberToken: string;
  let adminToken: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'agency-uploaded-content-'));
    t = await createTestApp({ env: { DATA_DIR: root } });
    memberId = (await createUser(t.db, { email: 'm@content.test', password: PASSWORD })).id;
    await createUser(t.db, { email: 'a@content.test', password: PASSWORD, role: 'admin' });
    memberToken = await signInWithPassword(t.app, 'm@content.test', PASSWORD);
    adminToken = await signInWithPassword(t.app, 'a@content.test', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(HOSTILE)('$label is refused by content (415) as avatar, logo, stamp, signature and invoice', async (file) => {
    const avatar = await uploadFile(t.app, '/api/me/avatar', memberToken, file);
    expect(avatar.status).toBe(415);
    expect(avatar.body).toMatchObject({ error: true, code: 'IMAGE_TYPE_INVALID' });
    for (const kind of ['logo', 'stamp', 'signature']) {
      const response = await uploadFile(t.app, `/api/admin/settings/${kind}`, adminToken, file);
      expect(response.status, kind).toBe(415);
      expect(response.body, kind).toMatchObject({ error: true, code: 'IMAGE_TYPE_INVALID' });
    }
    const payment = await insertPayment(t.db, { memberId, status: 'Approved' });
    const invoice = await uploadFile(t.app, `/api/me/payments/${payment.id}/invoice`, memberToken, file);
    expect(invoice.status).toBe(415);
    expect(invoice.body).toMatchObject({ error: true, code: 'FILE_TYPE_INVALID' });
    expect(await t.db.select().from(invoiceFiles).where(eq(invoiceFiles.paymentId, payment.id))).toEqual([]);

    const [user] = await t.db.select().from(users).where(eq(users.id, memberId));
    expect(user!.avatarKey).toBeNull();
    const [row] = await t.db.select().from(settings);
    expect([row?.logoKey ?? null, row?.stampKey ?? null, row?.signatureKey ?? null]).toEqual([null, null, null]);
    for (const folder of ['avatars', 'logos', 'stamps', 'signatures', 'invoices']) expect(countStoredFiles(root, folder), folder).toBe(0);
  });

  it('every file the API serves: nosniff, a safe type; downloads as attachments', async () => {
    const png = await smallPng();
    expect((await uploadFile(t.app, '/api/me/avatar', memberToken, { name: 'a.png', type: 'image/png', data: png })).status).toBe(200);
    for (const kind of ['logo', 'stamp', 'signature']) {
      expect((await uploadFile(t.app, `/api/admin/settings/${kind}`, adminToken, { name: 'a.png', type: 'image/png', data: png })).status).toBe(200);
    }
    const custom = await insertPayment(t.db, { memberId, status: 'Approved' });
    // A PDF that carries HTML inside: accepted as a PDF, but only ever served as a PDF download.
    const polyglot = Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML, Buffer.from('\n'), minimalPdf().subarray(9)]);
    const uploaded = await uploadFile(t.app, `/api/me/payments/${custom.id}/invoice`, memberToken, { name: 'p.pdf', type: 'application/pdf', data: polyglot });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const generated = await insertPayment(t.db, { memberId, status: 'Approved' });

    const pictures = [
      { url: '/api/me/avatar', token: memberToken },
      { url: `/api/admin/members/${memberId}/avatar`, token: adminToken },
      { url: '/api/settings/logo', token: null },
      { url: '/api/admin/settings/stamp', token: adminToken },
      { url: '/api/admin/settings/signature', token: adminToken },
    ];
    const downloads = [
      { url: `/api/me/payments/${custom.id}/invoice`, token: memberToken, type: /^application\/pdf$/ },
      { url: `/api/admin/payments/${custom.id}/invoice`, token: adminToken, type: /^application\/pdf$/ },
      { url: `/api/me/payments/${generated.id}/invoice`, token: memberToken, type: /^application\/pdf$/ },
      { url: '/api/admin/export.xlsx', token: adminToken, type: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/ },
      { url: '/api/admin/uploads/sample.xlsx', token: adminToken, type: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/ },
      { url: '/api/admin/backup', token: adminToken, type: /^application\/json/ },
    ];
    for (const { url, token } of pictures) {
      const response = await t.app.inject({ method: 'GET', url, headers: token ? { accesstoken: token } : {} });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-type']), url).toMatch(/^image\/(png|jpeg)$/);
      expect(response.rawPayload.subarray(0, 8).equals(png.subarray(0, 8)), url).toBe(true);
    }
    for (const { url, token, type } of downloads) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accesstoken: token } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-type']), url).toMatch(type);
      expect(String(response.headers['content-disposition']), url).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"$/);
    }
    // JSON answers and the docs carry nosniff too.
    for (const url of ['/api/health', '/api/settings/public', '/api/docs/json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
