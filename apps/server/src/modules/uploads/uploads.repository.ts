import type { RequirementState } from '@agency/shared';
import { timeOrderedId } from '../../lib/time-ordered-id.ts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import copyStreams from 'pg-copy-streams';
import { affectedRows, isPglite, transactionConnection, type Database, type Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import { agencyMonths, memberMonths, uploadColumnMappings, uploads } from '../../db/tables/earnings.table.ts';
import { users } from '../../db/tables/members.table.ts';

/** Month rows per insert: one `unnest` of column arrays (11 parameters whatever the size). */
export const MONTH_INSERT_BATCH = 10_000;
const CREATOR_INSERT_BATCH = 10_000;

export interface KnownCreator {
  id: string;
  tiktokUsername: string;
  status: string;
  joinedAt: Date;
  affiliateId: string | null;
}

/**
 * Rows per JSON value of forEachJsonRow: one value of 100,000 rows grew PGlite's WASM heap (which never
 * shrinks) by ~75 MB, values of 5,000 rows by ~13 MB, at the same speed.
 */
const JSON_ROWS_CHUNK = 5_000;

/**
 * Calls `each` with the rows of `query` (one JSON value `r` a row), read as `json_agg` arrays of
 * JSON_ROWS_CHUNK rows: see readCreatorsAndMonth. Each chunk's text is dropped once parsed and
 * its rows handed on, so no list of all 100,000 parsed rows exists next to what `each` makes.
 */
async function forEachJsonRow<Row>(db: Executor, query: SQL, each: (row: Row) => void): Promise<void> {
  const result = await db.execute<{ chunk: string }>(sql`
    select json_agg(q.r)::text as chunk
    from (select i.r, (row_number() over ()) / ${JSON_ROWS_CHUNK} as bucket from (${query}) as i) as q
    group by q.bucket`);
  const chunks = (result as unknown as { rows: { chunk: string }[] }).rows;
  for (let index = 0; index < chunks.length; index += 1) {
    const rows = JSON.parse(chunks[index]!.chunk) as Row[];
    chunks[index]!.chunk = '';
    for (const row of rows) each(row);
  }
}

/**
 * One shared copy of each of a few repeated values (the affiliates of 100,000 creators are a
 * couple of thousand members, their statuses three words, their join times often the same):
 * each row read would otherwise hold its own copy, ~15 MB for 100,000 creators.
 */
function interner<Key, Value>(make: (key: Key) => Value): (key: Key) => Value {
  const seen = new Map<Key, Value>();
  return (key) => {
    let value = seen.get(key);
    if (value === undefined) {
      value = make(key);
      seen.set(key, value);
    }
    return value;
  };
}

export interface MonthFigures {
  creatorId: string;
  tiktokUsername: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  requirementState: RequirementState | null;
}

/**
 * Creators made from unknown usernames: active, no affiliate, joined now. One `unnest` insert per
 * CREATOR_INSERT_BATCH usernames (one array parameter, whatever the size): a new agency's first
 * import creates all of its creators at once.
 */
export async function insertUploadCreators(db: Executor, usernames: readonly string[], at: Date): Promise<Map<string, string>> {
  // The ids are made here, so the insert needs no RETURNING (100,000 result rows on PGlite), and
  // in ascending order, so the creators and their month rows go to the right-hand end of the keys.
  const ids = new Map<string, string>();
  for (const username of usernames) ids.set(username, timeOrderedId());
  const when = at.toISOString();
  const connection = transactionConnection(db);
  for (let start = 0; start < usernames.length; start += CREATOR_INSERT_BATCH) {
    const batch = usernames.slice(start, start + CREATOR_INSERT_BATCH);
    if (connection?.kind === 'postgres') {
      // COPY on the transaction's own connection, as the month rows (copyMonthRows).
      let text = '';
      for (const name of batch) text += `${ids.get(name)}\t${copyText(name)}\tactive\t${when}\t${when}\t${when}\n`;
      await copyLines(connection.client, 'creators (id, tiktok_username, status, joined_at, created_at, updated_at)', text);
      continue;
    }
    await db.execute(sql`
      insert into ${creators} (id, tiktok_username, status, joined_at, created_at, updated_at)
      select id, name, 'active', ${when}::timestamptz, ${when}::timestamptz, ${when}::timestamptz
      from unnest(${sql.param(batch.map((name) => ids.get(name)!))}::uuid[], ${sql.param(batch)}::text[]) as t(id, name)`);
  }
  return ids;
}

export interface MonthRowInput {
  creatorId: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  matches: number;
  lastLiveAt: Date | null;
  achievedBps: number;
  requirementState: RequirementState;
  leftNetwork: boolean;
}

/**
 * One multi-row insert of `rows[start, end)`: each column is sent as one array and `unnest` turns
 * them back into rows, which works the same on PGlite and PostgreSQL and avoids the
 * 65,535-parameter limit. The column arrays are built in one pass, without copying the rows.
 */
export async function insertMonthRows(
  db: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
): Promise<void> {
  if (end <= start) return;
  await db.execute(sql`
    insert into ${creatorMonths}
      (creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network, upload_id, updated_at)
    select creator_id, ${period}, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network, ${uploadId}::uuid, ${at.toISOString()}::timestamptz
    from ${monthRowsTable(rows, start, end)}
  `);
}

/** `rows[start, end)` as `unnest(...) as t(creator_id, ...)`: one array per column, built in one pass without copying the rows. */
function monthRowsTable(rows: readonly MonthRowInput[], start: number, end: number): SQL {
  const size = end - start;
  const creatorIds = new Array<string>(size);
  const diamonds = new Array<number>(size);
  const validDays = new Array<number>(size);
  const liveSeconds = new Array<number>(size);
  const matches = new Array<number>(size);
  const lastLiveAt = new Array<string | null>(size);
  const achievedBps = new Array<number>(size);
  const states = new Array<string>(size);
  const left = new Array<boolean>(size);
  for (let index = 0; index < size; index += 1) {
    const row = rows[start + index]!;
    creatorIds[index] = row.creatorId;
    diamonds[index] = row.diamonds;
    validDays[index] = row.validDays;
    liveSeconds[index] = row.liveSeconds;
    matches[index] = row.matches;
    lastLiveAt[index] = row.lastLiveAt ? row.lastLiveAt.toISOString() : null;
    achievedBps[index] = row.achievedBps;
    states[index] = row.requirementState;
    left[index] = row.leftNetwork;
  }
  return sql`unnest(
      ${sql.param(creatorIds)}::uuid[],
      ${sql.param(diamonds)}::bigint[],
      ${sql.param(validDays)}::integer[],
      ${sql.param(liveSeconds)}::integer[],
      ${sql.param(matches)}::integer[],
      ${sql.param(lastLiveAt)}::timestamptz[],
      ${sql.param(achievedBps)}::integer[],
      ${sql.param(states)}::text[],
      ${sql.param(left)}::boolean[]
    ) as t(creator_id, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network)`;
}

/**
 * Replaces the figures of month rows that exist (`rows[start, end)`, each creator at most once):
 * one UPDATE joined with the rows as arrays. Cheaper than deleting the rows and writing them
 * again: no second pass to find them, and the foreign key is not checked again (the creator does
 * not change); a 100,000-row month with every figure changed measured ~1.6 s instead of ~2.3 s
 * on PostgreSQL (docs/decisions/006). Throws when a row is missing (the caller's plan said it
 * was there): the transaction then rolls back rather than lose a creator's figures.
 */
export async function updateMonthRows(
  db: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
): Promise<void> {
  if (end <= start) return;
  const result = await db.execute(sql`
    update ${creatorMonths} as m set
      diamonds = t.diamonds, valid_days = t.valid_days, live_seconds = t.live_seconds, matches = t.matches,
      last_live_at = t.last_live_at, achieved_bps = t.achieved_bps, requirement_state = t.requirement_state,
      left_network = t.left_network, upload_id = ${uploadId}::uuid, updated_at = ${at.toISOString()}::timestamptz
    from ${monthRowsTable(rows, start, end)}
    where m.period = ${period} and m.creator_id = t.creator_id
  `);
  const updated = affectedRows(result);
  if (updated !== end - start) throw new Error(`creator_months ${period}: ${end - start} rows to update, ${updated} found`);
}

const MONTH_COPY_TABLE = 'creator_months';
const MONTH_COPY_COLUMNS = 'creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network, upload_id, updated_at';

/** `COPY <target> FROM STDIN` of `text` (COPY TEXT lines) on a PostgreSQL client. */
async function copyLines(client: { query: (stream: ReturnType<typeof copyStreams.from>) => NodeJS.WritableStream }, target: string, text: string): Promise<void> {
  await pipeline(Readable.from([Buffer.from(text)]), client.query(copyStreams.from(`COPY ${target} FROM STDIN`)));
}

/** A text value in COPY's TEXT format: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (char) => (char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r')) : value;
}

/** A whole number for COPY (a fraction or NaN would be a silent wrong figure: refused). */
function copyInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return String(value);
}

