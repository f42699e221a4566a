import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { clearLeftoverTimers, trackTimers } from './file-timers.ts';

/**
 * The web files share their worker's modules and window (vitest.config.ts `isolate: false`).
 * Each file starts as in a fresh window: what an earlier file rendered is unmounted, storage,
 * the address and the toasts are emptied, the timers it left pending are cancelled (file-timers.ts),
 * and the project's own modules load afresh.
 */
trackTimers();
clearLeftoverTimers();
cleanup();
notifications.clean();
notifications.cleanQueue();
vi.resetModules();
vi.unstubAllGlobals();
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
document.body.innerHTML = '';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});
