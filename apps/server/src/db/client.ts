import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite, type Transaction as PgliteClientTransaction } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

/** Either driver behind one type: services and repositories never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** What repositories accept: the database or an open transaction. */
export type Executor = Database | Transaction;

type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Runs `task` while holding a PostgreSQL session advisory lock named `name`, so that several
   * instances starting at once on one database take turns (migrations, the demo seed). PGlite is
   * one process by construction: the task simply runs.
   */
  withSessionLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /**
   * The change feed of the read cache (docs/decisions/012): `changed` is called for every
   * notification on READ_CACHE_CHANNEL (a committed change of a table the cached reads use, by any
   * instance or any other client) and, on PostgreSQL, after every write statement this process
   * sends through its pool; `live` says whether the notifications can be trusted to arrive (false
   * until listening, and while the listening connection is lost and being reopened).
   */
  watchChanges(handlers: ChangeHandlers, options?: WatchOptions): Promise<ChangeWatch>;
  close(): Promise<void>;
}

/** The channel of the triggers in migration 0011_read_cache_notify. */
const READ_CACHE_CHANNEL = 'agency_read_cache';

interface ChangeHandlers {
  changed(): void;
  live(live: boolean): void;
}

export interface WatchOptions {
  /** First wait before reopening a lost listening connection; doubles up to 30 s. Default 500 ms. */
  reconnectDelayMs?: number;
}

interface ChangeWatch {
  stop(): Promise<void>;
}

/** An embedded PGlite: file-backed in `dataDir`, or in memory when `dataDir` is undefined. */
export function createPgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    withSessionLock: (_name, task) => task(),
    // PGlite is one connection in this process: a notification is delivered with the answer to the
    // statement that committed it, before that statement's caller resumes.
    watchChanges: async (handlers) => {
      const unlisten = await client.listen(READ_CACHE_CHANNEL, () => handlers.changed());
      handlers.live(true);
      return {
        stop: async () => {
          handlers.live(false);
          if (!client.closed) await unlisten();
        },
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Timeouts of the PostgreSQL pool (docs/decisions/011). Without them a request waits for ever when
 * the database is unreachable without refusing (a dropped network, a server that accepts but
 * never answers): `connectionTimeoutMillis` bounds opening a connection and waiting for a free one,
 * `query_timeout` bounds a query's answer on an open one. Both fail the request with 503.
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;
const POSTGRES_QUERY_TIMEOUT_MS = 30_000;

export interface PostgresPoolOptions {
  max?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

/** pg's message when `query_timeout` fires; the query may still run on the server. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

function queryText(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * pg.Client hardened for outages (docs/decisions/011):
 * - a query that times out closes its connection: pg only stops waiting, so the connection would
 *   go back to the pool still busy with the hung query and fail the next caller too;
 * - a transaction whose BEGIN fails because the connection is lost hands the connection back to
 *   the pool: drizzle-orm 0.45's node-postgres `transaction()` runs BEGIN before its try/finally,
 *   so it never releases it, and every such failure would shrink the pool for good (with all
 *   connections lost so, the server would answer 503 until restarted).
 */
class OutageSafeClient extends pg.Client {
  private readonly writeListeners: Set<() => void> | undefined;

  constructor(config?: pg.ClientConfig & { writeListeners?: Set<() => void> }) {
    super(config);
    this.writeListeners = config?.writeListeners;
  }

  override query(...args: unknown[]): never {
    const text = queryText(args[0]);
    const isBegin = /^\s*begin\b/i.test(text);
    const listeners = this.writeListeners;
    if (listeners && listeners.size > 0 && mayWrite(text)) {
      // Once the statement has finished (a COMMIT included), this process's read cache is cleared.
      const notify = () => {
        for (const listener of listeners) listener();
      };
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          notify();
          (last as (error: unknown, result: unknown) => void)(error, result);
        };
        return this.runQuery(args, isBegin);
      }
      const result = this.runQuery(args, isBegin) as unknown;
      if (result instanceof Promise) {
        return result.then(
          (value: unknown) => {
            notify();
            return value;
          },
          (error: unknown) => {
            notify();
            throw error;
          },
        ) as never;
      }
      return result as never;
    }
    return this.runQuery(args, isBegin);
  }

  private runQuery(args: unknown[], isBegin: boolean): never {
    const onFailure = (error: unknown) => {
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) {
        (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      }
      const release = (this as unknown as { release?: (error?: Error) => void }).release;
      if (isBegin && release && isDatabaseUnavailable(error)) release(error as Error);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (error) onFailure(error);
        (last as (error: unknown, result: unknown) => void)(error, result);
      };
    }
    const result = (super.query as (...rest: unknown[]) => unknown)(...args);
    if (result instanceof Promise) result.catch(onFailure);
    return result as never;
  }
}

/** Statements that change nothing another read could see: no need to clear the read cache. */
const READ_ONLY_STATEMENT = /^\s*(select|show|begin|start\s+transaction|savepoint|release|rollback|listen|unlisten|set|reset|explain|values)\b/i;
/**
 * Writes of rows no cached read uses, sent on most requests: the rate-limit counters (without
 * Redis, one upsert per request) and the session's last-seen touch (every 5 minutes per session).
 */
