import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import { formatMoney, type MyForecast } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { aCreatorForecast, aForecastCreator, aMyForecast, aPage, aSummary } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import PublisherHomePage from './publisher-home-page.tsx';

const SUMMARY = aSummary({ diamonds: 3_000_000, earningsCents: 15_000, rateBps: 100, creatorCount: 3 });

const STEADY = aForecastCreator({ tiktokUsername: 'steady.one' });
const QUIET = aForecastCreator({
  tiktokUsername: 'quiet.one',
  forecast: aCreatorForecast({
    state: 'atRisk',
    requirements: [
      { rule: 'monthDays', needed: 12, have: 6, gap: 6, daysLeft: 9, projected: 9, state: 'atRisk' },
      { rule: 'monthHours', needed: 90_000, have: 90_000, gap: 0, daysLeft: 9, projected: 95_000, state: 'met' },
    ],
  }),
  dark: { daysDark: 5, lastLiveDay: '2026-03-17' },
});
const FRESH = aForecastCreator({
  tiktokUsername: 'fresh.face',
  forecast: aCreatorForecast({
    method: 'none',
    projected: null,
    state: 'noPace',
    requirements: [
      { rule: 'firstWeekDays', needed: 3, have: 1, gap: 2, daysLeft: 1, projected: null, state: 'noPace' },
      { rule: 'monthDays', needed: 12, have: 1, gap: 11, daysLeft: 9, projected: null, state: 'noPace' },
      { rule: 'monthHours', needed: 90_000, have: 7200, gap: 82_800, daysLeft: 9, projected: null, state: 'noPace' },
    ],
  }),
});

const FORECAST = aMyForecast({
  member: {
    projectedDiamonds: 4_588_000,
    complete: false,
    rateBps: 200,
    personalRate: false,
    projectedCommissionCents: 45_880,
    nextTier: { rateBps: 300, diamondsNeeded: 412_000, commissionCents: 75_000 },
  },
  creators: [QUIET, FRESH, STEADY],
});

function renderHome(forecast: MyForecast) {
  fakeApi({
    'GET /api/me/summary': ok(SUMMARY),
    'GET /api/me/earnings': ok({ period: 'last6', months: [], totals: { diamonds: 0, earningsCents: 0, validDays: 0, liveSeconds: 0 } }),
    'GET /api/me/creators': ok(aPage([])),
    'GET /api/me/forecast': ok(forecast),
  });
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/setting/publisher']}>
      <Suspense fallback={null}>
        <PublisherHomePage />
      </Suspense>
    </MemoryRouter>,
  );
}

async function forecastCard(): Promise<HTMLElement> {
  const heading = await screen.findByText(i18next.t('forecasts:member.title'));
  return heading.closest('section') as HTMLElement;
}

describe('publisher home: the month forecast', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['earnings', 'forecasts', 'common', 'errors', 'messages', 'profile']);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('shows the projected diamonds, tier and commission, the next tier and the lower-bound note', async () => {
    renderHome(FORECAST);
    const card = await forecastCard();
    expect(await within(card).findByText('Projected team diamonds')).toBeTruthy();
    expect(within(card).getByText('4,588,000')).toBeTruthy();
    expect(within(card).getByText('Projected commission rate')).toBeTruthy();
    expect(within(card).getByText('2%')).toBeTruthy();
    expect(within(card).getByText('Projected commission')).toBeTruthy();
    expect(within(card).getByText(formatMoney(45_880, 'en'))).toBeTruthy();
    expect(within(card).getByText(`+412,000 diamonds for 3%: a projected commission of ${formatMoney(75_000, 'en')}.`)).toBeTruthy();
    expect(within(card).getByText(/so these projected figures are a lower bound\.$/)).toBeTruthy();
    expect(within(card).getByText('Projected to the end of March 2026 from the figures as of 22 Mar 2026.')).toBeTruthy();
  });

  it("lists the creators' forecasts: state, gaps as sentences, went dark, no pace yet", async () => {
    renderHome(FORECAST);
    const card = await forecastCard();
    const quiet = (await within(card).findByText('@quiet.one')).closest('li') as HTMLElement;
    expect(within(quiet).getAllByText('At risk').length).toBeGreaterThan(0);
    expect(within(quiet).getByText('Dark for 5 days')).toBeTruthy();
    expect(within(quiet).getByText('Needs 6 more valid LIVE days in 9 days left, projected 9 valid LIVE days')).toBeTruthy();
    expect(within(quiet).getByText('Met: 25 h 0 min so far, 25 hours needed')).toBeTruthy();
    expect(within(quiet).getByText('Went dark: 5 days, last LIVE 17 Mar 2026.')).toBeTruthy();
    const fresh = within(card).getByText('@fresh.face').closest('li') as HTMLElement;
    expect(within(fresh).getByText('One upload so far: no pace yet, so nothing is projected.')).toBeTruthy();
    expect(within(fresh).getByText('Needs 2 more valid LIVE days in 1 day left')).toBeTruthy();
    expect(within(fresh).getByText('25 hours needed, 2 h 0 min so far')).toBeTruthy();
    const steady = within(card).getByText('@steady.one').closest('li') as HTMLElement;
    expect(within(steady).getByText('25 hours needed, 18 h 30 min so far, projected 27 h 0 min')).toBeTruthy();
  });

  it('in Turkish: dollars and percent in the Turkish format', async () => {
    await changeLanguage('tr');
    await i18next.loadNamespaces(['earnings', 'forecasts', 'common', 'profile']);
    renderHome(FORECAST);
    const card = await forecastCard();
    expect(await within(card).findByText('4.588.000')).toBeTruthy();
    expect(within(card).getByText('%2')).toBeTruthy();
    expect(within(card).getByText(formatMoney(45_880, 'tr'))).toBeTruthy();
    expect(within(card).getByText(`%3 için +412.000 elmas: öngörülen komisyon ${formatMoney(75_000, 'tr')}.`)).toBeTruthy();
  });

  it('no note when every creator has a pace, and the top tier said as such', async () => {
    renderHome(aMyForecast({ member: { ...FORECAST.member!, complete: true, nextTier: null }, creators: [STEADY] }));
    const card = await forecastCard();
    expect(await within(card).findByText('Projected to reach the highest commission tier.')).toBeTruthy();
    expect(within(card).queryByText(/lower bound/)).toBeNull();
  });

  it('says when none of the creators has figures this month yet', async () => {
    renderHome(aMyForecast({ asOf: null, member: null, creators: [] }));
    const card = await forecastCard();
    expect(await within(card).findByText("None of your creators has figures for March 2026 yet. The forecast starts with the month's first upload.")).toBeTruthy();
    expect(within(card).queryByText('Projected team diamonds')).toBeNull();
  });
});
