import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, creatorMonths, creators, invoiceFiles, payments, uploads, users } from '../src/db/schema.ts';
import { createLocalStorage } from '../src/lib/storage/index.ts';
import { insertPayment } from '../src/modules/invoices/invoice-test-support.ts';
import { backstageCsv, postUpload } from '../src/modules/uploads/uploads-test-support.ts';
import { createTestApp, createUser, signInWithPassword, type TestApp } from './helpers.ts';
import { uploadFile } from './multipart.ts';

/**
 * A full disk during an upload (PRODUCTION issue, faults): the caller gets 507 STORAGE_FULL with
 * the catalogue text, and nothing is half-written: no file, no temporary file, no database change.
 * Once space is back the same uploads succeed. Run twice: on a real 1 MB tmpfs (we are root in
 * CI; skipped with the reason where mount is not permitted) and with an injected ENOSPC that
 * fails after half of the file was written, so the check always runs.
 */

const PASSWORD = 'Disk-full-pass-1';
const STORAGE_FULL_TEXT = 'The file could not be saved: the storage is full. Nothing was changed; please try again later or tell the administrator';

interface Scenario {
  t: TestApp;
  /** Every file under the storage root (relative paths), apart from the test's own filler. */
  storedFiles(): string[];
}

function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .filter((name) => name !== 'filler.bin')
    .sort();
}

async function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
}

function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%');
  const tail = Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length).map((byte) => (byte === 0x25 ? 0x41 : byte)), tail]);
}

/** The uploads, figured in a way the database tells: rows and keys of every table an upload touches. */
async function snapshot(t: TestApp): Promise<string> {
  const countOf = async (table: typeof uploads | typeof invoiceFiles | typeof creators | typeof creatorMonths | typeof activityLog) =>
    Number((await t.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return JSON.stringify({
    uploads: await countOf(uploads),
    invoiceFiles: await countOf(invoiceFiles),
    creators: await countOf(creators),
    creatorMonths: await countOf(creatorMonths),
    activity: await countOf(activityLog),
    avatars: await t.db.select({ id: users.id, avatarKey: users.avatarKey }).from(users).orderBy(asc(users.id)),
    payments: await t.db.select({ id: payments.id, preference: payments.invoicePreference, file: payments.invoiceFileId }).from(payments).orderBy(asc(payments.id)),
  });
}

/** The three uploads on a full store, then again with space. */
function describeFullStore(getScenario: () => Scenario, { makeRoom }: { makeRoom: () => void }) {
  let adminToken: string;
  let memberToken: string;
  let paymentId: string;
  let avatar: Buffer;
  const invoice = pdfOfSize(200 * 1024);
  // 400 creators: a file of about 16 KB.
  const earnings = backstageCsv(Array.from({ length: 400 }, (_, index) => [`full.disk.${index}`, 1_000 + index, 3, 10] as const));

  beforeAll(async () => {
    const { t } = getScenario();
    await createUser(t.db, { role: 'admin', email: 'boss@example.com', password: PASSWORD });
    const member = await createUser(t.db, { email: 'member@example.com', password: PASSWORD });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'member@example.com', PASSWORD);
    paymentId = (await insertPayment(t.db, { memberId: member.id })).id;
    avatar = await noisePng(200);
  });

  function expectStorageFull(response: { status: number; body: Record<string, unknown> }) {
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(507);
    expect(response.body).toEqual({ error: true, code: 'STORAGE_FULL', message: STORAGE_FULL_TEXT });
  }

  it('an invoice upload answers 507 STORAGE_FULL and leaves no file, no temporary file and no database change', async () => {
    const { t, storedFiles } = getScenario();
    const before = await snapshot(t);
    const response = await uploadFile(t.app, `/api/me/payments/${paymentId}/invoice`, memberToken, { name: 'fatura.pdf', type: 'application/pdf', data: invoice });
    expectStorageFull(response);
    expect(storedFiles()).toEqual([]);
    expect(await snapshot(t)).toBe(before);
  });

  it('an earnings upload answers 507 STORAGE_FULL and imports nothing', async () => {
    const { t, storedFiles } = getScenario();
    const before = await snapshot(t);
    const response = await postUpload(t.app, adminToken, { name: 'september.csv', data: earnings, asOf: '2026-09-15', createUnknown: true });
    expectStorageFull(response);
    expect(storedFiles()).toEqual([]);
    expect(await snapshot(t)).toBe(before);
  });

  it('an avatar upload answers 507 STORAGE_FULL and keeps no picture', async () => {
    const { t, storedFiles } = getScenario();
    const before = await snapshot(t);
    const response = await uploadFile(t.app, '/api/me/avatar', memberToken, { name: 'me.png', type: 'image/png', data: avatar });
    expectStorageFull(response);
    expect(storedFiles()).toEqual([]);
    expect(await snapshot(t)).toBe(before);
  });

  it('with space again, the same three uploads are stored whole and recorded', async () => {
    const { t, storedFiles } = getScenario();
    makeRoom();
    const invoiceResponse = await uploadFile(t.app, `/api/me/payments/${paymentId}/invoice`, memberToken, { name: 'fatura.pdf', type: 'application/pdf', data: invoice });
    expect(invoiceResponse.status, JSON.stringify(invoiceResponse.body)).toBe(200);
    const upload = await postUpload(t.app, adminToken, { name: 'september.csv', data: earnings, asOf: '2026-09-15', createUnknown: true });
    expect(upload.status, JSON.stringify(upload.body).slice(0, 300)).toBe(201);
    const avatarResponse = await uploadFile(t.app, '/api/me/avatar', memberToken, { name: 'me.png', type: 'image/png', data: avatar });
    expect(avatarResponse.status).toBe(200);

    const files = storedFiles();
    expect(files).toHaveLength(3);
    expect(files.some((name) => /^invoices\/[0-9a-f-]{36}\.pdf$/.test(name))).toBe(true);
    expect(files.some((name) => /^uploads\/[0-9a-f-]{36}\.csv$/.test(name))).toBe(true);
    expect(files.some((name) => /^avatars\/[0-9a-f-]{36}\.png$/.test(name))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: `/api/me/payments/${paymentId}/invoice`, headers: { accesstoken: memberToken } });
    expect(served.rawPayload.equals(invoice)).toBe(true);
    const uploadId = (upload.body.data as { uploadId: string }).uploadId;
    const file = await t.app.inject({ method: 'GET', url: `/api/admin/uploads/${uploadId}/file`, headers: { accesstoken: adminToken } });
    expect(file.rawPayload.equals(earnings)).toBe(true);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row?.fileKey).toMatch(/^uploads\/[0-9a-f-]{36}\.csv$/);
  });
}

