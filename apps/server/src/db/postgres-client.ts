// PostgreSQL: the server's pool (bounded connects and queries, the outage-safe client) and its handle.
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { watchPostgresChanges } from './change-feed.ts';
import type { Database, DatabaseHandle } from './database-handle.ts';
import { OutageSafeClient } from './outage-safe-client.ts';
import * as schema from './schema.ts';

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