/** `rows[start, end)` as COPY TEXT lines (one string, each line ending with a newline). */
export function monthCopyText(period: string, uploadId: string, at: Date, rows: readonly MonthRowInput[], start = 0, end = rows.length): string {
  const tail = `${copyText(uploadId)}\t${at.toISOString()}\n`;
  const periodText = copyText(period);
  let text = '';
  for (let index = start; index < end; index += 1) {
    const row = rows[index]!;
    text += `${copyText(row.creatorId)}\t${periodText}\t${copyInteger(row.diamonds)}\t${copyInteger(row.validDays)}\t${copyInteger(row.liveSeconds)}\t${copyInteger(row.matches)}\t${
      row.lastLiveAt ? row.lastLiveAt.toISOString() : '\\N'
    }\t${copyInteger(row.achievedBps)}\t${copyText(row.requirementState)}\t${row.leftNetwork ? 't' : 'f'}\t${tail}`;
  }
  return text;
}

/**
 * `rows[start, end)` with one COPY ... FROM STDIN on the PostgreSQL connection of the open
 * transaction `tx`, so the rows commit or roll back with it (about a quarter faster than the
 * `unnest` insert for 100,000 rows). False (nothing written) for anything else, PGlite included:
 * its COPY FROM '/dev/blob' measured no faster than `unnest` (the time goes to the indexes and the
 * foreign key inside the WASM), so the caller then inserts with `insertMonthRows`.
 */
