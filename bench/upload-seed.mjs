// bench:upload's databases: where each kind keeps its data, and the child process that migrates and
// seeds one (members, the admin, the creators) before the server is started on it.
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { usernameOf } from './backstage-export.mjs';
import { createRandom } from './random.mjs';

export const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
export const MEMBERS = 2_000;
export const PASSWORD = 'Bench-admin-2026';
export const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The bench's entry: the seeding child is bench/upload.mjs run with `--child`. */
const BENCH_ENTRY = fileURLToPath(new URL('./upload.mjs', import.meta.url));

/** Where a database kind keeps the bench's data: a PGlite folder or a scratch PostgreSQL database. */
export function databaseOf(kind) {
  // The server opens its embedded database in DATA_DIR/pglite.
  if (kind === 'pglite') return { kind, folder: mkdtempSync(join(tmpdir(), 'bench-upload-pglite-')) };
  const url = new URL(adminUrl);
  url.pathname = `/bench_upload_${Date.now()}`;
  return { kind, url: url.toString() };
}

async function openHandle(target) {
  const pg = (await import('pg')).default;
  const { createPglite, createPgliteHandle, createPostgresHandle } = await import('../apps/server/src/db/client.ts');
  if (target.kind === 'pglite') return createPgliteHandle(await createPglite(join(target.folder, 'pglite')));
  return createPostgresHandle(new pg.Pool({ connectionString: target.url, max: 10 }));
}

/** Child 1: migrate and seed (members, the admin, the creators), then exit. */
export async function seedChild(target) {
  const { sql } = await import('drizzle-orm');
  const { migrateDatabase } = await import('../apps/server/src/db/migrate.ts');
  const { users } = await import('../apps/server/src/db/schema.ts');
  const { hashPassword } = await import('../apps/server/src/lib/passwords.ts');
  const database = await openHandle(target);
  try {
    await migrateDatabase(database);
    const seedStarted = performance.now();
    const db = database.db;
    const memberIds = Array.from({ length: MEMBERS }, () => crypto.randomUUID());
    for (let start = 0; start < MEMBERS; start += 1_000) {
      await db.insert(users).values(
        memberIds.slice(start, start + 1_000).map((id, offset) => ({
          id,
          firstName: 'Member',
          lastName: String(start + offset),
          role: 'user',
          status: 'active',
          referralCode: `BM${start + offset}`,
        })),
      );
    }
    await db.insert(users).values({ firstName: 'Bench', lastName: 'Admin', email: 'bench.admin@bench.example', role: 'admin', status: 'active', referralCode: 'BENCHADM', passwordHash: await hashPassword(PASSWORD) });
    const random = createRandom(7);
    for (let start = 0; target.creators !== false && start < ROWS; start += 10_000) {
      const count = Math.min(10_000, ROWS - start);
      const names = Array.from({ length: count }, (_, offset) => usernameOf(start + offset));
      const affiliates = Array.from({ length: count }, () => memberIds[Math.floor(random() * MEMBERS)]);
      await db.execute(sql`
        insert into creators (tiktok_username, status, affiliate_id, joined_at)
        select name, 'active', affiliate, '2025-01-01T00:00:00Z'::timestamptz
        from unnest(${sql.param(names)}::text[], ${sql.param(affiliates)}::uuid[]) as t(name, affiliate)`);
    }
    if (target.kind === 'postgres') await db.execute(sql`vacuum analyze`);
    process.send({ seedSeconds: (performance.now() - seedStarted) / 1000 });
  } finally {
    await database.close();
  }
}

export function runSeedChild(target) {
  return new Promise((resolve, reject) => {
    const worker = fork(BENCH_ENTRY, ['--child', JSON.stringify(target)], { execArgv: ['--import', 'tsx'] });
    let result = null;
    worker.on('message', (message) => (result = message));
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`${target.kind} seed child exited with ${code}`))));
  });
}
