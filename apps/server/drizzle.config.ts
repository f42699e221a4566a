import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate` (from the repository root) writes a new migration from the schema.
 * drizzle-kit wants paths relative to the working directory (it prefixes `./` when it reads
 * snapshots back), so they are computed from this file's location for any working directory.
 */
const fromCwd = (path: string) => relative(process.cwd(), fileURLToPath(new URL(path, import.meta.url))) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: fromCwd('./src/db/schema.ts'),
  out: fromCwd('./src/db/migrations'),
  strict: true,
  verbose: true,
});