// ---- a real full file system ----

function tryMountTmpfs(dir: string): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs is not permitted here (${String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim()})`;
  }
}

describe('disk full on a real 1 MB tmpfs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-disk-full-'));
  const root = join(dataDir, 'uploads');
  mkdirSync(root);
  const notMounted = tryMountTmpfs(root);
  let scenario: Scenario;

  beforeAll(async () => {
    if (notMounted) return;
    // Leave one page free: every upload below is larger, so its write fails part-way.
    const { bavail, bsize } = statfsSync(root);
    writeFileSync(join(root, 'filler.bin'), Buffer.alloc(Math.max(0, bavail * bsize - 4096)));
    expect(statfsSync(root).bavail * statfsSync(root).bsize).toBeLessThanOrEqual(4096);
    scenario = { t: await createTestApp({ now: new Date('2026-09-16T10:00:00Z'), env: { DATA_DIR: dataDir } }), storedFiles: () => listFiles(root) };
  });
  afterAll(async () => {
    await scenario?.t.close();
    if (!notMounted) execFileSync('umount', [root]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.skipIf(notMounted !== null)(notMounted ?? 'uploads', () => {
    describeFullStore(() => scenario, { makeRoom: () => rmSync(join(root, 'filler.bin')) });
  });
});

// ---- an injected ENOSPC after half of the file was written ----

describe('disk full injected half-way through the write (always runs)', () => {
  const root = mkdtempSync(join(tmpdir(), 'agency-disk-full-injected-'));
  let full = true;
  const partialWrites: string[] = [];
  let scenario: Scenario;

  beforeAll(async () => {
    const storage = createLocalStorage(root, {
      async writeFile(path, data) {
        if (!full) return writeFile(path, data);
        await writeFile(path, data.subarray(0, Math.floor(data.length / 2)));
        partialWrites.push(path);
        const code = partialWrites.length % 2 === 0 ? 'EDQUOT' : 'ENOSPC';
        throw Object.assign(new Error(`${code}: no space left on device, write`), { code, syscall: 'write' });
      },
    });
    scenario = { t: await createTestApp({ now: new Date('2026-09-16T10:00:00Z'), storage }), storedFiles: () => listFiles(root) };
  });
  afterAll(async () => {
    await scenario?.t.close();
    rmSync(root, { recursive: true, force: true });
  });

  describeFullStore(() => scenario, { makeRoom: () => (full = false) });

  it('really wrote half of each file to a temporary name beside the target before failing', () => {
    expect(partialWrites).toHaveLength(3);
    for (const path of partialWrites) {
      expect(path.startsWith(root)).toBe(true);
      expect(path).toMatch(/\/(invoices|uploads|avatars)\/[0-9a-f-]{36}\.(pdf|csv|png)\.[0-9a-f]{12}\.tmp$/);
      expect(existsSync(path)).toBe(false);
    }
  });
});
