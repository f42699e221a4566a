import '@fontsource-variable/inter';
import './app/mantine-landing.css';
import './app/global.css';

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root.tsx';
import type { AppRouter } from './app/app-router.tsx';
import { createAppRouter } from './app/router.tsx';
import { currentLocale, i18nReady } from './lib/i18n.ts';
import { prefetchPublicSettings } from './lib/public-settings.ts';
import { PRERENDERED_ATTRIBUTE } from './prerender/prerendered.ts';

// The router starts its route loads (the first screen's code and translations) at once, in parallel
// with the first translations (common) that i18nReady waits for.
const router = createAppRouter();
// Every page shows the agency's name and title: ask for them at once too.
prefetchPublicSettings();
const container = document.getElementById('root') as HTMLElement;
// The server sends `/` with the landing page prerendered in the default language (docs/decisions/013).
const prerenderedLanguage = container.getAttribute(PRERENDERED_ATTRIBUTE);

function firstPage(appRouter: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (appRouter.getState().committed) return resolve();
    const unsubscribe = appRouter.subscribe(() => {
      if (!appRouter.getState().committed) return;
      unsubscribe();
      resolve();
    });
  });
}

void i18nReady.finally(async () => {
  if (prerenderedLanguage) {
    // Keep the prerendered page on screen until the landing page's code and texts are here, then
    // take it over, if it is still the page to show: a visitor (a signed-in role was redirected),
    // the same language, nothing failed. Otherwise it is replaced by a fresh render.
    await firstPage(router);
    const committed = router.getState().committed;
    if (committed?.location.pathname === '/' && !committed.failure && currentLocale() === prerenderedLanguage) {
      // As a transition, React hydrates in short slices: the page answers input meanwhile.
      startTransition(() => {
        hydrateRoot(container, <AppRoot router={router} />);
      });
      return;
    }
    container.replaceChildren();
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
  }
  createRoot(container).render(<AppRoot router={router} />);
});
