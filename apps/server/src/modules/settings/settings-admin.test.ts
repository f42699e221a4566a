import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { uploadFile } from '../../../test/multipart.ts';
import { activityLog, settings } from '../../db/schema.ts';

const PASSWORD = 'Admin!2026test';

describe('admin settings and branding', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'agency-settings-')) } });
    await createUser(t.db, { role: 'admin', email: 'admin@example.com', password: PASSWORD });
    await createUser(t.db, { email: 'member@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  it('GET answers tiers, diamond value and the agency details; members get 403', async () => {
    const response = await call(t.app, 'GET', '/api/admin/settings', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ agencyName: 'Agency', diamondValueMicros: 5000, referralsEnabled: true, logoUrl: null });
    expect((response.body.data as { commissionTiers: unknown[] }).commissionTiers).toHaveLength(3);
    expect((await call(t.app, 'GET', '/api/admin/settings', { token: memberToken })).status).toBe(403);
    expect((await call(t.app, 'PUT', '/api/admin/settings', { token: memberToken, body: { agencyName: 'X' } })).status).toBe(403);
  });

  it('PUT changes the agency details, shows them publicly and logs before/after', async () => {
    const details = {
      agencyName: 'Yıldız Ajans',
      pageTitle: 'Yıldız Ajans | TikTok LIVE',
      pageDescription: 'Resmi TikTok LIVE ajansı',
      contactPhone: '+90 212 555 00 00',
      contactEmail: 'Destek@Yildiz.example',
      contactAddress: 'İstanbul',
      supportHours: 'Hafta içi 10:00-17:00',
    };
    const response = await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body: details });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe('Details updated successfully');
    const published = await call(t.app, 'GET', '/api/settings/public');
    expect(published.body.data).toMatchObject({ ...details, contactEmail: 'destek@yildiz.example' });
    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'settings.update'));
    expect(entry?.before).toMatchObject({ agencyName: 'Agency' });
    expect(entry?.after).toMatchObject({ agencyName: 'Yıldız Ajans' });
  });

  it('refuses bad values and unknown fields, changing nothing', async () => {
    const [before] = await t.db.select().from(settings);
    const bodies = [
      { agencyName: '' },
      { contactEmail: 'not an e-mail' },
      { contactPhone: '<script>' },
      { agencyName: 'x'.repeat(81) },
      { diamondValueMicros: 0 },
      { diamondValueMicros: 1.5 },
      { referralsEnabled: 'yes' },
      { logoKey: 'logos/x.png' },
      { unknown: true },
      { commissionTiers: [] },
      { commissionTiers: [{ fromDiamonds: 10, toDiamonds: null, rateBps: 100 }] },
      {
        commissionTiers: [
          { fromDiamonds: 0, toDiamonds: 100, rateBps: 100 },
          { fromDiamonds: 50, toDiamonds: null, rateBps: 200 },
        ],
      },
      {
        commissionTiers: [
          { fromDiamonds: 0, toDiamonds: 100, rateBps: 100 },
          { fromDiamonds: 102, toDiamonds: null, rateBps: 200 },
        ],
      },
      { commissionTiers: [{ fromDiamonds: 0, toDiamonds: 100, rateBps: 100 }] },
      { commissionTiers: [{ fromDiamonds: 0, toDiamonds: null, rateBps: 10_001 }] },
    ];
    for (const body of bodies) {
      const response = await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const [after] = await t.db.select().from(settings);
    expect(after).toEqual(before);
  });

  it('accepts contiguous tiers and a diamond value with the commission message', async () => {
    const tiers = [
      { fromDiamonds: 0, toDiamonds: 999_999, rateBps: 150 },
      { fromDiamonds: 1_000_000, toDiamonds: null, rateBps: 250 },
    ];
    const response = await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body: { commissionTiers: tiers, diamondValueMicros: 4000 } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe('Commission add successfully');
    expect(response.body.data).toMatchObject({ commissionTiers: tiers, diamondValueMicros: 4000 });
  });

  it('uploads a PNG logo, serves it publicly, and refuses SVG, large and empty files', async () => {
    expect((await call(t.app, 'GET', '/api/settings/logo')).status).toBe(404);
    const png = await sharp({ create: { width: 1200, height: 300, channels: 4, background: '#fe2c55' } }).png().toBuffer();
    const uploaded = await uploadFile(t.app, '/api/admin/settings/logo', adminToken, { name: 'logo.png', type: 'image/png', data: png });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const logoUrl = (uploaded.body.data as { logoUrl: string }).logoUrl;
    expect(logoUrl).toMatch(/^\/api\/settings\/logo\?v=/);
    expect((await call(t.app, 'GET', '/api/settings/public')).body.data).toMatchObject({ logoUrl });
    const served = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 512, height: 128 });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await uploadFile(t.app, '/api/admin/settings/logo', adminToken, { name: 'logo.svg', type: 'image/svg+xml', data: svg })).status).toBe(415);
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(1024 * 1024, 1)]);
    expect((await uploadFile(t.app, '/api/admin/settings/logo', adminToken, { name: 'big.png', type: 'image/png', data: big })).status).toBe(413);
    expect((await uploadFile(t.app, '/api/admin/settings/logo', adminToken, { name: 'e.png', type: 'image/png', data: Buffer.alloc(0) })).status).toBe(400);
    expect((await uploadFile(t.app, '/api/admin/settings/logo', memberToken, { name: 'logo.png', type: 'image/png', data: png })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/settings/public')).body.data).toMatchObject({ logoUrl });
  });
});
