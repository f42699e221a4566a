import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server (the prerendered landing page) and while it hydrates
 * that markup, true once the page runs: controls whose change events would be lost before
 * hydration (a native <select>) stay disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
