import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { affectedRows, type Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Where @fastify/rate-limit keeps its counters (its `store` / `redis` options).
 * - memory: the plugin's own store; right for PGlite, which is one process by construction.
 * - postgres: the table `rate_limit_hits`, shared by every instance on the database.
 * - redis: the plugin's Redis store (REDIS_URL), shared by every instance on that Redis.
 */
export type RateLimitBacking =
  | { kind: 'memory' }
  | { kind: 'postgres'; db: Database; keyPrefix: string }
  | { kind: 'redis'; url: string; keyPrefix: string };

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Stale windows are deleted this often by every instance (one indexed DELETE). */
export const RATE_LIMIT_CLEANUP_MS = 60_000;

/**
 * One atomic upsert: the key's count in its window after this hit, and milliseconds until the
 * window ends, after `count` hits (more than one: the flood guard's batches, rate-limit-batched.ts).
 * A window starts at the key's first hit and lasts `windowMs` (as in the plugin's own stores); a
 * hit after it ended starts a new one. Concurrent hits on one key serialize on
 * its row, so none is lost.
 */
export async function countHit(db: Database, key: string, windowMs: number, count = 1): Promise<{ current: number; ttl: number }> {
  // The database's clock, not the instance's: every instance agrees on when a window ends.
  const result = await db.execute(sql`
    with now_ms as (select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
    insert into rate_limit_hits as h (key, window_start, hits, expires_at)
    select ${key}, ms, ${count}::int, to_timestamp((ms + ${windowMs}) / 1000.0) from now_ms
    on conflict (key) do update set
      window_start = case when h.window_start + ${windowMs} <= excluded.window_start then excluded.window_start else h.window_start end,
      hits = case when h.window_start + ${windowMs} <= excluded.window_start then excluded.hits else h.hits + excluded.hits end,
      expires_at = case when h.window_start + ${windowMs} <= excluded.window_start then excluded.expires_at else h.expires_at end
    returning h.hits as "current", (h.window_start + ${windowMs} - (select ms from now_ms))::int as "ttl"`);
  const row = (result as unknown as { rows: { current: number | string; ttl: number | string }[] }).rows[0]!;
  return { current: Number(row.current), ttl: Math.max(0, Number(row.ttl)) };
}

/** Deletes the windows that have ended; returns how many rows went. */
export async function deleteEndedWindows(db: Database): Promise<number> {
  const result = await db.execute(sql`delete from rate_limit_hits where expires_at < now()`);
  return affectedRows(result);
}

/**
 * A store class for the plugin's `store` option (it calls `new Store(globalOptions)` and then
 * `child(routeOptions)` for every route with its own limit). A database failure is reported as
 * SERVICE_UNAVAILABLE: routes whose limit has `skipOnError` pass anyway (the flood guard fails
 * open), the sign-in routes answer 503.
 */
export function createPostgresStore(db: Database, keyPrefix: string, onError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = keyPrefix,
    ) {}
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      countHit(db, this.prefix + key, timeWindow ?? 60_000).then(
        (result) => callback(null, result),
        (error: unknown) => {
          onError(error);
          callback(new AppError('SERVICE_UNAVAILABLE'));
        },
      );
    }
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      // At run time the plugin passes the route's merged limit options with `routeInfo` (its types say otherwise).
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method: string; url: string } };
      return new PostgresStore(routeOptions as unknown as FastifyRateLimitOptions, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}

interface PluginRedisStore {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginRedisStore;
}
type PluginRedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => PluginRedisStore;

/**
 * The plugin's own Redis store (its Lua INCR + PEXPIRE script, keys `${keyPrefix}${route}-${address}`),
 * wrapped only to report a Redis failure as SERVICE_UNAVAILABLE (503) instead of a bare 500,
 * with the same fail-open/fail-closed split as the PostgreSQL store.
 */
export function createRedisStore(redis: Redis, keyPrefix: string, onError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  const PluginRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as PluginRedisStoreCtor;
  class RedisStore implements FastifyRateLimitStore {
    private readonly inner: PluginRedisStore;
    constructor(options: FastifyRateLimitOptions, inner?: PluginRedisStore) {
      const { continueExceeding = false, exponentialBackoff = false } = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      this.inner = inner ?? new PluginRedisStore(continueExceeding, exponentialBackoff, redis, keyPrefix);
    }
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      this.inner.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onError(error);
          callback(new AppError('SERVICE_UNAVAILABLE'));
        },
        timeWindow,
        max,
      );
    }
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return new RedisStore(routeOptions as unknown as FastifyRateLimitOptions, this.inner.child(routeOptions));
    }
  }
  return RedisStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * A Redis client for the rate limits. Commands fail at once while Redis is unreachable (no
 * offline queue, no retries per command), so a request never waits for Redis to come back; the
 * client keeps reconnecting in the background. The first connection is awaited: a wrong
 * REDIS_URL stops the start instead of surfacing later as refused sign-ins.
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    // Commands issued in the same tick (one per concurrent request) go out in one socket write:
    // a write per command was a fifth of a cached member summary's CPU (docs/decisions/012).
    enableAutoPipelining: true,
  });
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    // ioredis repeats the error on every reconnection attempt: one line per 30 s is enough.
    if (Date.now() - lastWarning < 30_000) return;
    lastWarning = Date.now();
    log.warn({ err: { message: error.message } }, 'rate-limit Redis unreachable: the flood guard lets requests through, sign-in routes answer 503');
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL is set but Redis is not reachable (${(error as Error).message})`, { cause: error });
  }
  return redis;
}

/** Throttled warning for a store that cannot count (one line per 30 s). */
export function createStoreErrorLogger(log: FastifyBaseLogger, what: string): (error: unknown) => void {
  let last = 0;
  return (error) => {
    if (Date.now() - last < 30_000) return;
    last = Date.now();
    log.warn({ err: { message: (error as Error).message } }, `${what}: the flood guard lets requests through, sign-in routes answer 503`);
  };
}

/** Adds hits to a key's window in Redis (the flood guard's batches): INCRBY, and PEXPIRE when the key is new. */
const INCR_BY_SCRIPT = `
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}`;

/** The flood guard's shared counter in Redis, under `keyPrefix`. */
export function redisCounter(redis: Redis, keyPrefix: string): (key: string, count: number, windowMs: number) => Promise<{ current: number; ttl: number }> {
  redis.defineCommand('agencyIncrBy', { numberOfKeys: 1, lua: INCR_BY_SCRIPT });
  const run = (redis as unknown as { agencyIncrBy(key: string, count: number, windowMs: number): Promise<[number, number]> }).agencyIncrBy.bind(redis);
  return async (key, count, windowMs) => {
    const [current, ttl] = await run(`${keyPrefix}${key}`, count, windowMs);
    return { current: Number(current), ttl: Math.max(0, Number(ttl)) };
  };
}
