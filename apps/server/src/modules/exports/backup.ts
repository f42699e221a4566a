import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../config/paths.ts';
import type { Database, Executor } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { ensureMonthPartition, isMonthPeriod } from '../../db/month-partitions.ts';

/**
 * A full, machine-readable backup: every table of the schema, each row as PostgreSQL's own JSON of
 * it (`to_jsonb`: timestamps with microseconds and offset, jsonb as is, nulls as null; bigint and
 * numeric as text so no digit is lost in JavaScript). Restore feeds the same JSON back through
 * `jsonb_populate_recordset`, so values round-trip exactly.
 */
const BACKUP_FORMAT = 'agency-portal-backup';
const BACKUP_FORMAT_VERSION = 1;

interface MigrationLevel {
  /** Number of migrations applied. */
  count: number;
  /** drizzle's hash and tag of the last one (null on an unmigrated database). */
  hash: string | null;
  tag: string | null;
}

const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  migration: z.object({ count: z.number().int(), hash: z.string().nullable(), tag: z.string().nullable() }),
  tables: z.array(z.object({ name: z.string(), rows: z.array(z.record(z.string(), z.unknown())) })),
});
export type Backup = z.infer<typeof backupSchema>;

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** Tables of transient state (rate-limit counters): neither backed up nor restored. */
const TRANSIENT_TABLES = new Set(['rate_limit_hits']);

/** Every table of the schema, parents before children (self-references aside), then by name. */
export function tablesInDependencyOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && !TRANSIENT_TABLES.has(getTableName(value)),
  );
  const byName = new Map<string, PgTable>(tables.map((table) => [getTableName(table), table]));
  const ordered: PgTable[] = [];
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (table: PgTable) => {
    const name = getTableName(table);
    if (done.has(name)) return;
    if (visiting.has(name)) throw new Error(`foreign key cycle through ${name}: backup order is undefined`);
    visiting.add(name);
    const parents = getTableConfig(table)
      .foreignKeys.map((key) => getTableName(key.reference().foreignTable))
      .filter((parent) => parent !== name)
      .sort();
    for (const parent of parents) visit(byName.get(parent)!);
    visiting.delete(name);
    done.add(name);
    ordered.push(table);
  };
  for (const name of [...byName.keys()].sort()) visit(byName.get(name)!);
  return ordered;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

function journalTag(createdAt: string | null): string | null {
  if (!createdAt) return null;
  try {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    return journal.entries.find((entry) => String(entry.when) === createdAt)?.tag ?? null;
  } catch {
    return null;
  }
}

