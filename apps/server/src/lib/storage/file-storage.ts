import type { StorageFolder } from './keys.ts';

/** One stored file, as `list` reports it. */
export interface StoredFile {
  key: string;
  /** When it was written (the file's mtime, the object's LastModified). */
  modifiedAt: Date;
}

/**
 * Where uploaded files live: a local folder (the default) or an S3-compatible bucket, behind the
 * same calls and the same contract tests (storage.contract.test.ts).
 */
export interface FileStorage {
  /** Stores the whole object or nothing (a failed write leaves no partial file behind). */
  put(key: string, data: Buffer): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every file stored under `folder` (only names that are storage keys), for the start-up sweep of
   * files no row points to (`orphan-sweep.ts`). Optional: a store without it is not swept.
   */
  list?(folder: StorageFolder): Promise<StoredFile[]>;
  /**
   * Removes what a process killed in the middle of `put` can leave behind (the local folder's
   * temporary files) when written before `before`; returns how many. Optional.
   */
  removeLeftovers?(folder: StorageFolder, before: Date): Promise<number>;
}
