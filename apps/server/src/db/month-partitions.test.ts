import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, createTestDatabase } from '../../test/helpers.ts';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import { createPgliteHandle, createPostgresHandle, createPostgresPool, type Database, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { ensureMonthPartition, finishNewMonth, monthPartitionName, newMonthTableName, rewriteMonthPartition, startNewMonth } from './month-partitions.ts';
import { creatorMonths, creators } from './schema.ts';

/**
 * creator_months is partitioned by month (migration 0023, db/month-partitions.ts), on PGlite and on
 * PostgreSQL alike: every month in a table of its own, which keeps the parent's keys, checks and
 * foreign key, and which an import on PGlite can write anew and swap in.
 */

type Row = Record<string, unknown>;
const rowsOf = async (db: Database, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: Row[] };

/** Where each row of `period` is: the table that holds it. */
async function tablesOf(db: Database, period: string): Promise<string[]> {
  const { rows } = await rowsOf(db, sql`select distinct tableoid::regclass::text as name from creator_months where period = ${period} order by 1`);
  return rows.map((row) => row.name as string);
}

/** The month's rows as the application reads them, by username. */
async function monthRows(db: Database, period: string) {
  const rows = await db
    .select({ username: creators.tiktokUsername, diamonds: creatorMonths.diamonds, validDays: creatorMonths.validDays, uploadId: creatorMonths.uploadId, updatedAt: creatorMonths.updatedAt, state: creatorMonths.requirementState })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(eq(creatorMonths.period, period))
    .orderBy(creators.tiktokUsername);
  return rows;
}

/** The partition's indexes, without the partition's own name in them. */
async function indexesOf(db: Database, table: string): Promise<string[]> {
  const { rows } = await rowsOf(db, sql`select indexdef from pg_indexes where tablename = ${table} order by indexdef`);
  return rows.map((row) => (row.indexdef as string).replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+/, 'CREATE $1INDEX ON'));
}

const EXPECTED_INDEXES = [
  'CREATE INDEX ON USING btree (period, diamonds, creator_id)',
  'CREATE INDEX ON USING btree (period, requirement_state)',
  'CREATE UNIQUE INDEX ON USING btree (creator_id, period)',
];

