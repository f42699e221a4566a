import '../../lib/testing/setup-dom.ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me, MyProfile } from '@agency/shared';
import { AppRouterProvider } from '../../app/app-router.tsx';
import { Providers } from '../../app/providers.tsx';
import { createAppRouter, routes } from '../../app/router.tsx';
import { BlankLoader } from '../../components/page-loader.tsx';
import { changeLanguage, currentLocale, i18nReady } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { aMyProfile } from '../../lib/testing/fixtures.ts';
import { clearSession, storeSession } from '../../lib/session.ts';
import SignInPage from '../auth/sign-in-page.tsx';
import { fakeServer, loadEnglish, ok, renderAt } from '../auth/test-utils.tsx';

/**
 * Issue 16: a person's language is one setting. The header's language menu of a signed-in person
 * writes the profile as well as the browser; "My details" shows and saves that same choice; the
 * interface takes the profile's language on sign-in.
 */
const PROFILE: MyProfile = aMyProfile();

const ME: Me = {
  uid: 'member-1',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phone: '+905320000002',
  email: 'ayse@example.com',
  role: 'user',
  status: 'active',
  locale: 'en',
  joinedAt: '2026-01-01T00:00:00.000Z',
  referralCode: 'AYSE2026',
  bankStatus: 'Not Verified',
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server of the signed-in screens: the profile it stores changes with each PUT. */
function fakeProfileServer() {
  const calls: Call[] = [];
  let stored: MyProfile = { ...PROFILE };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).split('?')[0]!;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ method, path, body });
      const answer = (data: unknown, extra: Record<string, unknown> = {}) =>
        new Response(JSON.stringify({ error: false, data, ...extra }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (method === 'PUT' && path === '/api/me/profile') {
        stored = { ...stored, ...(body as Partial<MyProfile>) };
        return answer(stored, { message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED' });
      }
      if (path === '/api/settings/public') return answer({ agencyName: 'Star Agency', referralsEnabled: false });
      if (path === '/api/me') return answer({ ...ME, locale: stored.locale });
      if (path === '/api/me/profile') return answer(stored);
      if (path === '/api/me/creators' || path === '/api/me/notifications') return answer({ items: [], total: 0, page: 1, pageSize: 10, unread: 0 });
      return new Response(JSON.stringify({ error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    profileWrites: () => calls.filter((call) => call.method === 'PUT' && call.path === '/api/me/profile').map((call) => call.body),
  };
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
}

/** The header's language menu (a native select). */
function headerLanguageMenu(): HTMLSelectElement {
  const select = document.querySelector<HTMLSelectElement>('header select');
  if (!select) throw new Error('no language menu in the header');
  return select;
}

beforeAll(async () => {
  await i18nReady;
  await loadEnglish();
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});
afterAll(async () => {
  await changeLanguage('en');
});

describe('one language setting', () => {
  it('the header menu of a signed-in person writes the profile, and saving "My details" keeps that language', async () => {
    await changeLanguage('en');
    const server = fakeProfileServer();
    storeSession({ token: 't', role: 'user', uid: 'member-1' });
    await renderApp('/app/setting/myinformation');
    expect(await screen.findByText('My information', { selector: 'h1' }, { timeout: 4_000 })).toBeTruthy();
    const detailsLanguage = () => screen.getAllByDisplayValue(/./).find((element) => element.tagName === 'INPUT' && element.closest('form') && /English|Deutsch/.test((element as HTMLInputElement).value)) as HTMLInputElement | undefined;
    await waitFor(() => expect(detailsLanguage()?.value).toBe('English'));

    // The header's menu: the interface switches, the browser remembers, and the profile is written.
    act(() => {
      fireEvent.change(headerLanguageMenu(), { target: { value: 'de' } });
    });
    await waitFor(() => expect(server.profileWrites()).toEqual([{ locale: 'de' }]));
    await waitFor(() => expect(currentLocale()).toBe('de'));
    expect(localStorage.getItem('language')).toBe('de');
    expect(await screen.findByText('Meine Angaben', { selector: 'h1' })).toBeTruthy();

    // "My details", open the whole time, shows the new choice; saving a name keeps the interface German.
    await waitFor(() => expect(detailsLanguage()?.value).toBe('Deutsch'));
    fireEvent.change(screen.getByLabelText(/^Vorname/), { target: { value: 'Ayşe Nur' } });
    fireEvent.click(screen.getByText(i18next.t('common:actions.save')));
    await waitFor(() => expect(server.profileWrites()).toHaveLength(2));
    expect(server.profileWrites()[1]).toMatchObject({ firstName: 'Ayşe Nur', locale: 'de' });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(currentLocale()).toBe('de');
    expect(headerLanguageMenu().value).toBe('de');
  });

  it('the language menu on the public pages changes only the browser (no profile without a session)', async () => {
    await changeLanguage('en');
    const server = fakeProfileServer();
    await renderApp('/no-such-page');
    expect(await screen.findByText('Page not found', { selector: 'h1' }, { timeout: 4_000 })).toBeTruthy();
    act(() => {
      fireEvent.change(headerLanguageMenu(), { target: { value: 'ro' } });
    });
    await waitFor(() => expect(currentLocale()).toBe('ro'));
    expect(server.profileWrites()).toEqual([]);
  });

  it('on sign-in the interface takes the profile’s language', async () => {
    await loadEnglish();
    const server = fakeServer({
      'POST /api/auth/otp/send': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }, 'OTP_SENT'),
      'POST /api/auth/otp/verify': ok({ token: 'token-ru', role: 'user', user: { ...ME, locale: 'ru' } }, 'LOGIN_SUCCESS'),
    });
    renderAt('/app/sessions/signIn', <SignInPage />);
    fireEvent.change(await screen.findByLabelText(/^Phone number/), { target: { value: '0532 000 00 02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText(/^Code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/setting/publisher'));
    expect(server.callsTo('POST /api/auth/otp/verify')).toHaveLength(1);
    expect(currentLocale()).toBe('ru');
    expect(localStorage.getItem('language')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
  });
});
