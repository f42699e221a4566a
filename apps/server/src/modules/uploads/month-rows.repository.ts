/**
 * The month rows' writes of an import (uploads.repository.ts re-exports them): the creators an
 * import makes, the rows inserted (COPY on PostgreSQL, `unnest` elsewhere; the updates are in
 * month-updates.repository.ts). The transaction's settings around them are in
 * month-write-settings.ts.
 */
import type { RequirementState } from '@agency/shared';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import copyStreams from 'pg-copy-streams';
import { timeOrderedId } from '../../lib/time-ordered-id.ts';
import { transactionConnection, type Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';

/** Month rows per insert: one `unnest` of column arrays (11 parameters whatever the size). */
export const MONTH_INSERT_BATCH = 10_000;
const CREATOR_INSERT_BATCH = 10_000;

/**
 * Creators made from unknown usernames: active, no affiliate, joined now. One COPY (PostgreSQL) or
 * `unnest` insert per CREATOR_INSERT_BATCH usernames: a new agency's first import creates all of
 * its creators at once. The usernames go in byte order, and the ids made for them ascend in that
 * order: each batch's usernames and ids then go into the unique and primary key indexes one next
 * to the other instead of at random places. The map returned holds them in that order.
 *
 * Two steps (this was insertUploadCreators, migration 0018): the ids are made at once, so the rows
 * of these creators can be planned and queued before the insert has run, and `write` inserts the
 * creators, in the open transaction `db`, when the caller's turn comes. On PostgreSQL the COPY's
 * lines are built now as well, while the database is still busy with the writes queued before:
 * it then goes from one write to the next without waiting for Node (docs/decisions/006).
 */
export function prepareUploadCreators(db: Executor, usernames: readonly string[], at: Date): { ids: Map<string, string>; write: () => Promise<void> } {
  // The ids are made here, so the insert needs no RETURNING (100,000 result rows on PGlite), and
  // in ascending order, so the creators and their month rows go to the right-hand end of the keys.
  const ids = new Map<string, string>();
  for (const username of [...usernames].sort()) ids.set(username, timeOrderedId());
  const ordered = [...ids.keys()];
  const when = at.toISOString();
  const connection = transactionConnection(db);
  if (connection?.kind === 'postgres') {
    const copies: Buffer[] = [];
    for (let start = 0; start < ordered.length; start += CREATOR_INSERT_BATCH) {
      let text = '';
      for (const name of ordered.slice(start, start + CREATOR_INSERT_BATCH)) text += `${ids.get(name)}\t${copyText(name)}\tactive\t${when}\t${when}\t${when}\n`;
      copies.push(Buffer.from(text));
    }
    return {
      ids,
      write: async () => {
        for (const data of copies) await copyBuffer(connection.client, 'creators (id, tiktok_username, status, joined_at, created_at, updated_at)', data);
      },
    };
  }
  return {
    ids,
    write: async () => {
      for (let start = 0; start < ordered.length; start += CREATOR_INSERT_BATCH) {
        const batch = ordered.slice(start, start + CREATOR_INSERT_BATCH);
        await db.execute(sql`
          insert into ${creators} (id, tiktok_username, status, joined_at, created_at, updated_at)
          select id, name, 'active', ${when}::timestamptz, ${when}::timestamptz, ${when}::timestamptz
          from unnest(${sql.param(batch.map((name) => ids.get(name)!))}::uuid[], ${sql.param(batch)}::text[]) as t(id, name)`);
      }
    },
  };
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

/** The columns a month row is written with, in the order of the insert's select and of the COPY lines. */
const MONTH_COLUMNS = 'creator_id, period, diamonds, valid_days, live_seconds, matches, last_live_at, achieved_bps, requirement_state, left_network, upload_id, updated_at';
/** What the month rows' COPY writes into. */
const MONTH_COPY_TARGET = `creator_months (${MONTH_COLUMNS})`;

/**
 * One multi-row insert of `rows[start, end)`: each column is sent as one array and `unnest` turns
 * them back into rows, which works the same on PGlite and PostgreSQL and avoids the
 * 65,535-parameter limit. The column arrays are built in one pass, without copying the rows.
 * `into` names another table shaped as creator_months (a month written anew, startNewMonth).
 */
export async function insertMonthRows(
  db: Executor,
  period: string,
  uploadId: string,
  at: Date,
  rows: readonly MonthRowInput[],
  start = 0,
  end = rows.length,
  into: string | null = null,
): Promise<void> {
  if (end <= start) return;
  await db.execute(sql`
    insert into ${into === null ? creatorMonths : sql.identifier(into)} (${sql.raw(MONTH_COLUMNS)})
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

/** A PostgreSQL client that can run `COPY ... FROM STDIN` (pg with pg-copy-streams). */
type CopyClient = { query: (stream: ReturnType<typeof copyStreams.from>) => NodeJS.WritableStream };

/** `COPY <target> FROM STDIN` of `data` (COPY TEXT lines, UTF-8) on a PostgreSQL client. */
export async function copyBuffer(client: CopyClient, target: string, data: Buffer): Promise<void> {
  await pipeline(Readable.from([data]), client.query(copyStreams.from(`COPY ${target} FROM STDIN`)));
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

/** One month row's figures as a COPY TEXT line without its end (creator id first, as the staged updates' columns; MONTH_COLUMNS adds the period after the id). */
function figuresLine(row: MonthRowInput, afterId: string): string {
  return `${copyText(row.creatorId)}\t${afterId}${copyInteger(row.diamonds)}\t${copyInteger(row.validDays)}\t${copyInteger(row.liveSeconds)}\t${copyInteger(row.matches)}\t${
    row.lastLiveAt ? row.lastLiveAt.toISOString() : '\\N'
  }\t${copyInteger(row.achievedBps)}\t${copyText(row.requirementState)}\t${row.leftNetwork ? 't' : 'f'}`;
}

/** `rows[start, end)` as COPY TEXT lines of the month rows (one string, each line ending with a newline). */
export function monthCopyText(period: string, uploadId: string, at: Date, rows: readonly MonthRowInput[], start = 0, end = rows.length): string {
  const tail = `\t${copyText(uploadId)}\t${at.toISOString()}\n`;
  const periodText = `${copyText(period)}\t`;
  let text = '';
  for (let index = start; index < end; index += 1) text += figuresLine(rows[index]!, periodText) + tail;
  return text;
}

/** `rows` as COPY TEXT lines of the staged updates' columns (month-updates.repository.ts). */
export function figuresCopyText(rows: readonly MonthRowInput[]): string {
  let text = '';
  for (const row of rows) text += `${figuresLine(row, '')}\n`;
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
  await copyBuffer(connection.client, MONTH_COPY_TARGET, Buffer.from(monthCopyText(period, uploadId, at, rows, start, end)));
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
 * writeMonthRows in two steps: on PostgreSQL the COPY's lines are built now and `write` sends
 * them when the caller's turn comes (as prepareUploadCreators); elsewhere `write` inserts. The
 * table is asked for when the write runs: `into()` names another table shaped as creator_months
 * (a month written anew, startNewMonth), or is null for creator_months itself.
 */
export function prepareMonthRows(db: Executor, period: string, uploadId: string, at: Date, rows: readonly MonthRowInput[], into: () => string | null = () => null): () => Promise<void> {
  const connection = transactionConnection(db);
  if (connection?.kind !== 'postgres' || rows.length === 0) {
    return async () => {
      const table = into();
      if (table === null) await writeMonthRows(db, period, uploadId, at, rows);
      else await insertMonthRows(db, period, uploadId, at, rows, 0, rows.length, table);
    };
  }
  const data = Buffer.from(monthCopyText(period, uploadId, at, rows));
  return () => {
    const table = into();
    return copyBuffer(connection.client, table === null ? MONTH_COPY_TARGET : `"${table}" (${MONTH_COLUMNS})`, data);
  };
}

/**
 * True when an import writes the month's rows into a new table made its partition at the end
 * (startNewMonth, finishNewMonth) rather than into the month's partition: when the month has no
 * rows yet (a first import), in a transaction whose connection is known (on PostgreSQL only when
 * the month has no partition either: startNewMonth). Its inserts then add no index entries and check no foreign
 * key one row at a time: the keys are built, and the creators checked, once when the table is
 * attached (100,000 rows: ~0.5 s less on PGlite, ~0.5-0.9 s less on PostgreSQL).
 */
export function writesNewMonthTable(db: Executor, storedRows: number): boolean {
  return storedRows === 0 && transactionConnection(db) !== null;
}
