import type { Clock } from './clock.ts';

/**
 * The per-instance read cache of the member summary and the session lookup (docs/decisions/012).
 *
 * Entries live in process memory and are trusted only while the database's change feed is live:
 * - every entry expires `ttlMs` after it was read from the database (the safety net);
 * - `clear()` drops everything: called on every change notification from the database (any
 *   instance's committed write to a table these reads use), after every write statement of this
 *   process, and when a mutating request of this instance has been handled;
 * - while the change feed is down (`setLive(false)`: not yet listening, connection lost,
 *   reconnecting) nothing is read from or stored in the cache.
 *
 * A read that started before a clear never stores its result: `ticket()` is taken before the
 * database read and `set()` refuses a ticket of an older generation, so a result read before a
 * change committed cannot outlive the notification of that change.
 */
export interface ReadCache {
  /** The area of one kind of entries (sessions, summaries). */
  area<Value>(name: string): CacheArea<Value>;
  /** Taken before a database read whose result may be stored; null when the cache is not to be used. */
  ticket(): CacheTicket | null;
  /** Drops every entry of every area. */
  clear(): void;
  /** The change feed is listening (true) or not (false: the cache is bypassed and emptied). */
  setLive(live: boolean): void;
  readonly live: boolean;
  /** How many times the cache was cleared (tests, diagnostics). */
  readonly generation: number;
}

interface CacheArea<Value> {
  /** The entry under `key`, unless the cache is bypassed or the entry expired. */
  get(key: string): Value | undefined;
  /** Stores `value` unless the ticket is null or older than the last clear. */
  set(key: string, value: Value, ticket: CacheTicket | null): void;
  delete(key: string): void;
  readonly size: number;
}

interface CacheTicket {
  readonly generation: number;
}

interface Entry<Value> {
  value: Value;
  expiresAtMs: number;
}

/** The safety net on every entry: at most this old, whatever the change feed says. */
const READ_CACHE_TTL_MS = 2_000;
/** An area holding more entries than this is emptied before the next one is stored. */
const READ_CACHE_MAX_ENTRIES = 50_000;

export function createReadCache(options: { clock: Clock; ttlMs?: number; maxEntries?: number }): ReadCache {
  const { clock } = options;
  const ttlMs = options.ttlMs ?? READ_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? READ_CACHE_MAX_ENTRIES;
  const maps: Map<string, Entry<unknown>>[] = [];
  let generation = 0;
  let live = false;
  const enabled = ttlMs > 0;

  const clear = () => {
    generation += 1;
    for (const map of maps) map.clear();
  };

  return {
    area<Value>(_name: string): CacheArea<Value> {
      const map = new Map<string, Entry<Value>>();
      maps.push(map as Map<string, Entry<unknown>>);
      return {
        get(key) {
          if (!live) return undefined;
          const entry = map.get(key);
          if (!entry) return undefined;
          if (clock.now().getTime() >= entry.expiresAtMs) {
            map.delete(key);
            return undefined;
          }
          return entry.value;
        },
        set(key, value, ticket) {
          if (!live || !ticket || ticket.generation !== generation) return;
          if (map.size >= maxEntries) map.clear();
          map.set(key, { value, expiresAtMs: clock.now().getTime() + ttlMs });
        },
        delete(key) {
          map.delete(key);
        },
        get size() {
          return map.size;
        },
      };
    },
    ticket() {
      return live ? { generation } : null;
    },
    clear,
    setLive(next) {
      clear();
      live = enabled && next;
    },
    get live() {
      return live;
    },
    get generation() {
      return generation;
    },
  };
}