describe('creator_months is partitioned by month', () => {
  let handle: DatabaseHandle;
  let db: Database;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    const made = await db
      .insert(creators)
      .values(['ada', 'bora', 'cem', 'deniz', 'ece'].map((name) => ({ tiktokUsername: name, status: 'active' as const })))
      .returning({ id: creators.id, username: creators.tiktokUsername });
    for (const row of made) ids[row.username] = row.id;
  });

  afterAll(async () => {
    await handle.close();
  });

  it('names a month\'s partition after it, and refuses anything that is not a month (the name goes into DDL)', () => {
    expect(monthPartitionName('2026-11')).toBe('creator_months_2026_11');
    for (const bad of ['2026-13', '2026-1', "2026-11'; drop table creators; --", '']) expect(() => monthPartitionName(bad)).toThrow(/Not a month/);
  });

  it('keeps a month written before it had a partition in the default one, and moves its rows into its own when it gets one', async () => {
    await db.insert(creatorMonths).values([
      { creatorId: ids.ada!, period: '2025-03', diamonds: 1200, validDays: 4 },
      { creatorId: ids.bora!, period: '2025-03', diamonds: 300, validDays: 2 },
    ]);
    expect(await tablesOf(db, '2025-03')).toEqual(['creator_months_default']);
    const before = await monthRows(db, '2025-03');

    await db.transaction((tx) => ensureMonthPartition(tx, '2025-03'));
    expect(await tablesOf(db, '2025-03')).toEqual(['creator_months_2025_03']);
    expect(await monthRows(db, '2025-03')).toEqual(before);
    const { rows: left } = await rowsOf(db, sql`select count(*)::int as n from creator_months_default where period = '2025-03'`);
    expect(left[0]!.n).toBe(0);
    expect(await indexesOf(db, 'creator_months_2025_03')).toEqual(EXPECTED_INDEXES);
    // Again: nothing to do.
    await db.transaction((tx) => ensureMonthPartition(tx, '2025-03'));
    expect(await monthRows(db, '2025-03')).toEqual(before);
    // Rows written later go to the month's partition.
    await db.insert(creatorMonths).values({ creatorId: ids.cem!, period: '2025-03', diamonds: 7 });
    expect(await tablesOf(db, '2025-03')).toEqual(['creator_months_2025_03']);
  });

  it('gives a month one partition when two writers ask at once', async () => {
    await Promise.all([1, 2, 3].map(() => db.transaction((tx) => ensureMonthPartition(tx, '2025-04'))));
    const { rows } = await rowsOf(db, sql`select inhrelid::regclass::text as name from pg_inherits where inhparent = 'creator_months'::regclass order by 1`);
    expect(rows.map((row) => row.name).filter((name) => name === 'creator_months_2025_04')).toEqual(['creator_months_2025_04']);
  });

  it('the partition keeps the parent\'s keys: one row per creator and month, a creator that exists, deleted with its creator', async () => {
    await db.transaction((tx) => ensureMonthPartition(tx, '2025-05'));
    await db.insert(creatorMonths).values({ creatorId: ids.deniz!, period: '2025-05', diamonds: 10 });
    await expect(db.insert(creatorMonths).values({ creatorId: ids.deniz!, period: '2025-05', diamonds: 11 })).rejects.toThrow();
    await expect(db.insert(creatorMonths).values({ creatorId: '0190e3e0-0000-7000-8000-00000000dead', period: '2025-05', diamonds: 1 })).rejects.toThrow();
    await expect(db.insert(creatorMonths).values({ creatorId: ids.ece!, period: '2025-05', diamonds: -1 })).rejects.toThrow();
    const [gone] = await db.insert(creators).values({ tiktokUsername: 'gidecek', status: 'active' }).returning({ id: creators.id });
    await db.insert(creatorMonths).values({ creatorId: gone!.id, period: '2025-05', diamonds: 5 });
    await db.delete(creators).where(eq(creators.id, gone!.id));
    expect((await monthRows(db, '2025-05')).map((row) => row.username)).toEqual(['deniz']);
  });

  describe('rewriteMonthPartition', () => {
    const UPLOAD = '0190e3e0-0000-7000-8000-00000000a001';
    const AT = new Date('2026-06-03T10:00:00.000Z');
    const stage = async (tx: Database, rows: { creatorId: string; diamonds: number; validDays: number; state: string | null }[]) => {
      await tx.execute(sql`create temporary table staged_figures (
        creator_id uuid not null, diamonds bigint not null, valid_days integer not null, live_seconds integer not null, matches integer not null,
        last_live_at timestamptz, achieved_bps integer not null, requirement_state text, left_network boolean not null) on commit drop`);
      for (const row of rows) {
        await tx.execute(sql`insert into staged_figures values (${row.creatorId}::uuid, ${row.diamonds}, ${row.validDays}, 3600, 2, null, 150, ${row.state}, false)`);
      }
    };

    beforeAll(async () => {
      await db.insert(creatorMonths).values(
        (['ada', 'bora', 'cem', 'deniz', 'ece'] as const).map((name, index) => ({
          creatorId: ids[name]!,
          period: '2025-06',
          diamonds: 1000 * (index + 1),
          validDays: index + 1,
          requirementState: 'atRisk' as const,
          updatedAt: new Date('2025-06-02T00:00:00.000Z'),
        })),
      );
    });

    it('writes the staged figures with the upload and its time, keeps every other row as it was, and the new table has the keys', async () => {
      const before = await monthRows(db, '2025-06');
      const staged = await db.transaction(async (tx) => {
        await stage(tx as unknown as Database, [
          { creatorId: ids.bora!, diamonds: 2222, validDays: 20, state: 'onTrack' },
          { creatorId: ids.deniz!, diamonds: 0, validDays: 0, state: null },
        ]);
        return rewriteMonthPartition(tx, '2025-06', 'staged_figures', UPLOAD, AT);
      });
      expect(staged).toBe(2);
      const after = await monthRows(db, '2025-06');
      expect(after).toEqual(
        before.map((row) =>
          row.username === 'bora'
            ? { ...row, diamonds: 2222, validDays: 20, state: 'onTrack', uploadId: UPLOAD, updatedAt: AT }
            : row.username === 'deniz'
              ? { ...row, diamonds: 0, validDays: 0, state: null, uploadId: UPLOAD, updatedAt: AT }
              : row,
        ),
      );
      expect(await tablesOf(db, '2025-06')).toEqual(['creator_months_2025_06']);
      expect(await indexesOf(db, 'creator_months_2025_06')).toEqual(EXPECTED_INDEXES);
      const { rows: leftovers } = await rowsOf(db, sql`select relname from pg_class where relname like 'creator_months_2025_06%' and relkind = 'r' order by 1`);
      expect(leftovers.map((row) => row.relname)).toEqual(['creator_months_2025_06']);
      await expect(db.insert(creatorMonths).values({ creatorId: ids.ada!, period: '2025-06', diamonds: 1 })).rejects.toThrow();
      await expect(db.insert(creatorMonths).values({ creatorId: '0190e3e0-0000-7000-8000-00000000dead', period: '2025-06', diamonds: 1 })).rejects.toThrow();
    });

    it('refuses a staged creator that has no row in the month: the transaction rolls back and the month is as it was', async () => {
      const before = await monthRows(db, '2025-06');
      const [stranger] = await db.insert(creators).values({ tiktokUsername: 'yabanci', status: 'active' }).returning({ id: creators.id });
      await expect(
        db.transaction(async (tx) => {
          await stage(tx as unknown as Database, [
            { creatorId: ids.ada!, diamonds: 5, validDays: 5, state: 'onTrack' },
            { creatorId: stranger!.id, diamonds: 9, validDays: 9, state: 'onTrack' },
          ]);
          await rewriteMonthPartition(tx, '2025-06', 'staged_figures', UPLOAD, AT);
        }),
      ).rejects.toThrow();
      expect(await monthRows(db, '2025-06')).toEqual(before);
      expect(await tablesOf(db, '2025-06')).toEqual(['creator_months_2025_06']);
    });

    it('gives a month still in the default partition its own first', async () => {
      await db.insert(creatorMonths).values({ creatorId: ids.ece!, period: '2025-07', diamonds: 40 });
      expect(await tablesOf(db, '2025-07')).toEqual(['creator_months_default']);
      await db.transaction(async (tx) => {
        await stage(tx as unknown as Database, [{ creatorId: ids.ece!, diamonds: 41, validDays: 1, state: 'failing' }]);
        await rewriteMonthPartition(tx, '2025-07', 'staged_figures', UPLOAD, AT);
      });
      expect(await tablesOf(db, '2025-07')).toEqual(['creator_months_2025_07']);
      expect(await monthRows(db, '2025-07')).toMatchObject([{ username: 'ece', diamonds: 41, validDays: 1, state: 'failing', uploadId: UPLOAD }]);
    });
  });
});

