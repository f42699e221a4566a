import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { uploads } from '../../db/schema.ts';
import { attachmentDisposition } from '../../lib/uploads.ts';
import { backstageCsv, backstageXlsx, postUpload } from './uploads-test-support.ts';

const PASSWORD = 'Uploads-pass-1';

/** The original file of each committed import is kept in the storage and downloadable by admins. */
describe('earnings upload files', () => {
  let t: TestApp;
  let dataDir: string;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'agency-upload-files-'));
    t = await createTestApp({ now: new Date('2026-09-16T10:00:00Z'), env: { DATA_DIR: dataDir } });
    await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    await createUser(t.db, { email: 'member@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  const storedUploads = () => (existsSync(join(dataDir, 'uploads', 'uploads')) ? readdirSync(join(dataDir, 'uploads', 'uploads')).sort() : []);
  const download = (id: string, token = adminToken) => t.app.inject({ method: 'GET', url: `/api/admin/uploads/${id}/file`, headers: { accesstoken: token } });

  it('a dry run stores no file; a committed .xlsx is kept under uploads/<uuid>.xlsx and downloads byte for byte as an attachment', async () => {
    const xlsx = await backstageXlsx([['star.one', 1_200, 4, 12]]);
    const dry = await postUpload(t.app, adminToken, { name: 'creator-data.xlsx', data: xlsx, asOf: '2026-09-15', dryRun: true, createUnknown: true });
    expect(dry.status).toBe(200);
    expect(storedUploads()).toEqual([]);

    const committed = await postUpload(t.app, adminToken, { name: 'creator-data.xlsx', data: xlsx, asOf: '2026-09-15', createUnknown: true });
    expect(committed.status, JSON.stringify(committed.body).slice(0, 300)).toBe(201);
    const uploadId = (committed.body.data as { uploadId: string }).uploadId;
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row?.fileKey).toMatch(/^uploads\/[0-9a-f-]{36}\.xlsx$/);
    expect(storedUploads()).toEqual([row!.fileKey!.slice('uploads/'.length)]);
    expect(readFileSync(join(dataDir, 'uploads', row!.fileKey!)).equals(xlsx)).toBe(true);

    const response = await download(uploadId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(xlsx)).toBe(true);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="creator-data.xlsx"; filename*=UTF-8''creator-data.xlsx`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const history = await call(t.app, 'GET', '/api/admin/uploads', { token: adminToken });
    expect((history.body.data as { items: { id: string; hasFile: boolean }[] }).items).toEqual([expect.objectContaining({ id: uploadId, hasFile: true })]);
  });

  it('keeps a .csv as .csv and gives its Turkish name back safely encoded', async () => {
    const csv = backstageCsv([['star.one', 1_500, 5, 14]]);
    // A browser sends the name as UTF-8 inside quotes; quotes and line breaks are covered below.
    const name = 'Eylül verisi; ş%20(1).csv';
    const committed = await postUpload(t.app, adminToken, { name, data: csv, asOf: '2026-09-16', createUnknown: true });
    expect(committed.status, JSON.stringify(committed.body).slice(0, 300)).toBe(201);
    const uploadId = (committed.body.data as { uploadId: string }).uploadId;
    const response = await download(uploadId);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(csv)).toBe(true);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(disposition).toContain('filename="Eyl_l verisi_ __20(1).csv"');
  });

  it('answers 404 for an unknown upload or one imported before files were kept, 400 for a malformed id, 403 for members', async () => {
    expect((await download('0b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e')).statusCode).toBe(404);
    const [legacy] = await t.db
      .insert(uploads)
      .values({ fileName: 'old.csv', sizeBytes: 1, sha256: 'x', period: '2026-08', asOf: '2026-08-31', rows: 0, imported: 0, created: 0, skipped: 0, missing: 0 })
      .returning();
    const legacyResponse = await download(legacy!.id);
    expect(legacyResponse.statusCode).toBe(404);
    expect(legacyResponse.json()).toMatchObject({ error: true, code: 'NOT_FOUND' });
    expect((await download('not-a-uuid')).statusCode).toBe(400);
    const [any] = await t.db.select().from(uploads).limit(1);
    expect((await download(any!.id, memberToken)).statusCode).toBe(403);
  });
});

describe('attachmentDisposition', () => {
  it.each([
    ['creator-data.xlsx', `attachment; filename="creator-data.xlsx"; filename*=UTF-8''creator-data.xlsx`],
    ['Eylül raporu.csv', `attachment; filename="Eyl_l raporu.csv"; filename*=UTF-8''Eyl%C3%BCl%20raporu.csv`],
    ['a"b\\c;d%e\'f(g).csv', `attachment; filename="a_b_c_d_e'f(g).csv"; filename*=UTF-8''a%22b%5Cc%3Bd%25e%27f%28g%29.csv`],
    ['тест.xlsx', `attachment; filename="____.xlsx"; filename*=UTF-8''%D1%82%D0%B5%D1%81%D1%82.xlsx`],
    ['a\r\nX-Evil: 1.csv', `attachment; filename="a__X-Evil: 1.csv"; filename*=UTF-8''a%0D%0AX-Evil%3A%201.csv`],
  ])('%s', (name, expected) => {
    expect(attachmentDisposition(name)).toBe(expected);
  });
});
