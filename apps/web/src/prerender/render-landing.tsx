import { DEFAULT_LOCALE, type Locale } from '@agency/shared';
import { renderToString } from 'react-dom/server';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { AppRoot } from '../app/app-root.tsx';
import { createAppRouter } from '../app/router.tsx';
import i18next, { i18nReady } from '../lib/i18n.ts';

export { PRERENDERED_ATTRIBUTE } from './prerendered.ts';
export { LOCALES, landingPageFile } from '@agency/shared';

/**
 * The id the landing page's first paint waits for (`<link rel="expect" blocking="render">`): the
 * title of the first section after the hero, so the header and the hero are parsed whole before
 * anything is painted. Chromium lets the paint through once the element is there, not once it is
 * closed: with `<main>` as the target, the hero was seen painted half parsed.
 */
export const FIRST_PAINT_AFTER_ID = 'how-title';

/**
 * Renders `/` for a visitor (no session) in `language` (the default one: dist/index.html; the
 * others: dist/index.<language>.html, which the server answers when the visitor's language cookie
 * names it), once the landing page's code and translations are loaded (the route's own
 * `handle.load`), to the HTML that goes into #root (apps/web/vite.config.ts). The agency's settings are not known at build
 * time: the page renders as while they load, exactly what the browser renders when it hydrates.
 */
export async function renderLanding(language: Locale = DEFAULT_LOCALE): Promise<{ html: string; language: string }> {
  await i18nReady;
  await i18next.changeLanguage(language);
  const router = createAppRouter(undefined, UNSAFE_createMemoryHistory({ initialEntries: ['/'], v5Compat: true }));
  await new Promise<void>((resolve) => {
    if (router.getState().committed) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (!router.getState().committed) return;
      unsubscribe();
      resolve();
    });
  });
  const failure = router.getState().committed?.failure;
  if (failure) throw new Error(`the landing page could not load: ${String(failure.error)}`);
  return { html: renderToString(<AppRoot router={router} />), language: i18next.language };
}
