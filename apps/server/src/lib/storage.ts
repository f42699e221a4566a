import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded files live. Keys are made by the server (`<folder>/<uuid>.<ext>`), never from a
 * client's file name; the local folder is the default, S3-compatible storage can implement the
 * same three calls later.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}\.(png|jpg|pdf)$/;

export type StorageFolder = 'avatars' | 'logos' | 'stamps' | 'signatures' | 'invoices';

export function createStorageKey(folder: StorageFolder, extension: 'png' | 'jpg' | 'pdf'): string {
  return `${folder}/${randomUUID()}.${extension}`;
}

function assertKey(key: string): void {
  // Keys come from our own database; this also makes a path outside the folder impossible.
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key "${key}"`);
}

/** Files under `${root}/<key>` (the app uses DATA_DIR/uploads). */
export function createLocalStorage(root: string): FileStorage {
  return {
    async put(key, data) {
      assertKey(key);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async get(key) {
      assertKey(key);
      try {
        return await readFile(join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await rm(join(root, key), { force: true });
    },
  };
}
