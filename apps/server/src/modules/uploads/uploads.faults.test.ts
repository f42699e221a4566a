import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { UPLOAD_MAX_BYTES } from '@agency/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { createLocalStorage } from '../../lib/storage/index.ts';
import { activityLog, creatorMonths, creators, memberMonths, notifications, uploads } from '../../db/schema.ts';
import { backstageCsv, backstageXlsx, buildZip, postUpload } from './uploads-test-support.ts';
import { createUploadsService } from './uploads.service.ts';

const PASSWORD = 'Uploads-pass-1';
const AS_OF = '2026-09-16';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/**
 * Every refused file answers 4xx with a report and leaves every figure as it was: creators,
 * creator and member months, the upload history, notifications and the activity log.
 */
describe('earnings upload: refused files change nothing', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-09-16T10:00:00Z') });
    adminId = (await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin' })).id;
    const member = await createUser(t.db);
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    const joinedAt = new Date('2025-01-01T00:00:00Z');
    await t.db.insert(creators).values(
      ['star.one', 'dance_vibes', 'music.nights', 'chef_ali', 'a.one', 'a.two'].map((tiktokUsername) => ({ tiktokUsername, status: 'active' as const, affiliateId: member.id, joinedAt })),
    );
    // The month as a first upload left it.
    const first = await postUpload(t.app, adminToken, { data: backstageCsv([['star.one', 1_000], ['dance_vibes', 2_000], ['a.one', 3_000_000]]), asOf: '2026-09-10' });
    expect(first.status).toBe(201);
  });
  afterAll(() => t.close());

  async function snapshot() {
    return JSON.stringify({
      creators: await t.db.select().from(creators).orderBy(asc(creators.tiktokUsername)),
      creatorMonths: await t.db.select().from(creatorMonths).orderBy(asc(creatorMonths.creatorId)),
      memberMonths: await t.db.select().from(memberMonths).orderBy(asc(memberMonths.memberId)),
      uploads: await t.db.select().from(uploads),
      notifications: await t.db.select().from(notifications),
      activity: (await t.db.select().from(activityLog).where(eq(activityLog.action, 'upload.committed'))).length,
    });
  }

  async function expectRefused(request: Parameters<typeof postUpload>[2], status: number, code: string, withErrors = true) {
    const before = await snapshot();
    const response = await postUpload(t.app, adminToken, { asOf: AS_OF, createUnknown: true, ...request });
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(status);
    expect(response.body).toMatchObject({ error: true, code });
    const report = response.body.data as { errors: { row: number; column: string | null; code: string; params: Record<string, unknown> }[]; questions: unknown[]; uploadId: null };
    if (withErrors) expect(report.errors.length).toBeGreaterThan(0);
    expect(report.uploadId).toBeNull();
    expect(response.body.details).toEqual(report.errors.map((error) => ({ path: error.column ?? '', message: error.code, row: error.row, params: error.params })));
    // A whole-file refusal names its code in the report too (the web app translates it).
    if (status !== 422) expect(report.errors).toEqual([{ row: 0, column: null, code: 'fileUnreadable', params: { code } }]);
    expect(await snapshot()).toBe(before);
    return report;
  }

  it('a CSV with bad rows in the middle: 422, each problem with its line and column', async () => {
    const report = await expectRefused({ name: 'bad-rows.csv', data: fixture('bad-rows.csv') }, 422, 'UPLOAD_INVALID');
    expect(report.errors).toEqual([
      { row: 3, column: 'Diamonds', code: 'notANumber', params: { value: 'lots' } },
      { row: 4, column: 'Valid go LIVE days', code: 'notDays', params: { value: '40' } },
      { row: 5, column: 'Creator username', code: 'usernameInvalid', params: { value: 'bad user!' } },
    ]);
  });

  it('a file without a username column: 422 UPLOAD_NEEDS_ANSWERS (the mapping question), nothing written', async () => {
    const report = await expectRefused({ data: fixture('no-username.csv') }, 422, 'UPLOAD_NEEDS_ANSWERS', false);
    expect(report.questions).toEqual([expect.objectContaining({ kind: 'mapping', missing: ['username'] })]);
  });

  it('an admin mapping pointing at columns the header row does not have: the question is asked again, nothing written', async () => {
    const report = await expectRefused({ data: fixture('no-username.csv'), extraFields: { mapping: JSON.stringify({ username: 7, diamonds: 1 }) } }, 422, 'UPLOAD_NEEDS_ANSWERS', false);
    expect(report.questions).toEqual([expect.objectContaining({ kind: 'mapping' })]);
  });

  it('a mapping that is not JSON, or a period of neither month: 400, nothing written', async () => {
    const before = await snapshot();
    const invalid: Record<string, string>[] = [{ mapping: '{nope' }, { mapping: JSON.stringify({ username: -1, diamonds: 1 }) }, { period: '2026-01' }];
    for (const extraFields of invalid) {
      const response = await postUpload(t.app, adminToken, { asOf: AS_OF, data: fixture('comma.csv'), extraFields });
      expect(response.status, JSON.stringify(extraFields)).toBe(400);
      expect(response.body).toMatchObject({ error: true, code: 'VALIDATION_FAILED' });
    }
    expect(await snapshot()).toBe(before);
  });

  it('a corrupt .xlsx (cut in half): 400', async () => {
    const whole = await backstageXlsx([['star.one', 5]]);
    await expectRefused({ data: whole.subarray(0, Math.floor(whole.length / 2)) }, 400, 'UPLOAD_CORRUPT');
  });

  it('a zip with garbage where the sheet should be: 400', async () => {
    const garbage = Buffer.from('this is not deflate data at all, not at all');
    await expectRefused({ data: buildZip([{ name: 'xl/workbook.xml', stored: garbage, declaredSize: 500 }]) }, 400, 'UPLOAD_CORRUPT');
  });

  it('a zip bomb whose directory declares more than the limit: 413 before anything is inflated', async () => {
    const tiny = deflateRawSync(Buffer.from('<x/>'));
    const entries = Array.from({ length: 3 }, (_, index) => ({ name: `xl/worksheets/sheet${index}.xml`, stored: tiny, declaredSize: 0xfffffff0 }));
    await expectRefused({ data: buildZip(entries) }, 413, 'UPLOAD_ZIP_BOMB');
  });

  it('a zip bomb by ratio (8 MB of zeros in a few KB): 413', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    await expectRefused({ data: buildZip([{ name: 'xl/worksheets/sheet1.xml', stored: deflateRawSync(zeros, { level: 9 }), declaredSize: zeros.length }]) }, 413, 'UPLOAD_ZIP_BOMB');
  });

  it('a zip whose entry inflates to more than it declares: 413', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    await expectRefused({ data: buildZip([{ name: 'xl/workbook.xml', stored: deflateRawSync(zeros), declaredSize: 1_000 }]) }, 413, 'UPLOAD_ZIP_BOMB');
  });

  it('a zip with too many entries: 413', async () => {
    const stored = Buffer.from('x');
    const entries = Array.from({ length: 201 }, (_, index) => ({ name: `e${index}`, stored, method: 0 as const, declaredSize: 1 }));
    await expectRefused({ data: buildZip(entries) }, 413, 'UPLOAD_ZIP_BOMB');
  });

  it('a 0-byte file: 400', async () => {
    await expectRefused({ name: 'empty.csv', data: Buffer.alloc(0) }, 400, 'UPLOAD_EMPTY');
  });

  it('a PNG (whatever its name): 415', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    await expectRefused({ name: 'creator-data.xlsx', data: png }, 415, 'UPLOAD_TYPE_INVALID');
  });

  it('binary that is not UTF-8: 415', async () => {
    await expectRefused({ data: Buffer.from([0x00, 0xff, 0xfe, 0x10, 0x80, 0x81]) }, 415, 'UPLOAD_TYPE_INVALID');
  });

  it(`a file over ${UPLOAD_MAX_BYTES} bytes: 413, nothing stored`, async () => {
    const before = await snapshot();
    const big = Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x41);
    const response = await postUpload(t.app, adminToken, { data: big, asOf: AS_OF });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ error: true, code: 'UPLOAD_TOO_LARGE' });
    expect(await snapshot()).toBe(before);
  });

  it('an import aborted late in its transaction (after the month rows were written) leaves the database as before and removes its stored file', async () => {
    const before = await snapshot();
    const root = mkdtempSync(join(tmpdir(), 'agency-upload-fault-'));
    const storage = createLocalStorage(root);
    const faulty = createUploadsService({ db: t.db, clock: t.clock, storage, failAfterInsertedRows: 4, monthInsertBatch: 2 });
    const data = backstageCsv([['star.one', 9], ['dance_vibes', 9], ['music.nights', 9], ['chef_ali', 9], ['a.one', 9], ['brand.new', 9]]);
    await expect(
      faulty.importFile({ id: adminId, ip: '127.0.0.1' }, { fileName: 'late.csv', data, asOf: AS_OF, dryRun: false, createUnknown: true }),
    ).rejects.toThrow(/injected fault after 6 month rows/);
    expect(await snapshot()).toBe(before);
    expect(readdirSync(join(root, 'uploads'))).toEqual([]);

    // The same service without the fault commits the same file, and keeps it.
    const healthy = createUploadsService({ db: t.db, clock: t.clock, storage, monthInsertBatch: 2 });
    const outcome = await healthy.importFile({ id: adminId, ip: '127.0.0.1' }, { fileName: 'late.csv', data, asOf: AS_OF, dryRun: false, createUnknown: true });
    expect(outcome).toMatchObject({ ok: true, report: { imported: 6, created: 1 } });
    const stored = readdirSync(join(root, 'uploads'));
    expect(stored).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.csv$/)]);
    expect(readFileSync(join(root, 'uploads', stored[0]!)).equals(data)).toBe(true);
  });
});
