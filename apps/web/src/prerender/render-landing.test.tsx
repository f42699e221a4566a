import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app/app-root.tsx';
import { createAppRouter } from '../app/router.tsx';
import { fakeServer, ok } from '../features/auth/test-utils.tsx';
import { refreshPublicSettings } from '../lib/public-settings.ts';
import { LOCALES, renderLanding } from './render-landing.tsx';

// React warns about act() outside an act environment; this test drives hydration with act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the prerendered landing page', () => {
  it('renders / in Turkish, with its landmarks and the default agency name', async () => {
    const { html, language } = await renderLanding();
    expect(language).toBe('tr');
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Canlı yayınlarınızda arkanızda duran bir ajans');
    expect(page.querySelectorAll('header, main, footer')).toHaveLength(3);
    expect(page.querySelector('a[href="/kayit"]')).not.toBeNull();
    expect(html).not.toMatch(/<script/i);
  });

  /** Puts the prerendered `html` in the document (the settings answered first), then hydrates it. */
  async function hydrateLanding(html: string, agencyName: string, beforeHydration?: (container: HTMLElement) => void) {
    fakeServer({ 'GET /api/settings/public': ok({ agencyName, contactPhone: '+90 212 000 00 00', contactEmail: 'hello@agency.example' }) });
    await refreshPublicSettings();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    beforeHydration?.(container);

    const router = createAppRouter(undefined, UNSAFE_createMemoryHistory({ initialEntries: ['/'], v5Compat: true }));
    await vi.waitFor(() => expect(router.getState().committed).not.toBeNull());
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(container, <AppRoot router={router} />, { onRecoverableError: recoverable });
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // The same element, now React's.
    expect(container.querySelector('h1')).toBe(heading);
    return container;
  }

  it('hydrates without a mismatch even when the settings arrived first, then shows them', async () => {
    const { html } = await renderLanding();
    const container = await hydrateLanding(html, 'Yıldız Ajans', (page) => {
      // A language chosen before hydration would be lost: the menu waits for it.
      expect(page.querySelector('select')?.disabled).toBe(true);
    });
    expect(container.querySelector('select')?.disabled).toBe(false);
    await vi.waitFor(() => expect(container.querySelector('footer')?.textContent).toContain('Yıldız Ajans'));
  });

  it('renders / in every language, and the English page hydrates in English without a mismatch', async () => {
    const headings = new Map<string, string>();
    for (const language of LOCALES) {
      const rendered = await renderLanding(language);
      expect(rendered.language).toBe(language);
      const page = document.createElement('div');
      page.innerHTML = rendered.html;
      headings.set(language, page.querySelector('h1')?.textContent ?? '');
      expect(page.querySelector('select')?.value, language).toBe(language);
    }
    expect(headings.get('en')).toBe('Go LIVE with an agency that has your back');
    expect(new Set(headings.values()).size).toBe(LOCALES.length);

    const { html } = await renderLanding('en');
    const container = await hydrateLanding(html, 'Star Agency');
    expect(container.querySelector('h1')?.textContent).toBe('Go LIVE with an agency that has your back');
  });
});
