import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatorListItem } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { aCreator, aPage } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import CreatorsPage from './creators-page.tsx';

const CALM = aCreator({ id: 'c1', tiktokUsername: 'calm.one', forecastState: 'onPace' });
const RISKY = aCreator({ id: 'c2', tiktokUsername: 'risky.one', forecastState: 'atRisk' });
const QUIET = aCreator({ id: 'c3', tiktokUsername: 'quiet.one', forecastState: 'outOfReach', daysDark: 5 });
const NEW = aCreator({ id: 'c4', tiktokUsername: 'new.face', status: 'pending' });

/**
 * `GET /api/admin/creators` filtering by `forecast=` as the API does (went dark: `daysDark` set;
 * LIVE time halved: the server's own record, `paceFell` here, as list items do not carry it).
 */
function creatorsServer(creators: CreatorListItem[], paceFell: readonly string[] = []): FakeCall[] {
  const matches = (creator: CreatorListItem, forecast: string) =>
    forecast === 'wentDark' ? creator.daysDark !== null : forecast === 'paceFell' ? paceFell.includes(creator.id) : creator.forecastState === forecast;
  return fakeApi({
    'GET /api/admin/creators': (call) => {
      const forecast = new URL(call.url, 'http://portal.test').searchParams.get('forecast');
      const found = creators.filter((creator) => !forecast || matches(creator, forecast));
      return ok(aPage(found));
    },
    'GET /api/admin/members': ok(aPage([])),
  });
}

const creatorCalls = (calls: FakeCall[]) => calls.filter((call) => call.url.startsWith('/api/admin/creators?')).map((call) => new URL(call.url, 'http://portal.test').searchParams);

/** The router's address, for the test to read. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(path = '/app/mydesk/creatorPage') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Address />
      <Suspense fallback={null}>
        <CreatorsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

const rowOf = (username: string) => screen.getByText(`@${username}`).closest('tr')!;

describe('creators list: the month forecast', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['creators', 'forecasts', 'common', 'errors', 'messages']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each creator’s forecast state and how long they have been dark', async () => {
    creatorsServer([CALM, RISKY, QUIET, NEW]);
    renderPage();
    await screen.findByText('@calm.one');
    expect(screen.getByText('Forecast', { selector: 'th, th *' })).toBeTruthy();
    expect(within(rowOf('calm.one')).getByText('On pace')).toBeTruthy();
    expect(within(rowOf('risky.one')).getByText('At risk')).toBeTruthy();
    expect(within(rowOf('quiet.one')).getByText('Out of reach')).toBeTruthy();
    expect(within(rowOf('quiet.one')).getByText('Dark for 5 days')).toBeTruthy();
    expect(within(rowOf('new.face')).queryByText(/On pace|At risk|Out of reach|Dark for/)).toBeNull();
  });

  it('filters on the server with forecast=atRisk and keeps the filter in the address', async () => {
    const calls = creatorsServer([CALM, RISKY, QUIET, NEW]);
    renderPage();
    await screen.findByText('@calm.one');
    expect(creatorCalls(calls)[0]!.has('forecast')).toBe(false);

    fireEvent.click(screen.getByLabelText('Forecast', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'At risk' }));
    await waitFor(() => expect(screen.queryByText('@calm.one')).toBeNull());
    expect(screen.getByText('@risky.one')).toBeTruthy();
    expect(screen.getByText('1 creator found')).toBeTruthy();
    expect(creatorCalls(calls).at(-1)!.get('forecast')).toBe('atRisk');
    expect(creatorCalls(calls).at(-1)!.get('page')).toBe('1');
    expect(screen.getByTestId('address').textContent).toBe('/app/mydesk/creatorPage?forecast=atRisk');
  });

  it.each([
    { link: 'went-dark', filter: 'wentDark', label: 'Went dark', paceFell: [] as string[], shown: '@quiet.one', hidden: ['@calm.one'] },
    { link: 'LIVE-time-halved', filter: 'paceFell', label: 'LIVE duration halved', paceFell: [RISKY.id], shown: '@risky.one', hidden: ['@calm.one', '@quiet.one'] },
  ])("opens on the dashboard's $link link (?forecast=$filter)", async ({ filter, label, paceFell, shown, hidden }) => {
    const calls = creatorsServer([CALM, RISKY, QUIET, NEW], paceFell);
    renderPage(`/app/mydesk/creatorPage?forecast=${filter}`);
    expect(await screen.findByText(shown)).toBeTruthy();
    for (const username of hidden) expect(screen.queryByText(username)).toBeNull();
    expect(screen.getByDisplayValue(label)).toBeTruthy();
    expect(creatorCalls(calls).every((params) => params.get('forecast') === filter)).toBe(true);
  });

  it('on a phone the forecast is a field of the creator’s card', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    creatorsServer([QUIET]);
    renderPage();
    const card = (await screen.findByText('@quiet.one')).closest('li') as HTMLElement;
    expect(document.querySelector('table')).toBeNull();
    expect(within(card).getByText('Forecast')).toBeTruthy();
    expect(within(card).getByText('Dark for 5 days')).toBeTruthy();
  });
});
