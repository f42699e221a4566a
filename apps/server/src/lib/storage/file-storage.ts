/**
 * Where uploaded files live: a local folder (the default) or an S3-compatible bucket, behind the
 * same three calls and the same contract tests (storage.contract.test.ts).
 */
export interface FileStorage {
  /** Stores the whole object or nothing (a failed write leaves no partial file behind). */
  put(key: string, data: Buffer): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}
