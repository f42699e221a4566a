import { useEffect, useSyncExternalStore } from 'react';

/**
 * Things other than the router that keep the progress bar running: a Suspense fallback while a
 * screen's code or translations load, the first-load placeholder. Each registers while mounted.
 */
let count = 0;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the progress bar running while the calling component is mounted. */
export function useProgressSource(): void {
  useEffect(() => {
    count += 1;
    emit();
    return () => {
      count -= 1;
      emit();
    };
  }, []);
}

export function useActiveProgressSources(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}
