import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../lib/testing/setup-dom.ts';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import ActivityLogPage from './activity-log-page.tsx';

const ENTRY = {
  id: 'e1',
  at: '2026-03-10T12:00:00.000Z',
  actor: { uid: 'a1', name: 'Ada Admin' },
  action: 'auth.login',
  entityType: 'user',
  entityId: 'a1',
  before: null,
  after: null,
};

/** Answers the activity routes; `list` decides the page answer per URL. */
function stubServer(list: (url: URL) => { status: number; body: unknown }) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      const answer =
        url.pathname === '/api/admin/activity/entity-types'
          ? { status: 200, body: { error: false, data: ['payment', 'user'] } }
          : url.pathname === '/api/admin/activity/actors'
            ? { status: 200, body: { error: false, data: [{ uid: 'a1', name: 'Ada Admin' }] } }
            : list(url);
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
  await i18next.loadNamespaces(['activity', 'common', 'errors']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('activity log page', () => {
  it('lists entries and filters by record type on the server', async () => {
    const urls = stubServer((url) => ({
      status: 200,
      body: { error: false, data: { items: url.searchParams.get('entityType') === 'payment' ? [] : [ENTRY], total: 1, page: 1, pageSize: 20 } },
    }));
    renderWithProviders(<ActivityLogPage />);
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(screen.getByText('1 entry')).toBeTruthy();
    fireEvent.click(await screen.findByText('Payment'));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(urls.some((url) => url.pathname === '/api/admin/activity' && url.searchParams.get('entityType') === 'payment')).toBe(true);
  });

  it('sends a date range as the viewer’s whole days', async () => {
    const urls = stubServer(() => ({ status: 200, body: { error: false, data: { items: [], total: 0, page: 1, pageSize: 20 } } }));
    renderWithProviders(<ActivityLogPage />);
    // Typed as English (en-GB) writes a day: day first.
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '10/03/2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '10/03/2026' } });
    await waitFor(() => {
      const last = urls.filter((url) => url.pathname === '/api/admin/activity').at(-1)!;
      expect(last.searchParams.get('from')).toBe(new Date(2026, 2, 10).toISOString());
      expect(last.searchParams.get('to')).toBe(new Date(2026, 2, 11).toISOString());
    });
  });

  it('shows the error state when the log cannot load', async () => {
    stubServer(() => ({ status: 403, body: { error: true, code: 'FORBIDDEN', message: 'You are not allowed to do this' } }));
    renderWithProviders(<ActivityLogPage />);
    expect(await screen.findByText(i18next.t('errors:FORBIDDEN'))).toBeTruthy();
  });
});