/**
 * A month's first import writes its rows into a new table without keys and makes it the month's
 * partition at the end (startNewMonth, finishNewMonth): on PGlite in the place of the month's empty
 * partition, on PostgreSQL only for a month without one (attached, nothing detached), within a
 * bounded wait for the locks attaching takes.
 */
describe('a month\'s first rows, written into a new table', () => {
  const onPostgres = process.env.TEST_DB === 'postgres';
  let handle: DatabaseHandle;
  let db: Database;
  const ids: Record<string, string> = {};
  const UPLOAD = '0190e3e0-0000-7000-8000-00000000b001';

  /** Inserts rows straight into the month's new table, as the import's COPY does. */
  const writeNew = async (tx: Database, period: string, rows: { creatorId: string; diamonds: number }[]) => {
    for (const row of rows) {
      await tx.execute(sql`insert into ${sql.identifier(newMonthTableName(period))} (creator_id, period, diamonds, valid_days, upload_id) values (${row.creatorId}::uuid, ${period}, ${row.diamonds}, 3, ${UPLOAD}::uuid)`);
    }
  };
  const tablesNamed = async (prefix: string) => {
    const { rows } = await rowsOf(db, sql`select relname from pg_class where relname like ${`${prefix}%`} and relkind = 'r' order by 1`);
    return rows.map((row) => row.relname as string);
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    const made = await db
      .insert(creators)
      .values(['ada', 'bora', 'cem'].map((name) => ({ tiktokUsername: name, status: 'active' as const })))
      .returning({ id: creators.id, username: creators.tiktokUsername });
    for (const row of made) ids[row.username] = row.id;
    await db.transaction((tx) => ensureMonthPartition(tx, '2025-06'));
    await db.insert(creatorMonths).values({ creatorId: ids.ada!, period: '2025-06', diamonds: 60 });
  });

  afterAll(async () => {
    await handle.close();
  });

  it('makes the new table the month\'s partition, with its keys and every row', async () => {
    await db.transaction(async (tx) => {
      expect(await startNewMonth(tx, '2025-08')).toBe(true);
      await writeNew(tx as unknown as Database, '2025-08', [
        { creatorId: ids.ada!, diamonds: 100 },
        { creatorId: ids.bora!, diamonds: 200 },
      ]);
      await finishNewMonth(tx, '2025-08');
      if (onPostgres) {
        // Until the commit: readers of another month go on; a reader of every month waits.
        const read = (query: ReturnType<typeof sql>) =>
          db.transaction(async (reader) => {
            await reader.execute(sql`set local lock_timeout = 300`);
            await reader.execute(query);
          });
        await expect(read(sql`select count(*) from creator_months where period = '2025-06'`)).resolves.toBeUndefined();
        await expect(read(sql`select count(*) from creator_months`)).rejects.toThrow();
        const { rows } = await rowsOf(tx as unknown as Database, sql`select current_setting('lock_timeout') as wait`);
        expect(rows[0]!.wait).toBe('0');
      }
    });
    expect(await tablesOf(db, '2025-08')).toEqual(['creator_months_2025_08']);
    expect((await monthRows(db, '2025-08')).map((row) => [row.username, row.diamonds, row.uploadId])).toEqual([
      ['ada', 100, UPLOAD],
      ['bora', 200, UPLOAD],
    ]);
    expect(await indexesOf(db, 'creator_months_2025_08')).toEqual(EXPECTED_INDEXES);
    expect(await tablesNamed('creator_months_2025_08')).toEqual(['creator_months_2025_08']);
    await expect(db.insert(creatorMonths).values({ creatorId: ids.ada!, period: '2025-08', diamonds: 1 })).rejects.toThrow();
  });

  it('refuses a row whose creator does not exist: the transaction rolls back, and the month has nothing', async () => {
    await expect(
      db.transaction(async (tx) => {
        await startNewMonth(tx, '2025-09');
        await writeNew(tx as unknown as Database, '2025-09', [
          { creatorId: ids.cem!, diamonds: 5 },
          { creatorId: '0190e3e0-0000-7000-8000-00000000dead', diamonds: 7 },
        ]);
        await finishNewMonth(tx, '2025-09');
      }),
    ).rejects.toThrow();
    expect(await monthRows(db, '2025-09')).toEqual([]);
    expect(await tablesNamed('creator_months_2025_09')).toEqual([]);
  });

  it.skipIf(!onPostgres)('on PostgreSQL, a month that has a partition is written into it: nothing is made', async () => {
    await db.transaction(async (tx) => {
      expect(await startNewMonth(tx, '2025-06')).toBe(false);
    });
    expect(await tablesNamed('creator_months_2025_06')).toEqual(['creator_months_2025_06']);
  });

  it.skipIf(!onPostgres)('on PostgreSQL, when a reader holds the default partition past the wait, the rows go in through creator_months instead', async () => {
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const reader = db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from creator_months_default`);
      holding();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    try {
      await db.transaction(async (tx) => {
        expect(await startNewMonth(tx, '2025-10')).toBe(true);
        await writeNew(tx as unknown as Database, '2025-10', [{ creatorId: ids.cem!, diamonds: 300 }]);
        await finishNewMonth(tx, '2025-10', 200);
        const { rows } = await rowsOf(tx as unknown as Database, sql`select current_setting('lock_timeout') as wait`);
        expect(rows[0]!.wait).toBe('0');
      });
    } finally {
      release();
      await reader;
    }
    expect(await tablesOf(db, '2025-10')).toEqual(['creator_months_default']);
    expect((await monthRows(db, '2025-10')).map((row) => [row.username, row.diamonds, row.uploadId])).toEqual([['cem', 300, UPLOAD]]);
    expect(await tablesNamed('creator_months_2025_10')).toEqual([]);
  });
});

/**
 * Migration 0023 on a database that already holds months: the table becomes the default
 * partition, and each month it held moves into a partition of its own with every row and figure.
 */
describe('migration 0023 on a database with months', () => {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-0022-'));
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    // The migrations up to 0022: the journal without its last entry, and without the file.
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.pop()!;
    expect(last.tag).toBe('0023_creator_months_by_month');
    writeFileSync(journalPath, JSON.stringify(journal));
    rmSync(join(folder, `${last.tag}.sql`));
    if (process.env.TEST_DB === 'postgres') {
      const empty = await createEmptyPostgresDatabase();
      drop = empty.drop;
      handle = createPostgresHandle(createPostgresPool(empty.url, { max: 2 }));
    } else {
      handle = createPgliteHandle(await PGlite.create());
    }
  });

  afterAll(async () => {
    await handle.close();
    await drop?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it('moves every month into a partition of its own, with every row, and the parent keeps its names', async () => {
    await migrateDatabase(handle, folder);
    const db = handle.db;
    const made = await db
      .insert(creators)
      .values(['ada', 'bora'].map((name) => ({ tiktokUsername: name, status: 'active' as const })))
      .returning({ id: creators.id });
    await db.insert(creatorMonths).values([
      { creatorId: made[0]!.id, period: '2026-09', diamonds: 100, validDays: 3, requirementState: 'atRisk' },
      { creatorId: made[1]!.id, period: '2026-09', diamonds: 200, validDays: 4 },
      { creatorId: made[0]!.id, period: '2026-10', diamonds: 300, validDays: 5, leftNetwork: true },
    ]);
    const before = await db.select().from(creatorMonths).orderBy(creatorMonths.period, creatorMonths.diamonds);

    await migrateDatabase(handle);

    expect(await db.select().from(creatorMonths).orderBy(creatorMonths.period, creatorMonths.diamonds)).toEqual(before);
    expect(await tablesOf(db, '2026-09')).toEqual(['creator_months_2026_09']);
    expect(await tablesOf(db, '2026-10')).toEqual(['creator_months_2026_10']);
    const { rows: kind } = await rowsOf(db, sql`select relkind from pg_class where relname = 'creator_months'`);
    expect(kind[0]!.relkind).toBe('p');
    const { rows: names } = await rowsOf(
      db,
      sql`select conname from pg_constraint where conrelid = 'creator_months'::regclass and contype <> 'n' union all select indexname from pg_indexes where tablename = 'creator_months' order by 1`,
    );
    expect(names.map((row) => row.conname)).toEqual([
      'creator_months_creator_id_creators_id_fk',
      'creator_months_non_negative_check',
      'creator_months_period_check',
      'creator_months_period_diamonds_idx',
      'creator_months_period_state_idx',
      'creator_months_pkey',
      'creator_months_pkey',
      'creator_months_requirement_state_check',
    ]);
    expect(await indexesOf(db, 'creator_months_2026_09')).toEqual(EXPECTED_INDEXES);
    const { rows: triggers } = await rowsOf(db, sql`select tgname from pg_trigger where tgrelid = 'creator_months'::regclass and not tgisinternal`);
    expect(triggers.map((row) => row.tgname)).toEqual(['creator_months_read_cache']);
    const { rows: defaults } = await rowsOf(db, sql`select count(*)::int as n from creator_months_default`);
    expect(defaults[0]!.n).toBe(0);
  });
});
