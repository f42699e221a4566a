/**
 * `npm run restore -- <file>`: restores a backup from `GET /api/admin/backup` into the configured
 * database (DATABASE_URL, else the PGlite in DATA_DIR), which must be empty. The database is
 * migrated first, so a brand-new DATA_DIR or PostgreSQL database works; start the server with
 * SEED_DEMO=false before, or not at all, else the demo seed makes it non-empty.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadEnv } from '../config/env.ts';
import { RestoreRefusedError, restoreBackup } from '../modules/exports/backup.ts';
import { openDatabase } from './client.ts';
import { migrateDatabaseExclusively } from './migrate.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup.json | backup.json.gz>');
  process.exit(2);
}

const raw = readFileSync(file);
const isGzip = raw[0] === 0x1f && raw[1] === 0x8b;
const backup: unknown = JSON.parse((isGzip ? gunzipSync(raw) : raw).toString('utf8'));

const env = loadEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateDatabaseExclusively(handle);
  const restored = await restoreBackup(handle.db, backup);
  console.warn(`Restored ${restored.rows} rows into ${restored.tables} tables (${handle.kind}).`);
} catch (error) {
  if (!(error instanceof RestoreRefusedError)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
