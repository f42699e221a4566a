// Opening the database: PostgreSQL or the embedded PGlite. Also the one path every other file
// imports the database's types and helpers from (they live in the files re-exported below).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { DatabaseHandle } from './database-handle.ts';
import { createPglite, createPgliteHandle } from './pglite-client.ts';
import { createPostgresHandle, createPostgresPool } from './postgres-client.ts';

export type { Database, DatabaseHandle, Executor, Transaction } from './database-handle.ts';
export type { WatchOptions } from './change-feed.ts';
export { createPglite, createPgliteHandle } from './pglite-client.ts';
export { createPostgresHandle, createPostgresPool, type PostgresPoolOptions } from './postgres-client.ts';
export { mayWrite } from './outage-safe-client.ts';
export { affectedRows, executePrepared, isPglite, pgliteCopyIn, transactionConnection } from './transactions.ts';

/**
 * PostgreSQL when `databaseUrl` is set, else the embedded PGlite in `${dataDir}/pglite`, which
 * one process at a time may open: the folder's lock (`data-dir-lock.ts`) is taken first, and a
 * second process throws `DataDirLockedError`; closing the handle releases it.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return createPostgresHandle(createPostgresPool(options.databaseUrl));
  }
  const folder = join(options.dataDir, 'pglite');
  // PGlite needs the parent folder to exist, else it fails with a misleading error.
  mkdirSync(dirname(folder), { recursive: true });
  const lock = acquireDataDirLock(options.dataDir);
  let handle: DatabaseHandle;
  try {
    handle = createPgliteHandle(await createPglite(folder));
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        lock.release();
      }
    },
  };
}