const WRITES_THAT_KEEP_THE_CACHE: readonly RegExp[] = [
  /^\s*(with\b[\s\S]*?\)\s*)?(insert\s+into|delete\s+from|update)\s+"?rate_limit_hits"?[\s(]/i,
  /^\s*update\s+"sessions"\s+set\s+"last_seen_at"\s*=\s*\$1\s+where\s+"sessions"\."id"\s*=\s*\$2\s*$/i,
];

/**
 * Whether a statement may change rows a cached read uses. Anything not known to be harmless
 * counts as a write (a false "yes" only clears the cache once more).
 */
export function mayWrite(text: string): boolean {
  if (READ_ONLY_STATEMENT.test(text)) return false;
  return !WRITES_THAT_KEEP_THE_CACHE.some((pattern) => pattern.test(text));
}

/** The pool the server runs on: bounded connects and queries, TCP keep-alive. */
export function createPostgresPool(connectionString: string, options: PostgresPoolOptions = {}): pg.Pool {
  const config: pg.PoolConfig & { writeListeners: Set<() => void> } = {
    // Shared by every client of the pool: told when a write statement has finished (read cache).
    writeListeners: new Set<() => void>(),
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? POSTGRES_CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? POSTGRES_QUERY_TIMEOUT_MS,
    keepAlive: true,
    Client: OutageSafeClient,
  };
  return new pg.Pool(config);
}

export function createPostgresHandle(pool: pg.Pool): DatabaseHandle {
  // An idle pooled connection can die (database restart, admin terminating it); pg then emits
  // 'error' on the pool, which would crash the process without a listener. The pool drops the dead
  // client by itself and the next query opens a new one, so a warning is all this needs.
  pool.on('error', (error) => {
    console.warn(`database connection lost: ${error.message}`);
  });
  // A connection that dies while checked out (inside a transaction, between two statements) emits
  // 'error' on its client, and pg-pool listens only while a client is idle: without this listener
  // the process would crash. The running query fails on its own, and the pool drops the client
  // when it is released (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    withSessionLock: async (name, task) => {
      // One pooled connection holds the lock for the whole task; the task itself may use others.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await task();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    },
    watchChanges: (handlers, options) => watchPostgresChanges(pool, handlers, options),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * LISTEN on a dedicated connection (outside the pool: it must stay open and idle), reopened after
 * a loss with a growing delay; `live(false)` from the loss until LISTEN succeeds again, and
 * `changed()` for every notification and every write statement of this process's pool.
 */
async function watchPostgresChanges(pool: pg.Pool, handlers: ChangeHandlers, options: WatchOptions = {}): Promise<ChangeWatch> {
  const firstDelayMs = options.reconnectDelayMs ?? 500;
  const writeListeners = (pool.options as { writeListeners?: Set<() => void> }).writeListeners;
  const onWrite = () => handlers.changed();
  writeListeners?.add(onWrite);
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let delayMs = firstDelayMs;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    handlers.live(false);
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, delayMs);
    timer.unref();
    delayMs = Math.min(delayMs * 2, 30_000);
  };

  const open = async () => {
    const { writeListeners: _ignored, Client: _client, ...config } = pool.options as pg.PoolConfig & { writeListeners?: unknown };
    const current = new pg.Client({ ...config, keepAlive: true });
    client = current;
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === READ_CACHE_CHANNEL) handlers.changed();
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${READ_CACHE_CHANNEL}`);
    } catch {
      lost(current);
      return;
    }
    if (client !== current || stopped) return;
    delayMs = firstDelayMs;
    handlers.live(true);
  };

  await open();
  return {
    stop: async () => {
      stopped = true;
      writeListeners?.delete(onWrite);
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      handlers.live(false);
      if (current) await current.end().catch(() => undefined);
    },
  };
}

/**
 * PostgreSQL when `databaseUrl` is set, else the embedded PGlite in `${dataDir}/pglite`, which
 * one process at a time may open: the folder's lock (`data-dir-lock.ts`) is taken first, and a
 * second process throws `DataDirLockedError`; closing the handle releases it.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return createPostgresHandle(createPostgresPool(options.databaseUrl));
  }
  const folder = join(options.dataDir, 'pglite');
  // PGlite needs the parent folder to exist, else it fails with a misleading error.
  mkdirSync(dirname(folder), { recursive: true });
  const lock = acquireDataDirLock(options.dataDir);
  let handle: DatabaseHandle;
  try {
    handle = createPgliteHandle(await createPglite(folder));
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        lock.release();
      }
    },
  };
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
const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'wal_buffers=4MB'];

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

/** Rows an INSERT, UPDATE or DELETE of `execute` changed: `rowCount` on node-postgres, `affectedRows` on PGlite. */
export function affectedRows(result: unknown): number {
  const answer = result as { rowCount?: number | null; affectedRows?: number };
  return Number(answer.rowCount ?? answer.affectedRows ?? 0);
}
