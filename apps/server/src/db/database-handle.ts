// The database handle's types: either driver behind one type, and what a handle offers (client.ts re-exports them).
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ChangeHandlers, ChangeWatch, WatchOptions } from './change-feed.ts';
import type * as schema from './schema.ts';

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