export async function copyMonthRows(
  tx: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
): Promise<boolean> {
  const connection = transactionConnection(tx);
  if (connection?.kind !== 'postgres') return false;
  if (end <= start) return true;
  await copyLines(connection.client, `${MONTH_COPY_TABLE} (${MONTH_COPY_COLUMNS})`, monthCopyText(period, uploadId, at, rows, start, end));
  return true;
}

/** COPY when `db` is an open PostgreSQL transaction, else the `unnest` insert. */
export async function writeMonthRows(
  db: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
): Promise<void> {
  if (!(await copyMonthRows(db, period, uploadId, at, rows, start, end))) await insertMonthRows(db, period, uploadId, at, rows, start, end);
}

/**
 * PGlite only: the per-row foreign key check of the month rows, replaced by one check of the set.
 * Each inserted row fires PostgreSQL's foreign key trigger (a lookup of the creator and a row lock
 * on it), ~1.3 s of the ~4 s a 100,000-row write costs inside PGlite's WASM. PGlite has one
 * connection, so nothing can delete a creator between the write and the check: with the triggers
 * off (`session_replication_role = replica`, local to the transaction) for the writes, one
 * anti-join of the rows this upload wrote against `creators` (endMonthRowWrites) refuses exactly
 * what the trigger would have refused, and the transaction rolls back. Unique, check and not-null
 * constraints are indexes and checks, not triggers: they stay on. PostgreSQL (where the app is
 * not a superuser, and other connections could delete a creator) keeps its trigger.
 */
export async function beginMonthRowWrites(tx: Executor): Promise<void> {
  if (transactionConnection(tx)?.kind !== 'pglite') return;
  await tx.execute(sql`set local session_replication_role = replica`);
}

/** Ends beginMonthRowWrites: throws (the transaction then rolls back) when a row of `uploadId` has no creator. */
export async function endMonthRowWrites(tx: Executor, period: string, uploadId: string): Promise<void> {
  if (transactionConnection(tx)?.kind !== 'pglite') return;
  // A hash anti-join (~0.07 s for 100,000 rows), not one index lookup per row (~0.3 s): the
  // statistics know nothing of this upload's id when refreshMonthStatistics left them as they were.
  await tx.execute(sql`set local enable_nestloop = off`);
  const result = await tx.execute<{ creator_id: string }>(sql`
    select m.creator_id from ${creatorMonths} as m
    where m.period = ${period} and m.upload_id = ${uploadId}::uuid
      and not exists (select 1 from ${creators} as c where c.id = m.creator_id)
    limit 1`);
  const [orphan] = (result as unknown as { rows: { creator_id: string }[] }).rows;
  if (orphan) throw new Error(`creator_months row for ${period} references a creator that does not exist (${orphan.creator_id})`);
  await tx.execute(sql`reset enable_nestloop`);
  await tx.execute(sql`set local session_replication_role = origin`);
}

