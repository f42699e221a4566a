import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import type { DatabaseHandle } from './client.ts';

/** Applies the generated migrations with the driver's own migrator (idempotent). */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}

/** The advisory lock every instance takes around migrations and the demo seed at start. */
export const STARTUP_LOCK = 'agency-portal:migrate-and-seed';

/** Migrates while holding the start-up lock: safe when several instances start on one database. */
export function migrateDatabaseExclusively(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  return handle.withSessionLock(STARTUP_LOCK, () => migrateDatabase(handle, migrationsFolder));
}
