/**
 * The uploads' own rows (the history, the remembered column mappings), the sample file's query,
 * and the PGlite upkeep of the tables an import rewrites. The month rows' writes are in
 * month-rows.repository.ts and the import's reads in import-reads.repository.ts; what the month
 * writer and the tests take from here is re-exported below.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { isPglite, transactionConnection, type Database, type Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import { agencyMonths, memberMonths, uploadColumnMappings, uploads } from '../../db/tables/earnings.table.ts';
import { users } from '../../db/tables/members.table.ts';
import { monthTable } from '../../db/month-partitions.ts';


/**
 * Fresh planner statistics for the month's recompute, which joins the 100,000 rows just written
 * with `creators` and `users`. PGlite runs no autovacuum, so without this its tables keep no
 * statistics at all: the planner then takes the month for a couple of rows and joins them with
 * 100,000 index lookups (1-2 s on PGlite instead of ~0.1 s with hash joins). ANALYZE of the two
 * tables costs ~0.15 s; inside the transaction it sees the rows just written and rolls back with
 * it. It runs when the month's row count is new to the statistics: a first import of the month
 * (`before` 0), or one whose number of rows differs by more than a tenth; a re-import of about the
 * same rows leaves the month's share of the table, which is what the plans depend on, as it was,
 * unless the month was written anew (`rewritten`): its partition is then a new table without any.
 * Only the month's partition is analyzed (ANALYZE of `creator_months` would sample every month).
 * PostgreSQL's autovacuum keeps statistics, but only after the commit: there the month's partition
 * is analyzed when it is a new table (`rewritten`: a first import's, or the month written anew),
 * which the recompute otherwise took for 500 rows (100,000 index lookups and a sort on disk:
 * 0.25-0.35 s instead of ~0.1 s, the ANALYZE included).
 */
export async function refreshMonthStatistics(tx: Executor, period: string, before: number, after: number, rewritten: boolean): Promise<void> {
  const kind = transactionConnection(tx)?.kind;
  if (kind === 'postgres' && rewritten) {
    await tx.execute(sql`analyze ${sql.identifier(await monthTable(tx, period))}`);
    return;
  }
  if (kind !== 'pglite') return;
  if (!rewritten && before > 0 && Math.abs(after - before) * 10 <= before) return;
  await tx.execute(sql`analyze ${sql.identifier(await monthTable(tx, period))}, users`);
}

/**
 * PGlite only, after an import has committed: VACUUM of the tables an import rewrites. PGlite runs
 * no autovacuum, so each re-import left the month's replaced rows behind as dead tuples in the
 * table and its three indexes, for good: every later import of the month then had to step over
 * them, and grew slower with each upload (a 100,000-row rewrite: ~2.4 s, then ~2.9, ~3.4, ~3.9 s;
 * with this VACUUM (~0.1-0.2 s) ~2.6 s each time; docs/decisions/006). PostgreSQL's autovacuum
 * does this there. VACUUM cannot run inside a transaction: `db` is the database itself.
 */
export async function vacuumImportTables(db: Database, period: string): Promise<void> {
  if (!isPglite(db)) return;
  // The month's partition only (VACUUM of creator_months would go through every month).
  await db.execute(sql`vacuum ${sql.identifier(await monthTable(db, period))}, ${memberMonths}, ${agencyMonths}`);
}

export async function insertUploadRow(db: Executor, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

export async function findUploadRow(db: Executor, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

export async function listUploadRows(db: Executor, filter: { period?: string | undefined }, page: { limit: number; offset: number }) {
  const where = filter.period ? eq(uploads.period, filter.period) : undefined;
  const [total] = await db.select({ value: count() }).from(uploads).where(where);
  const rows = await db
    .select({ upload: uploads, firstName: users.firstName, lastName: users.lastName })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.uploadedBy))
    .where(where)
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.value ?? 0, rows };
}

/** The active creators with the month's figures (zeros without a row), for the sample file. */
export async function listSampleRows(db: Executor, period: string) {
  return db
    .select({
      id: creators.id,
      tiktokUsername: creators.tiktokUsername,
      joinedAt: creators.joinedAt,
      diamonds: sql<number>`coalesce(${creatorMonths.diamonds}, 0)`.mapWith(Number),
      validDays: sql<number>`coalesce(${creatorMonths.validDays}, 0)`.mapWith(Number),
      liveSeconds: sql<number>`coalesce(${creatorMonths.liveSeconds}, 0)`.mapWith(Number),
      matches: sql<number>`coalesce(${creatorMonths.matches}, 0)`.mapWith(Number),
      lastLiveAt: creatorMonths.lastLiveAt,
    })
    .from(creators)
    .leftJoin(creatorMonths, and(eq(creatorMonths.creatorId, creators.id), eq(creatorMonths.period, period)))
    .where(eq(creators.status, 'active'))
    .orderBy(asc(creators.tiktokUsername));
}

/** How many header-row mappings are kept: the oldest go beyond it (an agency sees a handful of layouts). */
const MAX_REMEMBERED_MAPPINGS = 200;

/** The column mappings remembered for header rows, by signature. */
export async function readColumnMappings(db: Executor): Promise<Map<string, Record<string, number>>> {
  const rows = await db
    .select({ signature: uploadColumnMappings.signature, mapping: uploadColumnMappings.mapping })
    .from(uploadColumnMappings)
    .orderBy(desc(uploadColumnMappings.createdAt))
    .limit(MAX_REMEMBERED_MAPPINGS);
  return new Map(rows.map((row) => [row.signature, row.mapping]));
}

/** Remembers (or replaces) the admin's mapping for a header row; keeps the newest MAX_REMEMBERED_MAPPINGS. */
export async function rememberColumnMapping(db: Executor, values: { signature: string; mapping: Record<string, number>; headers: string[]; createdBy: string; at: Date }): Promise<void> {
  await db
    .insert(uploadColumnMappings)
    .values({ signature: values.signature, mapping: values.mapping, headers: values.headers, createdBy: values.createdBy, createdAt: values.at })
    .onConflictDoUpdate({ target: uploadColumnMappings.signature, set: { mapping: values.mapping, headers: values.headers, createdBy: values.createdBy, createdAt: values.at } });
  await db.execute(sql`
    delete from ${uploadColumnMappings} where ${uploadColumnMappings.signature} in (
      select ${uploadColumnMappings.signature} from ${uploadColumnMappings} order by ${uploadColumnMappings.createdAt} desc offset ${MAX_REMEMBERED_MAPPINGS})`);
}
