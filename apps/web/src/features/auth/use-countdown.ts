import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (epoch ms), rounded up so "1 s" shows until the very end. */
export function secondsUntil(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export interface Countdown {
  secondsLeft: number;
  isRunning: boolean;
  start: (seconds: number) => void;
  stop: () => void;
}

/**
 * A countdown to a fixed deadline (not a decrementing counter), so a throttled background tab
 * still shows the right number when it wakes up. Used for the "Resend in 42 s" button.
 */
export function useCountdown(): Countdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setDeadline(seconds > 0 ? current + seconds * 1000 : null);
  }, []);

  const stop = useCallback(() => setDeadline(null), []);

  const secondsLeft = secondsUntil(deadline, now);
  return { secondsLeft, isRunning: secondsLeft > 0, start, stop };
}
