// The read cache's change feed (docs/decisions/012): its handlers, and the LISTEN connection on PostgreSQL.
import pg from 'pg';

/** The channel of the triggers in migration 0011_read_cache_notify. */
export const READ_CACHE_CHANNEL = 'agency_read_cache';

export interface ChangeHandlers {
  changed(): void;
  live(live: boolean): void;
}

export interface WatchOptions {
  /** First wait before reopening a lost listening connection; doubles up to 30 s. Default 500 ms. */
  reconnectDelayMs?: number;
}

export interface ChangeWatch {
  stop(): Promise<void>;
}

/**
 * LISTEN on a dedicated connection (outside the pool: it must stay open and idle), reopened after
 * a loss with a growing delay; `live(false)` from the loss until LISTEN succeeds again, and
 * `changed()` for every notification and every write statement of this process's pool.
 */
export async function watchPostgresChanges(pool: pg.Pool, handlers: ChangeHandlers, options: WatchOptions = {}): Promise<ChangeWatch> {
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
