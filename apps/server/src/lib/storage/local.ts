import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '../app-error.ts';
import type { FileStorage } from './file-storage.ts';
import { assertStorageKey } from './keys.ts';

/** A full disk or an exhausted quota: the caller gets STORAGE_FULL (507), not a 500. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export function isStorageFullError(error: unknown): boolean {
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
  };
}
