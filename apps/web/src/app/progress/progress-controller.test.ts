import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressController, type ProgressState } from './progress-controller.ts';

describe('createProgressController', () => {
  let states: ProgressState[];
  const last = () => states[states.length - 1];

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('shows the bar at once, creeps forward, and finishes 500 ms after loading ended', () => {
    const progress = createProgressController((state) => states.push(state));
    progress.setActive(true);
    expect(last()).toEqual({ visible: true, value: 10 });

    vi.advanceTimersByTime(900);
    expect(last()?.value).toBeGreaterThan(10);
    expect(last()?.value).toBeLessThan(90);

    progress.setActive(false);
    vi.advanceTimersByTime(499);
    expect(last()?.visible).toBe(true);
    expect(last()?.value).toBeLessThan(100);

    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: true, value: 100 });

    vi.advanceTimersByTime(250);
    expect(last()).toEqual({ visible: false, value: 0 });
  });

  it('never reaches 100 % while still loading', () => {
    const progress = createProgressController((state) => states.push(state));
    progress.setActive(true);
    vi.advanceTimersByTime(60_000);
    expect(last()?.visible).toBe(true);
    expect(last()?.value).toBeLessThanOrEqual(90);
  });

  it('keeps running when loading starts again before the 500 ms are over', () => {
    const progress = createProgressController((state) => states.push(state));
    progress.setActive(true);
    vi.advanceTimersByTime(600);
    progress.setActive(false);
    vi.advanceTimersByTime(300);
    const valueBefore = last()?.value ?? 0;
    progress.setActive(true);
    vi.advanceTimersByTime(1_000);
    expect(last()?.visible).toBe(true);
    expect(last()?.value).toBeGreaterThanOrEqual(valueBefore);
    expect(last()?.value).toBeLessThan(100);

    progress.setActive(false);
    vi.advanceTimersByTime(500 + 250);
    expect(last()).toEqual({ visible: false, value: 0 });
  });

  it('ignores an end without a start', () => {
    const progress = createProgressController((state) => states.push(state));
    progress.setActive(false);
    vi.advanceTimersByTime(1_000);
    expect(states).toEqual([]);
  });
});
