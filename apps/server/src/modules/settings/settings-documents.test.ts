import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { uploadFile } from '../../../test/multipart.ts';
import { activityLog, settings } from '../../db/schema.ts';

const PASSWORD = 'Admin!2026test';

function storedFiles(dataDir: string, folder: string): string[] {
  const path = join(dataDir, 'uploads', folder);
  return existsSync(path) ? readdirSync(path) : [];
}

describe('document settings, stamp and signature', () => {
  let t: TestApp;
  let dataDir: string;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'agency-documents-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    await createUser(t.db, { role: 'admin', email: 'admin@example.com', password: PASSWORD });
    await createUser(t.db, { email: 'member@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  it('GET shows the numbering defaults, footer, payout time zone and no stamp or signature', async () => {
    const response = await call(t.app, 'GET', '/api/admin/settings', { token: adminToken });
    expect(response.body.data).toMatchObject({
      invoicePrefix: 'INV-',
      invoiceNextNumber: 1,
      invoiceNumberDigits: 6,
      invoiceFooter: '',
      payoutTimeZone: null,
      stampUrl: null,
      signatureUrl: null,
    });
  });

  it('PUT saves the document settings and logs them', async () => {
    const body = { invoicePrefix: 'AJ-2026/', invoiceNextNumber: 120, invoiceNumberDigits: 4, invoiceFooter: 'Ödeme 15 gün içinde yapılır.', payoutTimeZone: 'Europe/Istanbul' };
    const response = await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject(body);
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'settings.update'));
    expect(entry?.after).toMatchObject({ invoicePrefix: 'AJ-2026/', invoiceNextNumber: 120 });
    expect((await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body: { payoutTimeZone: null } })).body.data).toMatchObject({ payoutTimeZone: null });
    expect((await call(t.app, 'PUT', '/api/admin/settings', { token: memberToken, body: { invoiceFooter: 'x' } })).status).toBe(403);
  });

  it.each([
    [{ invoicePrefix: '' }],
    [{ invoicePrefix: 'inv-' }],
    [{ invoicePrefix: 'ABCDEFGHIJKLM' }],
    [{ invoicePrefix: 'INV 1' }],
    [{ invoiceNextNumber: 0 }],
    [{ invoiceNextNumber: 1.5 }],
    [{ invoiceNextNumber: 119 }],
    [{ invoiceNumberDigits: 0 }],
    [{ invoiceNumberDigits: 13 }],
    [{ invoiceFooter: 'x'.repeat(301) }],
    [{ payoutTimeZone: 'Mars/Olympus' }],
    [{ payoutTimeZone: '' }],
  ])('refuses %j and changes nothing', async (body) => {
    const [before] = await t.db.select().from(settings);
    const response = await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    const [after] = await t.db.select().from(settings);
    expect(after).toEqual(before);
  });

  it.each(['stamp', 'signature'] as const)('uploads, serves (admins only), replaces and removes the %s', async (kind) => {
    const folder = `${kind}s`;
    const url = `/api/admin/settings/${kind}`;
    const urlField = `${kind}Url`;
    expect((await call(t.app, 'GET', url, { token: adminToken })).status).toBe(404);
    const png = await sharp({ create: { width: 1200, height: 600, channels: 4, background: '#1c4fa0' } }).png().toBuffer();

    const uploaded = await uploadFile(t.app, url, adminToken, { name: `${kind}.png`, type: 'image/png', data: png });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const imageUrl = (uploaded.body.data as Record<string, string>)[urlField]!;
    expect(imageUrl).toMatch(new RegExp(`^/api/admin/settings/${kind}\\?v=`));
    const served = await t.app.inject({ method: 'GET', url: imageUrl, headers: { accesstoken: adminToken } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Normalised like the logo: at most 600 px on the longer side.
    expect((await sharp(served.rawPayload).metadata()).width).toBe(600);
    expect((await call(t.app, 'GET', url, { token: memberToken })).status).toBe(403);
    expect((await call(t.app, 'GET', url)).status).toBe(401);
    expect(storedFiles(dataDir, folder)).toHaveLength(1);

    // Refusals keep the current image.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]);
    expect((await uploadFile(t.app, url, adminToken, { name: `${kind}.png`, type: 'image/png', data: exe })).status).toBe(415);
    expect((await uploadFile(t.app, url, adminToken, { name: `${kind}.png`, type: 'image/png', data: Buffer.alloc(0) })).status).toBe(400);
    expect((await uploadFile(t.app, url, memberToken, { name: `${kind}.png`, type: 'image/png', data: png })).status).toBe(403);
    expect(storedFiles(dataDir, folder)).toHaveLength(1);

    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const replaced = await uploadFile(t.app, url, adminToken, { name: `${kind}.jpg`, type: 'image/jpeg', data: jpeg });
    expect(replaced.status).toBe(200);
    expect(storedFiles(dataDir, folder)).toEqual([expect.stringMatching(/\.jpg$/)]);

    const removed = await call(t.app, 'DELETE', url, { token: adminToken });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ [urlField]: null });
    expect(storedFiles(dataDir, folder)).toHaveLength(0);
    expect((await call(t.app, 'GET', url, { token: adminToken })).status).toBe(404);
    expect((await call(t.app, 'DELETE', url, { token: adminToken })).status).toBe(200);
    const actions = (await t.db.select().from(activityLog)).map((entry) => entry.action);
    expect(actions.filter((action) => action === `settings.${kind}`)).toHaveLength(2);
    expect(actions.filter((action) => action === `settings.${kind}.delete`)).toHaveLength(1);
  });
});
