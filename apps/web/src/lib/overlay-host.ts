import { useSyncExternalStore } from 'react';

/**
 * Toasts and confirmation dialogs are drawn by Mantine's <Notifications> and <ModalsProvider>.
 * They are not needed to show the landing page, so their code loads on first use: notify.ts and
 * confirm.ts call requestOverlayHost(), app/overlay-host.tsx mounts them, and the promise resolves
 * once they listen. Toasts shown before that wait in Mantine's store and appear when it mounts.
 * Use the event API (`notifications.show`, `modals.openConfirmModal`, confirmAction), not useModals().
 */
let requests = 0;
let mounted = false;
const waiters: Array<() => void> = [];
const listeners = new Set<() => void>();

export function requestOverlayHost(): Promise<void> {
  if (mounted) return Promise.resolve();
  const waiting = new Promise<void>((resolve) => waiters.push(resolve));
  requests += 1;
  listeners.forEach((listener) => listener());
  return waiting;
}

/** Called by the host once <Notifications> and <ModalsProvider> are mounted and listening. */
export function markOverlayHostMounted(): void {
  mounted = true;
  waiters.splice(0).forEach((resolve) => resolve());
}

/** How many times the host was asked for (0: not yet); a new request retries a failed download. */
export function useOverlayHostRequests(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requests,
    () => 0,
  );
}
