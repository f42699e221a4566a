import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { uploadFile } from '../../../test/multipart.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { insertPayment } from '../../modules/invoices/invoice-test-support.ts';
import { backstageCsv, postUpload } from '../../modules/uploads/uploads-test-support.ts';

const PASSWORD = 'Storage-pass-1';
const BUCKET = 'agency-portal';

/** With S3_* set, the app keeps every file in the bucket and nothing in DATA_DIR/uploads. */
describe('the app on S3 storage', () => {
  let server: TestS3Server;
  let t: TestApp;
  let dataDir: string;
  let adminToken: string;
  let memberToken: string;
  let memberId: string;

  beforeAll(async () => {
    server = await startS3Server();
    await server.createBucket(BUCKET);
    dataDir = mkdtempSync(join(tmpdir(), 'agency-s3-app-'));
    t = await createTestApp({ now: new Date('2026-09-16T10:00:00Z'), env: { DATA_DIR: dataDir, ...server.env(BUCKET, 'agency') } });
    await createUser(t.db, { role: 'admin', email: 'boss@example.com', password: PASSWORD });
    memberId = (await createUser(t.db, { email: 'member@example.com', password: PASSWORD })).id;
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  async function objectBytes(key: string): Promise<Buffer> {
    const response = await server.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await response.Body!.transformToByteArray());
  }

  it('stores an avatar, a custom invoice and an earnings file in the bucket and serves them back through the API', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0a0' } }).png().toBuffer();
    const avatar = await uploadFile(t.app, '/api/me/avatar', memberToken, { name: 'me.png', type: 'image/png', data: png });
    expect(avatar.status, JSON.stringify(avatar.body)).toBe(200);
    const servedAvatar = await t.app.inject({ method: 'GET', url: '/api/me/avatar', headers: { accesstoken: memberToken } });
    expect(servedAvatar.statusCode).toBe(200);
    expect(servedAvatar.headers['content-type']).toBe('image/png');

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const payment = await insertPayment(t.db, { memberId });
    const invoice = await uploadFile(t.app, `/api/me/payments/${payment.id}/invoice`, memberToken, { name: 'fatura.pdf', type: 'application/pdf', data: pdf });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
    const servedInvoice = await t.app.inject({ method: 'GET', url: `/api/admin/payments/${payment.id}/invoice`, headers: { accesstoken: adminToken } });
    expect(servedInvoice.statusCode).toBe(200);
    expect(servedInvoice.rawPayload.equals(pdf)).toBe(true);

    const csv = backstageCsv([['star.one', 1_000, 3, 10]]);
    const upload = await postUpload(t.app, adminToken, { name: 'Eylül verisi.csv', data: csv, asOf: '2026-09-15', createUnknown: true });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const uploadId = (upload.body.data as { uploadId: string }).uploadId;
    const servedFile = await t.app.inject({ method: 'GET', url: `/api/admin/uploads/${uploadId}/file`, headers: { accesstoken: adminToken } });
    expect(servedFile.statusCode).toBe(200);
    expect(servedFile.rawPayload.equals(csv)).toBe(true);

    // Everything is in the bucket under the prefix, with the bytes the API served...
    const keys = await server.listKeys(BUCKET);
    expect(keys).toHaveLength(3);
    const avatarKey = keys.find((key) => /^agency\/avatars\/[0-9a-f-]{36}\.png$/.test(key));
    const invoiceKey = keys.find((key) => /^agency\/invoices\/[0-9a-f-]{36}\.pdf$/.test(key));
    const uploadKey = keys.find((key) => /^agency\/uploads\/[0-9a-f-]{36}\.csv$/.test(key));
    expect([avatarKey, invoiceKey, uploadKey].every(Boolean), keys.join(', ')).toBe(true);
    expect((await objectBytes(avatarKey!)).equals(servedAvatar.rawPayload)).toBe(true);
    expect((await objectBytes(invoiceKey!)).equals(pdf)).toBe(true);
    expect((await objectBytes(uploadKey!)).equals(csv)).toBe(true);
    // ...and nothing on the local disk.
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
  });
});
