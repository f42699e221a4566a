import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '../app-error.ts';
import type { FileStorage, StoredFile } from './file-storage.ts';
import { assertStorageKey, isStorageKey, type StorageFolder } from './keys.ts';

/** `<key>.<12 hex>.tmp`: the temporary file of a `put` (see below). */
const TEMPORARY_NAME = /^[0-9a-f-]+\.[a-z]+\.[0-9a-f]{12}\.tmp$/;

/** The names in `folder` with their mtimes; none when the folder does not exist (yet). */
async function entriesOf(folder: string): Promise<{ name: string; modifiedAt: Date }[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: { name: string; modifiedAt: Date }[] = [];
  for (const name of names) {
    try {
      const info = await stat(join(folder, name));
      if (info.isFile()) entries.push({ name, modifiedAt: info.mtime });
    } catch {
      // removed meanwhile
    }
  }
  return entries;
}

/** A full disk or an exhausted quota: the caller gets STORAGE_FULL (507), not a 500. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

function isStorageFullError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && FULL_CODES.has((error as NodeJS.ErrnoException).code ?? '');
}

export interface LocalStorageOptions {
  /** Tests only: replaces the write of the temporary file (to fail half-way like a full disk). */
  writeFile?: (path: string, data: Buffer) => Promise<void>;
}

/**
 * Files under `${root}/<key>` (the app uses DATA_DIR/uploads). A write goes to a temporary file in
 * the same folder and is renamed into place, so a reader sees the old file or the whole new one;
 * on any error the temporary file is removed.
 */
export function createLocalStorage(root: string, options: LocalStorageOptions = {}): FileStorage {
  const write = options.writeFile ?? ((path: string, data: Buffer) => writeFile(path, data, { flush: true }));
  return {
    async put(key, data) {
      assertStorageKey(key);
      const path = join(root, key);
      // The same folder: rename is atomic only within one file system.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await write(temporary, data);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        if (isStorageFullError(error)) throw new AppError('STORAGE_FULL');
        throw error;
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        return await readFile(join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await rm(join(root, key), { force: true });
    },
    async list(folder: StorageFolder): Promise<StoredFile[]> {
      return (await entriesOf(join(root, folder)))
        .map((entry) => ({ key: `${folder}/${entry.name}`, modifiedAt: entry.modifiedAt }))
        .filter((file) => isStorageKey(file.key));
    },
    async removeLeftovers(folder: StorageFolder, before: Date): Promise<number> {
      let removed = 0;
      for (const entry of await entriesOf(join(root, folder))) {
        if (!TEMPORARY_NAME.test(entry.name) || entry.modifiedAt >= before) continue;
        await rm(join(root, folder, entry.name), { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
