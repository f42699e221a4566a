import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite, type Transaction as PgliteClientTransaction } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** Either driver behind one type: services and repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** What repositories accept: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** An embedded PGlite: file-backed in `dataDir`, or in memory when `dataDir` is undefined. */
export function createPgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function createPostgresHandle(pool: pg.Pool): DatabaseHandle {
  // An idle pooled connection can die (database restart, admin terminating it); pg then emits
  // 'error' on the pool, which would crash the process without a listener. The pool drops the dead
  // client by itself and the next query opens a new one, so a warning is all this needs.
  pool.on('error', (error) => {
    console.warn(`database connection lost: ${error.message}`);
  });
  const db = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** PostgreSQL when `databaseUrl` is set, else the embedded PGlite in `${dataDir}/pglite`. */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return createPostgresHandle(pool);
  }
  const folder = join(options.dataDir, 'pglite');
  // PGlite needs the parent folder to exist, else it fails with a misleading error.
  mkdirSync(dirname(folder), { recursive: true });
  return createPgliteHandle(await createPglite(folder));
}

/**
 * PGlite's start parameters: its defaults, with a 16 MB buffer cache instead of 128 MB.
 * PGlite allocates and touches all of shared_buffers in its WASM heap at start, so 128 MB made
 * a server idle near 480 MB of RSS (an open PGlite alone ~300 MB; with 16 MB ~170 MB). Pages
 * beyond the cache are read from the data files through the OS cache: the 100,000-row first import
 * measured no slower, the re-import ~0.5 s slower than with 128 MB (48 MB: in between, +40 MB
 * RSS); memory first, as the server's target is < 512 MB. wal_buffers
 * stays at the 4 MB it had (it defaults to 1/32 of shared_buffers) so a bulk write does not flush
 * the WAL every 512 kB.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_buffers=4MB'];

/** A file-backed PGlite in `dataDir` (in memory when undefined), with the server's settings. */
export function createPglite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir, { startParams: [...PGLITE_START_PARAMS] });
}

/** True when `executor` runs on PGlite (the database or one of its transactions). */
export function isPglite(executor: Executor): boolean {
  return executor instanceof PgliteDatabase || executor instanceof PgliteTransaction;
}

/** The driver's own connection under an open transaction: PostgreSQL's client or PGlite's transaction. */
export type TransactionConnection = { kind: 'postgres'; client: pg.ClientBase } | { kind: 'pglite'; client: PgliteClientTransaction };

/**
 * The connection an open Drizzle transaction runs on (Drizzle keeps it on the transaction's
 * session), for what cannot be said through Drizzle: COPY. Null for anything else (the database
 * itself, another driver): callers then keep to plain SQL.
 */
export function transactionConnection(executor: Executor): TransactionConnection | null {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (executor instanceof NodePgTransaction && client instanceof pg.Client) return { kind: 'postgres', client };
  if (executor instanceof PgliteTransaction && client && typeof (client as PgliteClientTransaction).query === 'function' && !(client instanceof PGlite)) {
    return { kind: 'pglite', client: client as PgliteClientTransaction };
  }
  return null;
}

const dialect = new PgDialect();

/**
 * Runs `query` as a NAMED prepared statement on PostgreSQL: each pooled connection parses and
 * plans it once and then only binds and executes it (an unnamed statement is planned on every
 * call, which measured 2-18 ms for the member summary's twelve subqueries against 0.7 ms to run
 * them). `name` must always be given the same SQL text (parameters may change). On PGlite, or
 * inside a transaction, it is a plain `execute`. Rows come back as the driver returns them.
 */
export async function executePrepared<Row>(executor: Executor, name: string, query: SQL): Promise<Row[]> {
  const client = (executor as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query<Row & pg.QueryResultRow>({ name, text, values: params });
    return result.rows;
  }
  return (executor.execute(query) as unknown as Promise<{ rows: Row[] }>).then((result) => result.rows);
}
