/**
 * The import's reads (uploads.repository.ts re-exports what the month writer uses): the lock on
 * the month rows, every creator with the month's stored row in one read, and the comparison of a
 * stored row with the row to write.
 */
import type { RequirementState } from '@agency/shared';
import { sql, type SQL } from 'drizzle-orm';
import { isPglite, type Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import type { MonthRowInput } from './month-rows.repository.ts';

export interface KnownCreator {
  id: string;
  tiktokUsername: string;
  status: string;
  joinedAt: Date;
  affiliateId: string | null;
  /** The creator's row of the month, read with it (null: none): the figures an upload replaces. */
  stored: StoredMonthRow | null;
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
 * Calls `each` with the fields of each line of text `r` of `query` (fields separated by tabs), read
 * as `string_agg` values of JSON_ROWS_CHUNK lines: node-postgres then parses a few large values
 * instead of a protocol message and a string per value for each of 100,000 rows, and the fields are
 * cut by String.split (~0.15-0.25 s of this thread for the creators' read against ~0.6-0.8 s as
 * arrays of values, measured alone).
 */
async function forEachTextLine(db: Executor, query: SQL, each: (fields: string[]) => void): Promise<void> {
  const result = await db.execute<{ chunk: string }>(sql`
    select string_agg(q.r, E'\n') as chunk
    from (select i.r, (row_number() over ()) / ${JSON_ROWS_CHUNK} as bucket from (${query}) as i) as q
    group by q.bucket`);
  const chunks = (result as unknown as { rows: { chunk: string }[] }).rows;
  for (let index = 0; index < chunks.length; index += 1) {
    const lines = chunks[index]!.chunk.split('\n');
    chunks[index]!.chunk = '';
    for (const line of lines) each(line.split('\t'));
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

interface MonthFigures {
  creatorId: string;
  tiktokUsername: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  requirementState: RequirementState | null;
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

/**
 * What an import compares the file with: every creator by username, each with its row of the month
 * (a planned row finds the figures it replaces without a lookup by id), and the month's stored rows.
 */
export interface CreatorsAndMonth {
  creators: Map<string, KnownCreator>;
  stored: StoredMonthRow[];
}

/** One creator and its row of the month as readCreatorsAndMonth reads them, in its select's order. */
type Row = [string, string, string, number, string | null, number | null, number, number, RequirementState | null, number, number | null, number, boolean];

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
 * slower than arrays of values, and these slower than lines of text (forEachTextLine). Times
 * travel as epoch milliseconds (`joined_at` truncated as a JS Date would; `last_live_at`
 * fractional when it has microseconds).
 */
export async function readCreatorsAndMonth(db: Executor, period: string): Promise<CreatorsAndMonth> {
  const byName = new Map<string, KnownCreator>();
  const stored: StoredMonthRow[] = [];
  const text = interner((value: string) => value);
  const date = interner((ms: number) => new Date(ms));
  const each = ([id, tiktokUsername, status, joinedAtMs, affiliateId, diamonds, validDays, liveSeconds, requirementState, matches, lastLiveAtMs, achievedBps, leftNetwork]: Row) => {
    // The creator's id and username strings as the creators map holds them, not a second copy.
    const row: StoredMonthRow | null = diamonds === null ? null : { creatorId: id, tiktokUsername, diamonds, validDays, liveSeconds, requirementState, matches, lastLiveAtMs, achievedBps, leftNetwork };
    if (row) stored.push(row);
    byName.set(tiktokUsername, { id, tiktokUsername, status: text(status), joinedAt: date(joinedAtMs), affiliateId: affiliateId === null ? null : text(affiliateId), stored: row });
  };
  // Row's values in its order; numbers as float8: plain numbers in JSON, and as text the shortest
  // digits that read back (Number) as the same double.
  const columns = [
    sql`c.id`, sql`c.tiktok_username`, sql`c.status`, sql`floor(extract(epoch from c.joined_at) * 1000)::float8`, sql`c.affiliate_id`,
    sql`m.diamonds::float8`, sql`m.valid_days`, sql`m.live_seconds`, sql`m.requirement_state`, sql`m.matches`,
    sql`(extract(epoch from m.last_live_at) * 1000)::float8`, sql`m.achieved_bps`, sql`m.left_network`,
  ];
  const from = sql`from ${creators} as c left join ${creatorMonths} as m on m.creator_id = c.id and m.period = ${period}`;
  if (!isPglite(db)) {
    // As text, '' for null (no value here is empty: a username has 2-24 characters).
    const line = sql`concat_ws(E'\t', ${sql.join(
      columns.map((column) => sql`coalesce((${column})::text, '')`),
      sql`, `,
    )})`;
    await forEachTextLine(db, sql`select ${line} as r ${from}`, (fields) => each(rowOfFields(fields)));
  } else {
    await forEachJsonRow<Row>(db, sql`select json_build_array(${sql.join(columns, sql`, `)}) as r ${from}`, each);
  }
  return { creators: byName, stored };
}

/** A line of readCreatorsAndMonth's fields as the values of its Row. */
function rowOfFields(fields: string[]): Row {
  if (fields.length !== 13) throw new Error(`A creator's line has ${fields.length} fields, not 13`);
  const [id, tiktokUsername, status, joinedAtMs, affiliateId, diamonds, validDays, liveSeconds, requirementState, matches, lastLiveAtMs, achievedBps, leftNetwork] = fields as [string, string, string, string, string, string, string, string, string, string, string, string, string];
  return [
    id,
    tiktokUsername,
    status,
    Number(joinedAtMs),
    affiliateId === '' ? null : affiliateId,
    diamonds === '' ? null : Number(diamonds),
    Number(validDays),
    Number(liveSeconds),
    requirementState === '' ? null : (requirementState as RequirementState),
    Number(matches),
    lastLiveAtMs === '' ? null : Number(lastLiveAtMs),
    Number(achievedBps),
    leftNetwork === 'true',
  ];
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
