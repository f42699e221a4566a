import { describe, expect, it } from 'vitest';
import { clearLeftoverTimers, trackTimers } from './file-timers.ts';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('timers left behind by an earlier test file', () => {
  it('are cancelled when the next file starts, timeouts and intervals alike', async () => {
    trackTimers();
    const fired: string[] = [];
    setTimeout(() => fired.push('timeout'), 30);
    setInterval(() => fired.push('interval'), 10);
    expect(clearLeftoverTimers()).toBeGreaterThanOrEqual(2);
    await wait(60);
    expect(fired).toEqual([]);
  });

  it('still run when nothing clears them, and a fired or cleared timer is no longer pending', async () => {
    trackTimers();
    clearLeftoverTimers();
    const fired: string[] = [];
    setTimeout(() => fired.push('kept'), 5);
    const cancelled = setTimeout(() => fired.push('cancelled'), 5);
    clearTimeout(cancelled);
    await wait(30);
    expect(fired).toEqual(['kept']);
    const interval = setInterval(() => fired.push('interval'), 5);
    clearInterval(interval);
    expect(clearLeftoverTimers()).toBe(0);
  });
});
