// The embedded PGlite: its handle and its start parameters.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { READ_CACHE_CHANNEL } from './change-feed.ts';
import type { Database, DatabaseHandle } from './database-handle.ts';
import * as schema from './schema.ts';

/** An embedded PGlite: file-backed in `dataDir`, or in memory when `dataDir` is undefined. */
export function createPgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    withSessionLock: (_name, task) => task(),
    // PGlite is one connection in this process: a notification is delivered with the answer to the
    // statement that committed it, before that statement's caller resumes.
    watchChanges: async (handlers) => {
      const unlisten = await client.listen(READ_CACHE_CHANNEL, () => handlers.changed());
      handlers.live(true);
      return {
        stop: async () => {
          handlers.live(false);
          if (!client.closed) await unlisten();
        },
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * PGlite's start parameters: its defaults, with a 16 MB buffer cache instead of 128 MB.
 * PGlite allocates and touches all of shared_buffers in its WASM heap at start, so 128 MB made
 * a server idle near 480 MB of RSS (an open PGlite alone ~300 MB; with 16 MB ~170 MB). Pages
 * beyond the cache are read from the data files through the OS cache: the 100,000-row first import
 * measured no slower, the re-import ~0.5 s slower than with 128 MB (48 MB: in between, +40 MB
 * RSS); memory first, as the server's target is < 512 MB. wal_buffers
 * stays at the 4 MB it had (it defaults to 1/32 of shared_buffers) so a bulk write does not flush
 * the WAL every 512 kB.
 */
const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_buffers=4MB'];

/** A file-backed PGlite in `dataDir` (in memory when undefined), with the server's settings. */
export function createPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir, { startParams: [...PGLITE_START_PARAMS] });
}
