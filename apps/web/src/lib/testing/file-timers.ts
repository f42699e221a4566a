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

/** The timeouts and intervals still pending, and the original clear (it clears either kind, in Node as in the HTML spec). */
interface Registry {
  pending: Set<Handle>;
  clear: typeof clearTimeout;
}

const KEY = Symbol.for('agency.testing.fileTimers');
const scope = globalThis as typeof globalThis & { [KEY]?: Registry };

export function trackTimers(): void {
  if (scope[KEY]) return;
  const { setTimeout: originalSetTimeout, setInterval: originalSetInterval, clearTimeout: originalClear } = globalThis;
  const registry: Registry = { pending: new Set(), clear: originalClear };
  scope[KEY] = registry;

  const setTimeoutTracked = (handler: TimerHandler, delay?: number, ...args: unknown[]): Handle => {
    // A string handler: the original refuses it as before.
    if (typeof handler !== 'function') return originalSetTimeout(handler as never, delay, ...args);
    const handle: Handle = originalSetTimeout(
      (...callArgs: unknown[]) => {
        registry.pending.delete(handle);
        (handler as (...a: unknown[]) => void)(...callArgs);
      },
      delay,
      ...args,
    );
    registry.pending.add(handle);
    return handle;
  };
  const setIntervalTracked = (handler: TimerHandler, delay?: number, ...args: unknown[]): Handle => {
    const handle: Handle = originalSetInterval(handler as (...a: unknown[]) => void, delay, ...args);
    registry.pending.add(handle);
    return handle;
  };
  const clearTracked = ((handle?: Handle | string | number) => {
    registry.pending.delete(handle as Handle);
    originalClear(handle as Handle);
  }) as typeof clearTimeout;
  globalThis.setTimeout = Object.assign(setTimeoutTracked, originalSetTimeout) as typeof setTimeout;
  globalThis.setInterval = Object.assign(setIntervalTracked, originalSetInterval) as typeof setInterval;
  globalThis.clearTimeout = clearTracked;
  globalThis.clearInterval = clearTracked as typeof clearInterval;
}

/** Cancels every timeout and interval still pending; returns how many there were. */
export function clearLeftoverTimers(): number {
  const registry = scope[KEY];
  if (!registry) return 0;
  const count = registry.pending.size;
  registry.pending.forEach((handle) => registry.clear(handle));
  registry.pending.clear();
  return count;
}
