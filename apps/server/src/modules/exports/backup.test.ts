import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog } from '../../db/tables/activity.table.ts';
import { settings } from '../../db/tables/settings.table.ts';
import { creators } from '../../db/tables/creators.table.ts';
import { uploads } from '../../db/tables/earnings.table.ts';
import { uploadSnapshots } from '../../db/tables/forecasts.table.ts';
import { createBackup, restoreBackup, RestoreRefusedError, tablesInDependencyOrder, type Backup } from './backup.ts';

describe('backup and restore', () => {
  let source: TestApp;
  let target: TestApp | undefined;
  let backup: Backup;

  beforeAll(async () => {
    source = await createTestApp({ seed: true });
    const token = await signInWithPassword(source.app, 'admin@example.com', 'Admin!2026demo');
    // jsonb, microseconds, bigints and nulls must all survive.
    await source.db.insert(activityLog).values({
      actorId: null,
      action: 'test.values',
      before: { nested: { list: [1, 'two', null] } },
      after: null,
      at: new Date('2026-03-18T10:00:00.123Z'),
    });
    // An upload's snapshot too (long text lists).
    const someCreators = await source.db.select({ id: creators.id }).from(creators).limit(2);
    const [upload] = await source.db
      .insert(uploads)
      .values({ fileName: 'a.xlsx', sizeBytes: 1, sha256: 'x'.repeat(64), period: '2026-03', asOf: '2026-03-17', rows: 2, imported: 2, created: 0, skipped: 0, missing: 0 })
      .returning({ id: uploads.id });
    await source.db.insert(uploadSnapshots).values({
      uploadId: upload!.id,
      period: '2026-03',
      asOf: '2026-03-17',
      creatorCount: someCreators.length,
      creatorIds: someCreators.map((row) => row.id).join(','),
      diamonds: '9007199254740991,0',
      validDays: '3,0',
      liveSeconds: '10800,0',
    });
    const response = await source.app.inject({ method: 'GET', url: '/api/admin/backup', headers: { accesstoken: token } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="agency-backup-2026-03-18.json"');
    backup = response.json() as Backup;
  });
  afterAll(async () => {
    await target?.close();
    await source.close();
  });

  it('holds every table of the schema, parents first, with the format and migration level', () => {
    expect(backup).toMatchObject({ format: 'agency-portal-backup', formatVersion: 1 });
    expect(backup.migration.count).toBeGreaterThan(0);
    expect(backup.migration.tag).toMatch(/^\d{4}_/);
    const names = backup.tables.map((table) => table.name);
    expect(names).toEqual(tablesInDependencyOrder().map((table) => getTableName(table)));
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('creators'));
    expect(names.indexOf('creators')).toBeLessThan(names.indexOf('creator_months'));
    const rows = (name: string) => backup.tables.find((table) => table.name === name)!.rows;
    expect(rows('users').length).toBeGreaterThan(1);
    expect(rows('creator_months').length).toBeGreaterThan(0);
    expect(typeof rows('creator_months')[0]!.diamonds).toBe('string');
    // PostgreSQL's own rendering: UTC offset, and microseconds when the value has them.
    expect(rows('users')[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?\+00:00$/);
    expect(rows('activity_log').some((row) => row.action === 'auth.login')).toBe(true);
  });

  it('restores into a fresh empty database, and a backup of that equals the original', async () => {
    target = await createTestApp();
    const restored = await restoreBackup(target.db, JSON.parse(JSON.stringify(backup)));
    expect(restored.rows).toBe(backup.tables.reduce((sum, table) => sum + table.rows.length, 0));
    const again = await createBackup(target.db, new Date(backup.createdAt));
    expect(again).toEqual(backup);
    // Each month in its own partition, none left in the default one.
    const placed = (await target.db.execute(sql`select tableoid::regclass::text as name, period from creator_months group by 1, 2 order by 2`)) as unknown as { rows: { name: string; period: string }[] };
    expect(placed.rows.length).toBeGreaterThan(1);
    expect(placed.rows.map((row) => row.name)).toEqual(placed.rows.map((row) => `creator_months_${row.period.replace('-', '_')}`));
    // The restored admin session and password still sign in.
    await expect(signInWithPassword(target.app, 'admin@example.com', 'Admin!2026demo')).resolves.toBeTypeOf('string');
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const busy = await createTestApp();
    try {
      await busy.db.insert(settings).values({ id: 1 });
      await expect(restoreBackup(busy.db, backup)).rejects.toThrow(RestoreRefusedError);
      await expect(restoreBackup(busy.db, backup)).rejects.toThrow(/not empty \(settings\)/);
      expect(await busy.db.$count(activityLog)).toBe(0);
    } finally {
      await busy.close();
    }
  });

  it('refuses what is not a backup, or one of another migration level', async () => {
    const empty = await createTestApp();
    try {
      await expect(restoreBackup(empty.db, { hello: 'world' })).rejects.toThrow(RestoreRefusedError);
      const older = { ...backup, migration: { count: 1, hash: 'old', tag: '0000_foundation' } };
      await expect(restoreBackup(empty.db, older)).rejects.toThrow(/migration 0000_foundation/);
      await expect(restoreBackup(empty.db, { ...backup, tables: [...backup.tables, { name: 'nope', rows: [] }] })).rejects.toThrow(/nope/);
    } finally {
      await empty.close();
    }
  });
});
