/**
 * Test helpers for the public screens: jsdom stubs (lib/testing), English translations loaded
 * from the real locale files, a router with a probe that shows where a screen navigated, and a
 * `fetch` double that answers like the server's envelope.
 */
import { Suspense, type ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import i18next from 'i18next';
import { vi } from 'vitest';
import '../../lib/testing/setup-dom.ts';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { theme } from '../../app/theme.ts';

export async function loadEnglish(): Promise<void> {
  await i18nReady;
  await changeLanguage('en');
  await i18next.loadNamespaces(['landing', 'auth', 'apply', 'common', 'errors', 'messages']);
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `page` at `url`; `screen.getByTestId('location')` tells where the app went afterwards. */
export function renderAt(url: string, page: ReactElement) {
  const pagePath = new URL(url, 'http://localhost').pathname;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path={pagePath} element={page} />
              <Route path="*" element={<p>another page</p>} />
            </Routes>
          </Suspense>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const ok = (data: unknown, messageCode?: string): FakeAnswer => ({ body: { error: false, data, messageCode } });
export const fail = (status: number, code: string, headers?: Record<string, string>): FakeAnswer => ({
  status,
  body: { error: true, code, message: code },
  headers,
});

/**
 * Replaces `fetch`: `routes` maps "METHOD /api/path" to an answer (or a function of the JSON body).
 * `GET /api/settings/public` answers a test agency unless a route overrides it.
 */
export function fakeServer(routes: Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body });
    const route = routes[key] ?? (key === 'GET /api/settings/public' ? ok({ agencyName: 'Test Agency' }) : fail(404, 'ROUTE_NOT_FOUND'));
    const answer = typeof route === 'function' ? route(body) : route;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}
