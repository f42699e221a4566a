import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { createBatchedStore, FLOOD_GUARD_FLUSH_MS, type SharedCounter } from './rate-limit-batched.ts';

/** A shared counter as Redis or PostgreSQL keep it: a window per key from its first hit. */
function sharedCounter(clock: () => number) {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  const calls: { key: string; count: number }[] = [];
  const counter: SharedCounter = async (key, count, windowMs) => {
    calls.push({ key, count });
    let window = windows.get(key);
    if (!window || window.resetAt <= clock()) {
      window = { hits: 0, resetAt: clock() + windowMs };
      windows.set(key, window);
    }
    window.hits += count;
    return { current: window.hits, ttl: window.resetAt - clock() };
  };
  return { counter, calls, windows };
}

function incr(store: FastifyRateLimitStore, key: string): Promise<number> {
  return new Promise((resolve, reject) => store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000, 100));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storeOf(counter: SharedCounter, clock: () => number = Date.now) {
  const Store = createBatchedStore(counter, () => ({}) as FastifyRateLimitStore, () => undefined, clock);
  return new Store({} as FastifyRateLimitOptions);
}

describe('the flood guard counted in batches', () => {
  it('counts the first hit in the shared store and the next ones here, then adds them in one batch', async () => {
    const shared = sharedCounter(Date.now);
    const store = storeOf(shared.counter);
    const counts = [];
    for (let index = 0; index < 5; index += 1) counts.push(await incr(store, 'ip-1'));
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(shared.calls).toEqual([{ key: 'ip-1', count: 1 }]);
    await wait(FLOOD_GUARD_FLUSH_MS + 50);
    expect(shared.calls).toEqual([{ key: 'ip-1', count: 1 }, { key: 'ip-1', count: 4 }]);
    expect(shared.windows.get('ip-1')!.hits).toBe(5);
  });

  it("two instances: each learns the other's hits on its first hit and at every batch", async () => {
    const shared = sharedCounter(Date.now);
    const a = storeOf(shared.counter);
    const b = storeOf(shared.counter);
    for (let index = 0; index < 6; index += 1) await incr(a, 'ip-2');
    await wait(FLOOD_GUARD_FLUSH_MS + 50);
    // B's first hit is counted in the shared store: A's six are in it.
    expect(await incr(b, 'ip-2')).toBe(7);
    expect(await incr(b, 'ip-2')).toBe(8);
    await wait(FLOOD_GUARD_FLUSH_MS + 50);
    // A's next hit is counted here on what A knew (6); its next batch learns B's two.
    expect(await incr(a, 'ip-2')).toBe(7);
    await wait(FLOOD_GUARD_FLUSH_MS + 50);
    expect(await incr(a, 'ip-2')).toBe(10);
    expect(shared.windows.get('ip-2')!.hits).toBe(9);
  });

  it('starts again in the shared store once the window has ended, and forgets ended windows', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const shared = sharedCounter(clock);
    const store = storeOf(shared.counter, clock);
    expect(await incr(store, 'ip-3')).toBe(1);
    expect(await incr(store, 'ip-3')).toBe(2);
    now += 60_001;
    expect(await incr(store, 'ip-3')).toBe(1);
    expect(shared.calls.filter((call) => call.count === 1)).toHaveLength(2);
  });

  it('a shared store that fails answers SERVICE_UNAVAILABLE (the flood guard then lets the request through)', async () => {
    const store = storeOf(async () => {
      throw new Error('redis down');
    });
    await expect(incr(store, 'ip-4')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('routes with their own limit get the exact store', () => {
    const exact = { incr: () => undefined, child: () => exact } as unknown as FastifyRateLimitStore;
    const Store = createBatchedStore(async () => ({ current: 1, ttl: 1 }), () => exact, () => undefined);
    expect(new Store({} as FastifyRateLimitOptions).child({} as never)).toBe(exact);
  });
});
