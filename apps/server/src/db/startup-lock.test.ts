import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { call, createEmptyPostgresDatabase, testEnv } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const isPostgres = process.env.TEST_DB === 'postgres';
const INSTANCES = 4;

describe.skipIf(!isPostgres)('several instances starting at once on one fresh PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase('agency_test_start');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('migrate and seed in turn: every instance starts, each migration is applied once, one demo agency', async () => {
    const env = testEnv({ DATABASE_URL: database.url, SEED_DEMO: 'true' });
    const results = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () => buildApp({ env, logger: false }).then(async (app) => (await app.ready(), app))),
    );
    const apps = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [String((result.reason as Error).message)] : []));
      expect(failures).toEqual([]);

      const checker = new pg.Client({ connectionString: database.url });
      await checker.connect();
      try {
        const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
        const applied = await checker.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0].n).toBe(journal.entries.length);
        const admins = await checker.query("select count(*)::int as n from users where email = 'admin@example.com'");
        expect(admins.rows[0].n).toBe(1);
      } finally {
        await checker.end();
      }
      // Every instance answers, on the same data.
      for (const app of apps) {
        const login = await call(app, 'POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'Admin!2026demo' } });
        expect(login.status).toBe(200);
      }
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
