import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { AppError } from '../lib/app-error.ts';

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Adds `count` hits to `key`'s shared window (of `windowMs`, started at its first hit); the shared count after them and the ms left. */
export type SharedCounter = (key: string, count: number, windowMs: number) => Promise<{ current: number; ttl: number }>;

/** How often the hits counted here are added to the shared counter. */
export const FLOOD_GUARD_FLUSH_MS = 100;

interface Window {
  /** The shared count as last known plus the hits counted here since. */
  current: number;
  /** Hits counted here, not yet added to the shared counter. */
  pending: number;
  resetAt: number;
}

/**
 * The store class of the rate limits (the plugin's `store` option) with the flood guard counted in
 * batches (decision 009): the first hit of a client's window is counted in the shared store (Redis
 * or PostgreSQL) and learns the count of every instance; the next hits are counted here and added
 * to the shared count every FLOOD_GUARD_FLUSH_MS, each flush learning the other instances' hits
 * again. An instance sees another's hits at most that late, so a client can pass the limit by what
 * the other instances let through in that time: right for a flood guard, and it spares every API
 * request a round trip. Routes with their own limit that must never fail open (`skipOnError:
 * false`: sign-in, registration, the application) get `exactChild`, which counts every hit in the
 * shared store. A failing shared store fails the flood guard open, as before.
 */
export function createBatchedStore(
  shared: SharedCounter,
  exactChild: (routeOptions: ChildOptions, options: FastifyRateLimitOptions) => FastifyRateLimitStore,
  onError: (error: unknown) => void,
  clock: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  class BatchedStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, Window>();
    private timer: NodeJS.Timeout | null = null;

    constructor(private readonly options: FastifyRateLimitOptions) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      const windowMs = timeWindow ?? 60_000;
      const now = clock();
      const known = this.windows.get(key);
      if (known && known.resetAt > now) {
        known.current += 1;
        known.pending += 1;
        this.scheduleFlush();
        callback(null, { current: known.current, ttl: known.resetAt - now });
        return;
      }
      shared(key, 1, windowMs).then(
        (result) => {
          const window = this.windows.get(key);
          // Hits counted here meanwhile (another first hit answered earlier) stay counted.
          const pending = window && window.resetAt > clock() ? window.pending : 0;
          this.windows.set(key, { current: result.current + pending, pending, resetAt: clock() + result.ttl });
          if (pending > 0) this.scheduleFlush();
          callback(null, { current: result.current + pending, ttl: result.ttl });
        },
        (error: unknown) => {
          onError(error);
          callback(new AppError('SERVICE_UNAVAILABLE'));
        },
      );
    }

    private scheduleFlush(): void {
      if (this.timer) return;
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, FLOOD_GUARD_FLUSH_MS);
      this.timer.unref();
    }

    /** Adds the pending hits to the shared counter; forgets the windows that have ended. */
    async flush(): Promise<void> {
      const now = clock();
      const work: Promise<void>[] = [];
      for (const [key, window] of this.windows) {
        if (window.resetAt <= now) {
          this.windows.delete(key);
          continue;
        }
        if (window.pending === 0) continue;
        const count = window.pending;
        window.pending = 0;
        work.push(
          shared(key, count, Math.max(1, window.resetAt - now)).then(
            (result) => {
              const current = this.windows.get(key);
              if (current !== window) return;
              window.current = result.current + window.pending;
              window.resetAt = clock() + result.ttl;
            },
            (error: unknown) => onError(error),
          ),
        );
      }
      await Promise.all(work);
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      return exactChild(routeOptions, this.options);
    }
  }
  return BatchedStore as unknown as FastifyRateLimitStoreCtor;
}
