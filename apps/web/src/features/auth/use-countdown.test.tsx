import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsUntil, useCountdown } from './use-countdown.ts';

describe('secondsUntil', () => {
  it.each([
    { deadline: null, now: 0, expected: 0 },
    { deadline: 60_000, now: 0, expected: 60 },
    { deadline: 60_000, now: 100, expected: 60 },
    { deadline: 60_000, now: 59_001, expected: 1 },
    { deadline: 60_000, now: 60_000, expected: 0 },
    { deadline: 60_000, now: 90_000, expected: 0 },
  ])('deadline $deadline at $now -> $expected s', ({ deadline, now, expected }) => {
    expect(secondsUntil(deadline, now)).toBe(expected);
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down to zero and then stops running', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.isRunning).toBe(false);
    act(() => result.current.start(3));
    expect(result.current.secondsLeft).toBe(3);
    expect(result.current.isRunning).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.secondsLeft).toBe(0);
    expect(result.current.isRunning).toBe(false);
  });

  it('follows the clock, not the number of ticks (a throttled tab catches up)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => {
      vi.setSystemTime(Date.now() + 45_000);
      vi.advanceTimersByTime(250);
    });
    expect(result.current.secondsLeft).toBe(15);
  });

  it('restarts with a new value and stops on demand', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(10));
    act(() => result.current.start(30));
    expect(result.current.secondsLeft).toBe(30);
    act(() => result.current.stop());
    expect(result.current.secondsLeft).toBe(0);
  });
});
