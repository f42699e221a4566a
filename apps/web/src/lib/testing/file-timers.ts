/**
 * Timers that outlive their test file. The web files share one window per worker
 * (vitest.config.ts `isolate: false`), so a timer an earlier file left behind would still fire
 * in the next file: CI once failed because the public settings' retry (lib/public-settings.ts,
 * 1 s then 2 s after a failed request) from an earlier file called the next file's fake server.
 *
 * `trackTimers()` wraps setTimeout and setInterval once per worker and keeps the handles still
 * pending; `clearLeftoverTimers()` (at each file's start, lib/testing/shared-worker.ts) cancels
 * them, as closing a window would. Vitest keeps its own copies of the timers, so its test
 * timeouts are not affected; React's scheduler uses setImmediate in Node.
 */
type Handle = ReturnType<typeof setTimeout>;

interface Registry {
  pending: Set<Handle>;
  clearTimeout: typeof clearTimeout;
  clearInterval: typeof clearInterval;
  intervals: Set<Handle>;
}

const KEY = Symbol.for('agency.testing.fileTimers');
const scope = globalThis as typeof globalThis & { [KEY]?: Registry };

export function trackTimers(): void {
  if (scope[KEY]) return;
  const originalSetTimeout = globalThis.setTimeout;
  const originalClearTimeout = globalThis.clearTimeout;
  const originalSetInterval = globalThis.setInterval;
  const originalClearInterval = globalThis.clearInterval;
  const registry: Registry = { pending: new Set(), intervals: new Set(), clearTimeout: originalClearTimeout, clearInterval: originalClearInterval };
  scope[KEY] = registry;

  const setTimeoutTracked = (handler: TimerHandler, delay?: number, ...args: unknown[]): Handle => {
    const handle: Handle = originalSetTimeout(
      (...callArgs: unknown[]) => {
        registry.pending.delete(handle);
        if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...callArgs);
      },
      delay,
      ...args,
    );
    registry.pending.add(handle);
    return handle;
  };
  const setIntervalTracked = (handler: TimerHandler, delay?: number, ...args: unknown[]): Handle => {
    const handle: Handle = originalSetInterval(handler as (...a: unknown[]) => void, delay, ...args);
    registry.intervals.add(handle);
    return handle;
  };
  globalThis.setTimeout = Object.assign(setTimeoutTracked, originalSetTimeout) as typeof setTimeout;
  globalThis.setInterval = Object.assign(setIntervalTracked, originalSetInterval) as typeof setInterval;
  globalThis.clearTimeout = ((handle?: Handle | string | number) => {
    registry.pending.delete(handle as Handle);
    originalClearTimeout(handle as Handle);
  }) as typeof clearTimeout;
  globalThis.clearInterval = ((handle?: Handle | string | number) => {
    registry.intervals.delete(handle as Handle);
    originalClearInterval(handle as Handle);
  }) as typeof clearInterval;
}

/** Cancels every timeout and interval still pending; returns how many there were. */
export function clearLeftoverTimers(): number {
  const registry = scope[KEY];
  if (!registry) return 0;
  const count = registry.pending.size + registry.intervals.size;
  registry.pending.forEach((handle) => registry.clearTimeout(handle));
  registry.intervals.forEach((handle) => registry.clearInterval(handle));
  registry.pending.clear();
  registry.intervals.clear();
  return count;
}
