import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { snapshotLists } from './forecasts.repository.ts';

describe('an upload snapshot as four lists', () => {
  it('lists the creators and their figures in one order, and refuses a figure that is not a whole number', () => {
    const rows = [
      { creatorId: 'a', diamonds: 2_980_000, validDays: 12, liveSeconds: 431_251 },
      { creatorId: 'b', diamonds: 0, validDays: 0, liveSeconds: 0 },
      { creatorId: 'c', diamonds: Number.MAX_SAFE_INTEGER, validDays: 31, liveSeconds: 1 },
    ];
    expect(snapshotLists(rows)).toEqual({ creatorCount: 3, creatorIds: 'a,b,c', diamonds: `2980000,0,${Number.MAX_SAFE_INTEGER}`, validDays: '12,0,31', liveSeconds: '431251,0,1' });
    expect(snapshotLists([])).toEqual({ creatorCount: 0, creatorIds: '', diamonds: '', validDays: '', liveSeconds: '' });
    expect(() => snapshotLists([{ creatorId: 'a', diamonds: 1.5, validDays: 0, liveSeconds: 0 }])).toThrow(/not whole numbers/);
  });

  it('the lists are stored with LZ4 where the database has it (migration 0019), else with its default', async () => {
    const handle = await createTestDatabase();
    try {
      const result = await handle.db.execute(sql`
        select attname::text as name, attcompression::text as compression,
          (select 'lz4' = any (enumvals) from pg_settings where name = 'default_toast_compression') as has_lz4
        from pg_attribute where attrelid = 'upload_snapshots'::regclass and attname in ('creator_ids', 'diamonds', 'valid_days', 'live_seconds')
        order by attname`);
      const rows = (result as unknown as { rows: { name: string; compression: string; has_lz4: boolean }[] }).rows;
      expect(rows.map((row) => row.name)).toEqual(['creator_ids', 'diamonds', 'live_seconds', 'valid_days']);
      const hasLz4 = rows[0]!.has_lz4;
      // Debian's PostgreSQL is built with LZ4; PGlite is not.
      expect(hasLz4).toBe(process.env.TEST_DB === 'postgres');
      for (const row of rows) expect(row.compression).toBe(hasLz4 ? 'l' : '');
    } finally {
      await handle.close();
    }
  });
});
