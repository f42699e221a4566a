import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import type { FileStorage } from './file-storage.ts';

/**
 * Files of imports that never committed (docs/decisions/014). An earnings import stores the
 * original file (`uploads/<uuid>.xlsx|csv`) before its transaction commits and removes it when the
 * transaction fails; a process killed in between leaves the file with no `uploads.file_key` row
 * pointing to it. The server sweeps such files at start and then every hour: a file in `uploads/`
 * that no row names and that is older than `minAgeMs` is deleted (the age keeps the file of an
 * import still running, here or on another instance, out of reach), and so are the temporary files
 * of writes cut off half-way.
 */

/** Imports take seconds (at most the 60 s a proxy waits); a quarter of an hour is far beyond any of them. */
export const ORPHAN_MIN_AGE_MS = 15 * 60 * 1000;
/** How often a running server sweeps again. */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface OrphanSweepResult {
  /** Keys of the stored files that were deleted. */
  removed: string[];
  /** Temporary files of interrupted writes that were deleted. */
  leftovers: number;
}

const KEYS_PER_QUERY = 500;

export async function sweepOrphanUploads(db: Database, storage: FileStorage, options: { now: Date; minAgeMs: number }): Promise<OrphanSweepResult> {
  const before = new Date(options.now.getTime() - options.minAgeMs);
  const leftovers = storage.removeLeftovers ? await storage.removeLeftovers('uploads', before) : 0;
  if (!storage.list) return { removed: [], leftovers };
  const candidates = (await storage.list('uploads')).filter((file) => file.modifiedAt < before).map((file) => file.key);
  const removed: string[] = [];
  for (let start = 0; start < candidates.length; start += KEYS_PER_QUERY) {
    const keys = candidates.slice(start, start + KEYS_PER_QUERY);
    const kept = new Set((await db.select({ key: uploads.fileKey }).from(uploads).where(inArray(uploads.fileKey, keys))).map((row) => row.key));
    for (const key of keys) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      removed.push(key);
    }
  }
  return { removed, leftovers };
}
