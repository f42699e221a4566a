import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, S3_TEST_CREDENTIALS, type TestS3Server } from '../../../test/s3-server.ts';
import { loadEnv } from '../../config/env.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage, createS3Storage, createStorageFromEnv, createStorageKey } from './index.ts';

interface StoreUnderTest {
  storage: FileStorage;
  /** Every name the store holds (files on disk, objects in the bucket), to prove nothing is left over. */
  listAll(): Promise<string[]>;
  close(): Promise<void>;
}

function listFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
      .sort();
  } catch {
    return [];
  }
}

const stores: [string, () => Promise<StoreUnderTest>][] = [
  [
    'local folder',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'agency-storage-contract-'));
      return { storage: createLocalStorage(root), listAll: async () => listFiles(root), close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const server: TestS3Server = await startS3Server();
      await server.createBucket('agency-contract');
      const storage = createS3Storage({ bucket: 'agency-contract', region: 'us-east-1', endpoint: server.endpoint, forcePathStyle: true, prefix: 'portal', ...S3_TEST_CREDENTIALS });
      return { storage, listAll: () => server.listKeys('agency-contract'), close: () => server.close() };
    },
  ],
];

describe.each(stores)('file storage contract: %s', (_name, open) => {
  let store: StoreUnderTest;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('stores, reads back and deletes a file; a missing key reads as null and deleting it twice is fine', async () => {
    const key = createStorageKey('invoices', 'pdf');
    const data = Buffer.from('%PDF-1.4 contract test\n%%EOF\n');
    await store.storage.put(key, data);
    expect((await store.storage.get(key))?.equals(data)).toBe(true);
    await store.storage.delete(key);
    expect(await store.storage.get(key)).toBeNull();
    await store.storage.delete(key);
    expect(await store.storage.get(createStorageKey('avatars', 'png'))).toBeNull();
  });

  it('overwrites a key with the new content', async () => {
    const key = createStorageKey('logos', 'png');
    await store.storage.put(key, Buffer.from('first version, longer than the second'));
    await store.storage.put(key, Buffer.from('second'));
    expect((await store.storage.get(key))?.toString()).toBe('second');
    await store.storage.delete(key);
  });

  it('keeps every byte: all 256 byte values and a 5 MB random object', async () => {
    const allBytes = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
    const small = createStorageKey('uploads', 'csv');
    await store.storage.put(small, allBytes);
    expect((await store.storage.get(small))?.equals(allBytes)).toBe(true);

    const large = randomBytes(5 * 1024 * 1024);
    const key = createStorageKey('uploads', 'xlsx');
    await store.storage.put(key, large);
    const read = await store.storage.get(key);
    expect(read?.length).toBe(large.length);
    expect(read?.equals(large)).toBe(true);
    await store.storage.delete(key);
    await store.storage.delete(small);
  });

  it('refuses keys the server did not make (path traversal, absolute paths, other folders and types) and stores nothing', async () => {
    const before = await store.listAll();
    const id = '0b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    const bad = [
      '../x',
      `../avatars/${id}.png`,
      `avatars/../../${id}.png`,
      `/etc/${id}.png`,
      `/avatars/${id}.png`,
      `avatars/${id}.png/../../x`,
      `avatars\\..\\${id}.png`,
      `avatars/${id}.exe`,
      `secrets/${id}.png`,
      `avatars/${id}.png\n`,
      `avatars/${id.toUpperCase()}.png`,
      '',
    ];
    for (const key of bad) {
      await expect(store.storage.put(key, Buffer.from('x')), JSON.stringify(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.storage.get(key), JSON.stringify(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.storage.delete(key), JSON.stringify(key)).rejects.toThrow(/invalid storage key/);
    }
    expect(await store.listAll()).toEqual(before);
  });

  it('lists the files of one folder with when they were written (for the sweep of uncommitted imports)', async () => {
    const first = createStorageKey('uploads', 'xlsx');
    const second = createStorageKey('uploads', 'csv');
    const elsewhere = createStorageKey('avatars', 'png');
    const before = Date.now() - 60_000;
    for (const key of [first, second, elsewhere]) await store.storage.put(key, Buffer.from('listed'));
    const listed = await store.storage.list!('uploads');
    expect(listed.map((file) => file.key)).toEqual(expect.arrayContaining([first, second]));
    expect(listed.map((file) => file.key)).not.toContain(elsewhere);
    for (const file of listed) {
      expect(file.key.startsWith('uploads/')).toBe(true);
      expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
    }
    for (const key of [first, second, elsewhere]) await store.storage.delete(key);
    expect((await store.storage.list!('uploads')).map((file) => file.key)).not.toContain(first);
    expect(await store.storage.list!('logos')).toEqual([]);
  });

  it('leaves exactly the stored object behind, under its key', async () => {
    const before = await store.listAll();
    const key = createStorageKey('stamps', 'jpg');
    await store.storage.put(key, Buffer.from('jpeg bytes'));
    const after = await store.listAll();
    expect(after.filter((name) => !before.includes(name))).toEqual([expect.stringMatching(new RegExp(`${key.replace('.', '\\.')}$`))]);
    await store.storage.delete(key);
    expect(await store.listAll()).toEqual(before);
  });
});

describe('local folder leftovers', () => {
  it('removes the temporary files of writes cut off before `before`, and nothing else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'agency-storage-leftovers-'));
    try {
      const storage = createLocalStorage(root);
      const key = createStorageKey('uploads', 'xlsx');
      await storage.put(key, Buffer.from('kept'));
      const { utimesSync, writeFileSync } = await import('node:fs');
      const old = join(root, `${key}.0123456789ab.tmp`);
      const fresh = join(root, `${createStorageKey('uploads', 'csv')}.abcdef012345.tmp`);
      const stranger = join(root, 'uploads', 'notes.txt');
      for (const path of [old, fresh, stranger]) writeFileSync(path, 'x');
      const hourAgo = new Date(Date.now() - 3600_000);
      utimesSync(old, hourAgo, hourAgo);
      utimesSync(stranger, hourAgo, hourAgo);
      expect(await storage.removeLeftovers!('uploads', new Date(Date.now() - 60_000))).toBe(1);
      expect(listFiles(root)).toEqual([key, `${fresh.slice(root.length + 1)}`, 'uploads/notes.txt'].sort());
      expect((await storage.list!('uploads')).map((file) => file.key)).toEqual([key]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('S3 objects', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
    await server.createBucket('agency-types');
  });
  afterAll(() => server.close());

  it('are stored under S3_PREFIX with the content type of their extension', async () => {
    const { storage, kind } = createStorageFromEnv(loadEnv(server.env('agency-types', 'prod/portal/')));
    expect(kind).toBe('s3');
    const pdf = createStorageKey('invoices', 'pdf');
    const csv = createStorageKey('uploads', 'csv');
    await storage.put(pdf, Buffer.from('%PDF-1.4'));
    await storage.put(csv, Buffer.from('a,b\n'));
    expect(await server.listKeys('agency-types')).toEqual([`prod/portal/${pdf}`, `prod/portal/${csv}`].sort());
    const head = await server.client.send(new HeadObjectCommand({ Bucket: 'agency-types', Key: `prod/portal/${pdf}` }));
    expect(head.ContentType).toBe('application/pdf');
    const headCsv = await server.client.send(new HeadObjectCommand({ Bucket: 'agency-types', Key: `prod/portal/${csv}` }));
    expect(headCsv.ContentType).toMatch(/^text\/csv/);
  });

  it('a full S3-compatible server (507, as MinIO answers) becomes STORAGE_FULL', async () => {
    const full = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(507, { 'content-type': 'application/xml' });
        response.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>XMinioStorageFull</Code><Message>Storage backend has reached its minimum free drive threshold.</Message></Error>');
      });
    });
    await new Promise<void>((resolve) => full.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = full.address() as AddressInfo;
      const storage = createS3Storage({ bucket: 'agency-full', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, ...S3_TEST_CREDENTIALS });
      const failure = await storage.put(createStorageKey('invoices', 'pdf'), Buffer.from('%PDF-1.4')).catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'AppError', code: 'STORAGE_FULL', statusCode: 507 });
    } finally {
      await new Promise((resolve) => full.close(resolve));
    }
  });

  it('a missing bucket is an error, not an empty store', async () => {
    const storage = createS3Storage({ bucket: 'no-such-bucket', region: 'us-east-1', endpoint: server.endpoint, forcePathStyle: true, ...S3_TEST_CREDENTIALS });
    await expect(storage.put(createStorageKey('avatars', 'png'), Buffer.from('x'))).rejects.toThrow();
  });
});