/** The migrations drizzle recorded as applied on this database. */
async function readMigrationLevel(db: Executor): Promise<MigrationLevel> {
  const exists = rowsOf(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`));
  if (!exists[0]?.exists) return { count: 0, hash: null, tag: null };
  const [row] = rowsOf(
    await db.execute(sql`
      select (select count(*) from drizzle.__drizzle_migrations)::int as "count", hash, created_at::text as "createdAt"
      from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1`),
  );
  if (!row) return { count: 0, hash: null, tag: null };
  const createdAt = (row.createdAt as string | null) ?? null;
  return { count: Number(row.count), hash: (row.hash as string | null) ?? null, tag: journalTag(createdAt) };
}

function quoted(name: string) {
  return sql.identifier(name);
}

/** `to_jsonb(t)` with bigint and numeric columns as text, ordered by the primary key. */
function selectRowsSql(table: PgTable) {
  const config = getTableConfig(table);
  const exactAsText = config.columns.filter((column) => /^(bigint|bigserial|numeric)/.test(column.getSQLType()));
  const overrides = exactAsText.map((column) => sql`jsonb_build_object(${column.name}::text, t.${quoted(column.name)}::text)`);
  const row = overrides.length > 0 ? sql`to_jsonb(t) || ${sql.join(overrides, sql` || `)}` : sql`to_jsonb(t)`;
  const keyColumns = [
    ...config.columns.filter((column) => column.primary).map((column) => column.name),
    ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
  ];
  const order = keyColumns.length > 0 ? sql.join(keyColumns.map((name) => sql`t.${quoted(name)}`), sql`, `) : sql`to_jsonb(t)::text`;
  return sql`select (${row})::text as "row" from ${quoted(config.name)} t order by ${order}`;
}

/** A consistent snapshot of every table (one read-only, repeatable-read transaction). */
export async function createBackup(db: Database, now: Date): Promise<Backup> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    // Timestamps are rendered in the session's zone; UTC makes two backups of the same data equal.
    await tx.execute(sql`set local timezone to 'UTC'`);
    const migration = await readMigrationLevel(tx);
    const tables: Backup['tables'] = [];
    for (const table of tablesInDependencyOrder()) {
      const rows = rowsOf(await tx.execute(selectRowsSql(table))).map((result) => JSON.parse(result.row as string) as Record<string, unknown>);
      tables.push({ name: getTableName(table), rows });
    }
    return { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, createdAt: now.toISOString(), migration, tables };
  });
}

/** Accepts parsed JSON; throws a RestoreRefusedError naming what is wrong with it. */
function parseBackup(input: unknown): Backup {
  const result = backupSchema.safeParse(input);
  if (!result.success) {
    throw new RestoreRefusedError(`not a backup of this portal (format ${BACKUP_FORMAT} v${BACKUP_FORMAT_VERSION}): ${result.error.issues[0]?.message ?? ''}`);
  }
  return result.data;
}

/**
 * Restores a backup into an EMPTY, migrated database at the backup's migration level, in one
 * transaction: on any error nothing is written. Only inserts, so the append-only activity log
 * trigger stays in place. Foreign keys are checked at the end of each table's single statement,
 * so rows that point at rows of their own table (users.referred_by) restore in any order.
 */
export async function restoreBackup(db: Database, input: unknown): Promise<{ tables: number; rows: number }> {
  const backup = parseBackup(input);
  const tables = tablesInDependencyOrder();
  const known = new Set(tables.map((table) => getTableName(table)));
  const unknown = backup.tables.filter((table) => !known.has(table.name)).map((table) => table.name);
  if (unknown.length > 0) throw new RestoreRefusedError(`the backup has tables this version does not know: ${unknown.join(', ')}`);

  return db.transaction(async (tx) => {
    const level = await readMigrationLevel(tx);
    if (level.count !== backup.migration.count || level.hash !== backup.migration.hash) {
      throw new RestoreRefusedError(
        `the backup was taken at migration ${backup.migration.tag ?? backup.migration.count}, this database is at ${level.tag ?? level.count}: restore with the same version of the portal`,
      );
    }
    const nonEmpty: string[] = [];
    for (const table of tables) {
      const [row] = rowsOf(await tx.execute(sql`select exists (select 1 from ${quoted(getTableName(table))}) as "taken"`));
      if (row?.taken) nonEmpty.push(getTableName(table));
    }
    if (nonEmpty.length > 0) {
      throw new RestoreRefusedError(`the database is not empty (${nonEmpty.join(', ')}): restore only into an empty database`);
    }
    let rowCount = 0;
    for (const table of tables) {
      const name = getTableName(table);
      const rows = backup.tables.find((entry) => entry.name === name)?.rows ?? [];
      if (rows.length === 0) continue;
      // Each month into a partition of its own, as imports leave them (db/month-partitions.ts).
      if (name === 'creator_months') {
        const months = new Set(rows.map((row) => row.period).filter((period): period is string => typeof period === 'string' && isMonthPeriod(period)));
        for (const month of months) await ensureMonthPartition(tx, month);
      }
      await tx.execute(
        sql`insert into ${quoted(name)} select * from jsonb_populate_recordset(null::${quoted(name)}, ${JSON.stringify(rows)}::jsonb)`,
      );
      rowCount += rows.length;
    }
    // No table uses a sequence (keys are uuids and the settings row's fixed 1); a serial column
    // added later needs its sequence moved past the restored values here.
    return { tables: tables.length, rows: rowCount };
  });
}
