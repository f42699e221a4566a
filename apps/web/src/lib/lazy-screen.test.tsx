import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyScreen } from './lazy-screen.tsx';

const Screen = () => null;

describe('lazyScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('downloads the code once', async () => {
    const load = vi.fn(async () => ({ default: Screen }));
    const screen = lazyScreen(load);
    await expect(screen.preload()).resolves.toBe(Screen);
    await expect(screen.preload()).resolves.toBe(Screen);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('turns a failed download into a ChunkLoadError and tries again on the next call', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Screen }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Screen });
    const screen = lazyScreen(load);
    const failure = await screen.preload().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as ChunkLoadError).reason).toBe('failed');
    await expect(screen.preload()).resolves.toBe(Screen);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after the time-out (120 s by default)', async () => {
    vi.useFakeTimers();
    const screen = lazyScreen(() => new Promise<never>(() => {}));
    const result = screen.preload().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });
});
