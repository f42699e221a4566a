import '../lib/testing/setup-dom.ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlankLoader } from '../components/page-loader.tsx';
import { api } from '../lib/api-client.ts';
import { i18nReady } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearSession, endSession, hasSessionEnded, readSession, storeSession } from '../lib/session.ts';
import { loadEnglish } from '../features/auth/test-utils.tsx';
import { AppRouterProvider } from './app-router.tsx';
import { Providers } from './providers.tsx';
import { createAppRouter, routes } from './router.tsx';

/**
 * Issue 17: a stored session the server refuses (401: expired or revoked) ends on the sign-in
 * page with "Your session has ended", and signing in returns to the page the person was on.
 */
const ENDED = 'Your session has ended. Please sign in again.';
const ME = { uid: 'member-1', firstName: 'Ayşe', lastName: 'Yılmaz', phone: '+905320000002', email: 'ayse@example.com', role: 'user', status: 'active', locale: 'en' };

/** The server: the token `old` was revoked, `new` is the one a sign-in gives. */
function fakeServer() {
  const calls: { method: string; url: string; token: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const token = (init?.headers as Record<string, string> | undefined)?.accesstoken ?? null;
      calls.push({ method, url, token });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/settings/public')) return json(200, { error: false, data: { agencyName: 'Star Agency', referralsEnabled: true } });
      if (method === 'POST' && url === '/api/auth/login') {
        return json(200, { error: false, messageCode: 'LOGIN_SUCCESS', data: { token: 'new', role: 'user', user: { uid: 'member-1', locale: 'en' } } });
      }
      if (url.startsWith('/api/me') && token !== 'new') return json(401, { error: true, code: 'UNAUTHENTICATED', message: 'Please sign in' });
      if (url === '/api/me') return json(200, { error: false, data: ME });
      return json(404, { error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
    }),
  );
  return calls;
}

async function renderApp(path: string) {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router = createAppRouter(routes, history);
  await act(async () => {
    render(
      <Providers env="test" queryClient={createQueryClient()}>
        <AppRouterProvider router={router} fallback={<BlankLoader />} />
      </Providers>,
    );
  });
  return history;
}

const where = (history: ReturnType<typeof UNSAFE_createMemoryHistory>) => `${history.location.pathname}${history.location.search}`;

beforeAll(async () => {
  await i18nReady;
  await loadEnglish();
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('a session that has ended', () => {
  it('a 401 on a page opens the sign-in page with the message; signing in returns to that page', async () => {
    storeSession({ token: 'old', role: 'user', uid: 'member-1' });
    fakeServer();
    const history = await renderApp('/app/setting/payment?tab=requests');

    await waitFor(() => expect(where(history)).toBe('/app/sessions/signIn?next=%2Fapp%2Fsetting%2Fpayment%3Ftab%3Drequests'), { timeout: 8_000 });
    expect(await screen.findByText(ENDED, {}, { timeout: 4_000 })).toBeTruthy();
    expect(readSession()).toBeNull();

    fireEvent.click(await screen.findByRole('tab', { name: 'Email' }));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'ayse@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Member!2026demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(where(history)).toBe('/app/setting/payment?tab=requests'), { timeout: 8_000 });
    expect(readSession()).toEqual({ token: 'new', role: 'user', uid: 'member-1' });
    expect(hasSessionEnded()).toBe(false);
  }, 30_000);

  it('a visitor who never had a session still goes to the landing page, without the message', async () => {
    fakeServer();
    const history = await renderApp('/app/setting/payment');
    await waitFor(() => expect(where(history)).toBe('/'));
    expect(screen.queryByText(ENDED)).toBeNull();
  });

  it('the sign-in page opened by hand does not say that a session ended', async () => {
    fakeServer();
    await renderApp('/app/sessions/signIn');
    expect(await screen.findByText('Sign in', { selector: 'h1' }, { timeout: 4_000 })).toBeTruthy();
    expect(screen.queryByText(ENDED)).toBeNull();
  });
});

describe('which 401 ends a session', () => {
  it('the refused token marks the session as ended; a wrong password while signed in only clears it', async () => {
    fakeServer();
    storeSession({ token: 'old', role: 'user', uid: 'member-1' });
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(readSession()).toBeNull();
    expect(hasSessionEnded()).toBe(true);

    // Signing out forgets the mark: the next visit to a signed-in path goes to the landing page.
    clearSession();
    expect(hasSessionEnded()).toBe(false);

    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: true, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }), { status: 401 }));
    storeSession({ token: 'old', role: 'user', uid: 'member-1' });
    await expect(api.post('/auth/login', { email: 'a@example.com', password: 'wrong' })).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(readSession()).toBeNull();
    expect(hasSessionEnded()).toBe(false);
  });

  it('a late 401 of a token already replaced by a new sign-in changes nothing', () => {
    storeSession({ token: 'new', role: 'user', uid: 'member-1' });
    endSession({ token: 'old', role: 'user', uid: 'member-1' });
    expect(readSession()).toEqual({ token: 'new', role: 'user', uid: 'member-1' });
    expect(hasSessionEnded()).toBe(false);
  });
});
