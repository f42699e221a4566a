import '../lib/testing/setup-dom.ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UNSAFE_createMemoryHistory, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlankLoader } from '../components/page-loader.tsx';
import { changeLanguage, i18nReady } from '../lib/i18n.ts';
import { lazyScreen } from '../lib/lazy-screen.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { mockFetch } from '../lib/testing/render.tsx';
import { clearSession, storeSession } from '../lib/session.ts';
import { AppRouterProvider } from './app-router.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { Providers } from './providers.tsx';
import { RootLayout } from './root-layout.tsx';
import { createAppRouter, routes } from './router.tsx';
import { publicRoute } from './routes/screen-routes.tsx';

const settings = {
  agencyName: 'Star Agency',
  pageTitle: 'Star Agency LIVE',
  pageDescription: 'The official agency.',
  contactPhone: '+90 212 000 00 00',
  contactEmail: 'hello@example.com',
  contactAddress: 'Istanbul',
  supportHours: '10:00-17:00',
  referralsEnabled: true,
};

const noPayments = { items: [], total: 0, page: 1, pageSize: 20 };

async function renderAt(path: string, routeObjects: RouteObject[] = routes) {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router = createAppRouter(routeObjects, history);
  // Awaited: the first page suspends while its code and translations load.
  await act(async () => {
    render(
      <Providers env="test" queryClient={createQueryClient()}>
        <AppRouterProvider router={router} fallback={<BlankLoader />} />
      </Providers>,
    );
  });
  return history;
}

// Text queries only: role queries compute the style of every element, slow with Mantine in jsdom.
const heading = (text: string) => screen.findByText(text, { selector: 'h1' }, { timeout: 4_000 });

describe('router', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
  });
  beforeEach(() => {
    // `/api/me` alone, and a member with no payments: the member's other screens (`/api/me/summary`
    // and the like) answer 404 here, an error state under the screen's heading, never `null`.
    vi.stubGlobal('fetch', mockFetch({ '/api/settings/public': settings, '/api/me$': null, '/api/me/payments': noPayments }));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it("loads Mantine's whole stylesheet before every page but the landing page (docs/decisions/013)", async () => {
    const load = (routes[0]?.handle as { load: (...args: unknown[]) => Promise<unknown> | undefined }).load;
    const decision = { kind: 'render' };
    expect(load(null, decision, '/')).toBeUndefined();
    for (const path of ['/kayit', '/app/sessions/signIn', '/app/dashboards/userDashboard', '/nope']) {
      await expect(load(null, decision, path), path).resolves.toBeDefined();
    }
  });

  it('shows the not-found page with the public header for an unknown path', async () => {
    await renderAt('/no-such-page');
    await heading('Page not found');
    expect(screen.getByText('Back to home').closest('a')?.getAttribute('href')).toBe('/');
    expect(document.querySelector('header')).not.toBeNull();
    expect(document.querySelector('select[aria-label="Choose language"]')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe('Page not found · Star Agency LIVE'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('The official agency.');
  });

  it('shows a member screen inside the member layout for a stored member session', async () => {
    storeSession({ token: 't', role: 'user', uid: 'u1' });
    const router = await renderAt('/app/setting/documents');
    await heading('Documents');
    // The documents screen with no payments yet: its empty state leads to the payments screen.
    expect((await screen.findByText('Go to payments')).closest('a')?.getAttribute('href')).toBe('/app/setting/payment');
    // the member's navigation, with the current page marked
    const current = document.querySelectorAll('nav a[aria-current="page"]');
    expect([...current].map((link) => link.getAttribute('href'))).toContain('/app/setting/documents');
    expect(document.querySelector('main')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe('Documents · Star Agency LIVE'));
    expect(router.location.pathname).toBe('/app/setting/documents');
  });

  it("shows the agency logo in the public and signed-in headers and as the document's icon", async () => {
    const logoUrl = '/api/settings/logo?v=abcd1234';
    vi.stubGlobal('fetch', mockFetch({ '/api/settings/public': { ...settings, logoUrl }, '/api/me$': null }));
    await renderAt('/no-such-page');
    await heading('Page not found');
    const logo = await waitFor(() => {
      const image = document.querySelector<HTMLImageElement>('header img');
      expect(image).not.toBeNull();
      return image!;
    });
    expect(logo.getAttribute('src')).toBe(logoUrl);
    expect(logo.getAttribute('alt')).toBe('Star Agency');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['28', '28']);
    await waitFor(() => expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(logoUrl));
    cleanup();

    storeSession({ token: 't', role: 'user', uid: 'u1' });
    await renderAt('/app/setting/documents');
    await heading('Documents');
    await waitFor(() => expect(document.querySelector('header img')?.getAttribute('src')).toBe(logoUrl));
    expect(document.querySelector('header img')?.getAttribute('alt')).toBe('Star Agency');
  });

  it('keeps the default icon and mark when the agency has no logo', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/api/settings/public': { ...settings, logoUrl: null }, '/api/me$': null }));
    await renderAt('/no-such-page');
    await heading('Page not found');
    await waitFor(() => expect(document.title).toBe('Page not found · Star Agency LIVE'));
    expect(document.querySelector('header img')).toBeNull();
    const icon = document.head.querySelector('link[rel="icon"]');
    expect(icon?.getAttribute('href')).toBe('/favicon.svg');
    expect(icon?.getAttribute('type')).toBe('image/svg+xml');
  });

  it("shows the admin's own screen on a shared path", async () => {
    storeSession({ token: 't', role: 'admin', uid: 'a1' });
    await renderAt('/app/setting/earnings');
    await heading('Finance');
  });

  it('gives a member the security screen (password, sessions) on the path it shares with the admin, linked in the sidebar', async () => {
    storeSession({ token: 't', role: 'user', uid: 'u1' });
    await renderAt('/app/accounts/security');
    await heading('Security');
    const current = document.querySelectorAll('nav a[aria-current="page"]');
    expect([...current].map((link) => link.getAttribute('href'))).toContain('/app/accounts/security');
    await waitFor(() => expect(document.title).toBe('Security · Star Agency LIVE'));
  });

  it("gives a member the not-found page on an admin's path", async () => {
    storeSession({ token: 't', role: 'user', uid: 'u1' });
    const router = await renderAt('/app/mydesk/users');
    await heading('Page not found');
    expect(screen.queryByText('Members', { selector: 'h1' })).toBeNull();
    expect(router.location.pathname).toBe('/app/mydesk/users');
  });

  it('sends a visitor from a signed-in path to /, and a member from / to the landing page', async () => {
    const visitor = await renderAt('/app/setting/publisher');
    await waitFor(() => expect(visitor.location.pathname).toBe('/'));
    cleanup();

    storeSession({ token: 't', role: 'user', uid: 'u1' });
    const member = await renderAt('/');
    await waitFor(() => expect(member.location.pathname).toBe('/app/setting/publisher'));
    await heading('Home');
  });

  it('leaves the page for / when the session is cleared (e.g. by a 401)', async () => {
    storeSession({ token: 't', role: 'admin', uid: 'a1' });
    const router = await renderAt('/app/mydesk/users');
    await heading('Members');
    act(() => clearSession());
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('shows a retry state when a screen fails to download, and the screen after retrying', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: () => <h1>Application form</h1> });
    const route = publicRoute({ path: '/kayit', screen: lazyScreen(load), namespaces: [] });
    await renderAt('/kayit', [{ element: <RootLayout />, children: [{ element: <PublicLayout />, children: [route] }] }]);

    await heading('This page could not be loaded');
    fireEvent.click(screen.getByText('Try again').closest('button') as HTMLElement);
    await heading('Application form');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