/**
 * Blocks other writers of `creator_months` (another import, a creator's delete cascading) until
 * the transaction ends; readers go on. Taken first in the commit, so the month read next stays
 * what the commit's difference is computed against.
 */
export async function lockMonthRows(tx: Executor): Promise<void> {
  await tx.execute(sql`lock table ${creatorMonths} in share row exclusive mode`);
}

/** A month row as the commit reads it under the lock: the plan's figures and what is compared to skip an unchanged row. */
export interface StoredMonthRow extends MonthFigures {
  matches: number;
  /** Epoch milliseconds, fractional when the time has microseconds. */
  lastLiveAtMs: number | null;
  achievedBps: number;
  leftNetwork: boolean;
}

/** What an import compares the file with: every creator by username, and the month's stored rows. */
export interface CreatorsAndMonth {
  creators: Map<string, KnownCreator>;
  stored: StoredMonthRow[];
}

/**
 * Every creator of the agency by username and the month's rows, in one read: creators left-joined
 * with their row of `period` (a scan is cheaper than looking up each of 100,000 usernames, and it
 * runs while the file is parsed). The active creators are the ones expected in the file; the
 * stored rows are what the dry run plans against (the report's before, the "removed" changes) and
 * what the commit, which reads them after lockMonthRows, compares each file row with. One read
 * instead of two (creators, then the month joined with creators again): on PGlite ~0.86 s instead
 * of ~1.14 s for 100,000 creators, on PostgreSQL ~0.7 s instead of ~0.8 s (docs/decisions/006).
 *
 * On PGlite the rows come back as a few JSON arrays (forEachJsonRow): 100,000 result rows cost
 * PGlite ~0.75 s in per-row protocol messages and parsing, 20 `json_agg` values of 5,000 rows
 * ~0.3 s (JSON.parse included), and less memory on the JS side. On PostgreSQL the JSON measured
 * ~50 ms slower, so it reads the rows as they are. Times travel as epoch milliseconds (`joined_at`
 * truncated as a JS Date would; `last_live_at` fractional when it has microseconds).
 */
