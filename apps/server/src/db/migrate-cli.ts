/** `npm run db:migrate`: applies the migrations to the configured database and exits. */
import { loadEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { migrateDatabaseExclusively } from './migrate.ts';

const env = loadEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateDatabaseExclusively(handle);
  console.warn(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
