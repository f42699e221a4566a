import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { executePrepared, type DatabaseHandle } from './client.ts';

/** Rows of a raw query; the shared Database type leaves `execute()`'s result untyped across drivers. */
async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the database client', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  // PGlite runs in this process and has no connection that can be cut; PostgreSQL does.
  it.runIf(process.env.TEST_DB === 'postgres')('survives PostgreSQL ending an idle connection and answers the next query', async () => {
    const [backend] = await rows<{ pid: number }>(handle, sql`select pg_backend_pid() as pid`);
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
    await killer.connect();
    try {
      await killer.query('select pg_terminate_backend($1)', [backend?.pid]);
    } finally {
      await killer.end();
    }
    // Give the dead socket's 'error' time to reach the pool; without a listener the process would crash.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rows(handle, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('executePrepared: one name, new parameters each call, the right rows every time (also inside a transaction)', async () => {
    const query = (value: number) => sql`select ${value}::int * 2 as doubled, ${`v${value}`}::text as label`;
    for (const value of [1, 2, 3, 4, 5, 6, 7]) {
      expect(await executePrepared(handle.db, 'client_test_doubled', query(value))).toEqual([{ doubled: value * 2, label: `v${value}` }]);
    }
    const inside = await handle.db.transaction((tx) => executePrepared(tx, 'client_test_doubled', query(21)));
    expect(inside).toEqual([{ doubled: 42, label: 'v21' }]);
  });

  it('answers queries', async () => {
    expect(await rows(handle, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });
});