export async function readCreatorsAndMonth(db: Executor, period: string): Promise<CreatorsAndMonth> {
  const byName = new Map<string, KnownCreator>();
  const stored: StoredMonthRow[] = [];
  const text = interner((value: string) => value);
  const date = interner((ms: number) => new Date(ms));
  const add = (
    id: string,
    tiktokUsername: string,
    status: string,
    joinedAtMs: number,
    affiliateId: string | null,
    month: Omit<StoredMonthRow, 'creatorId' | 'tiktokUsername'> | null,
  ) => {
    byName.set(tiktokUsername, { id, tiktokUsername, status: text(status), joinedAt: date(joinedAtMs), affiliateId: affiliateId === null ? null : text(affiliateId) });
    // The creator's id and username strings as the creators map holds them, not a second copy.
    if (month) stored.push({ creatorId: id, tiktokUsername, ...month });
  };
  if (!isPglite(db)) {
    const rows = await db
      .select({
        id: creators.id,
        tiktokUsername: creators.tiktokUsername,
        status: creators.status,
        joinedAt: creators.joinedAt,
        affiliateId: creators.affiliateId,
        monthCreatorId: creatorMonths.creatorId,
        diamonds: creatorMonths.diamonds,
        validDays: creatorMonths.validDays,
        liveSeconds: creatorMonths.liveSeconds,
        requirementState: creatorMonths.requirementState,
        matches: creatorMonths.matches,
        lastLiveAtMs: sql<number | null>`(extract(epoch from ${creatorMonths.lastLiveAt}) * 1000)::float8`.mapWith(Number),
        achievedBps: creatorMonths.achievedBps,
        leftNetwork: creatorMonths.leftNetwork,
      })
      .from(creators)
      .leftJoin(creatorMonths, and(eq(creatorMonths.creatorId, creators.id), eq(creatorMonths.period, period)));
    for (const row of rows) {
      const month =
        row.monthCreatorId === null
          ? null
          : { diamonds: row.diamonds!, validDays: row.validDays!, liveSeconds: row.liveSeconds!, requirementState: row.requirementState, matches: row.matches!, lastLiveAtMs: row.lastLiveAtMs, achievedBps: row.achievedBps!, leftNetwork: row.leftNetwork! };
      add(row.id, row.tiktokUsername, row.status, row.joinedAt.getTime(), row.affiliateId, month);
    }
    return { creators: byName, stored };
  }
  type Row = [string, string, string, number, string | null, number | null, number, number, RequirementState | null, number, number | null, number, boolean];
  await forEachJsonRow<Row>(
    db,
    sql`select json_build_array(c.id, c.tiktok_username, c.status, floor(extract(epoch from c.joined_at) * 1000)::bigint, c.affiliate_id,
        m.diamonds, m.valid_days, m.live_seconds, m.requirement_state, m.matches, (extract(epoch from m.last_live_at) * 1000)::float8, m.achieved_bps, m.left_network) as r
      from ${creators} as c left join ${creatorMonths} as m on m.creator_id = c.id and m.period = ${period}`,
    ([id, tiktokUsername, status, joinedAtMs, affiliateId, diamonds, validDays, liveSeconds, requirementState, matches, lastLiveAtMs, achievedBps, leftNetwork]) =>
      add(id, tiktokUsername, status, joinedAtMs, affiliateId, diamonds === null ? null : { diamonds, validDays, liveSeconds, requirementState, matches, lastLiveAtMs, achievedBps, leftNetwork }),
  );
  return { creators: byName, stored };
}

/** True when writing `row` would leave `stored` as it is (upload id and time aside). */
export function sameMonthRow(stored: StoredMonthRow, row: MonthRowInput): boolean {
  return (
    stored.diamonds === row.diamonds &&
    stored.validDays === row.validDays &&
    stored.liveSeconds === row.liveSeconds &&
    stored.matches === row.matches &&
    stored.lastLiveAtMs === (row.lastLiveAt ? row.lastLiveAt.getTime() : null) &&
    stored.achievedBps === row.achievedBps &&
    stored.requirementState === row.requirementState &&
    stored.leftNetwork === row.leftNetwork
  );
}

/**
 * Fresh planner statistics for the month's recompute, which joins the 100,000 rows just written
 * with `creators` and `users`. PGlite runs no autovacuum, so without this its tables keep no
 * statistics at all: the planner then takes the month for a couple of rows and joins them with
 * 100,000 index lookups (1-2 s on PGlite instead of ~0.1 s with hash joins). ANALYZE of the two
 * tables costs ~0.15 s; inside the transaction it sees the rows just written and rolls back with
 * it. It runs when the month's row count is new to the statistics: a first import of the month
 * (`before` 0), or one whose number of rows differs by more than a tenth; a re-import of about the
 * same rows leaves the month's share of the table, which is what the plans depend on, as it was.
 * PostgreSQL's autovacuum keeps statistics, so nothing is done there.
 */
export async function refreshMonthStatistics(tx: Executor, before: number, after: number): Promise<void> {
  if (transactionConnection(tx)?.kind !== 'pglite') return;
  if (before > 0 && Math.abs(after - before) * 10 <= before) return;
  await tx.execute(sql`analyze creator_months, users`);
}

/**
 * PGlite only, after an import has committed: VACUUM of the tables an import rewrites. PGlite runs
 * no autovacuum, so each re-import left the month's replaced rows behind as dead tuples in the
 * table and its three indexes, for good: every later import of the month then had to step over
 * them, and grew slower with each upload (a 100,000-row rewrite: ~2.4 s, then ~2.9, ~3.4, ~3.9 s;
 * with this VACUUM (~0.1-0.2 s) ~2.6 s each time; docs/decisions/006). PostgreSQL's autovacuum
 * does this there. VACUUM cannot run inside a transaction: `db` is the database itself.
 */
export async function vacuumImportTables(db: Database): Promise<void> {
  if (!isPglite(db)) return;
  await db.execute(sql`vacuum ${creatorMonths}, ${memberMonths}, ${agencyMonths}`);
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
