// The pg client the PostgreSQL pool runs on, hardened for outages and telling the read cache of writes.
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

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
export class OutageSafeClient extends pg.Client {
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
