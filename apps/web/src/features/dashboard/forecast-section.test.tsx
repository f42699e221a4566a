import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import type { AdminDashboard, AdminForecasts } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { aCreatorForecast, aForecastCreator, anAdminForecasts } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import AdminDashboardPage from './admin-dashboard-page.tsx';

const DASHBOARD: AdminDashboard = {
  period: '2026-03',
  asOf: '2026-03-22',
  topMembersByDiamonds: [],
  topMembersByEarnings: [],
  topCreatorsByDiamonds: [],
  topMembersByCreators: [],
  pendingMembers: 0,
  pendingCreators: 0,
  totalDiamonds: 1_000_000,
  creatorCount: 12,
  atRiskCreators: 0,
};

const RISKY = aForecastCreator({
  creatorId: '44444444-4444-4444-8444-444444444444',
  tiktokUsername: 'risky.one',
  forecast: aCreatorForecast({
    state: 'atRisk',
    requirements: [
      { rule: 'monthDays', needed: 12, have: 5, gap: 7, daysLeft: 9, projected: 10, state: 'atRisk' },
      { rule: 'monthHours', needed: 90_000, have: 80_000, gap: 10_000, daysLeft: 9, projected: 95_000, state: 'onPace' },
    ],
  }),
});
const GONE = aForecastCreator({
  creatorId: '55555555-5555-4555-8555-555555555555',
  tiktokUsername: 'far.away',
  forecast: aCreatorForecast({
    state: 'outOfReach',
    requirements: [{ rule: 'monthDays', needed: 12, have: 1, gap: 11, daysLeft: 9, projected: 3, state: 'outOfReach' }],
  }),
});
const QUIET = aForecastCreator({ creatorId: '66666666-6666-4666-8666-666666666666', tiktokUsername: 'quiet.one', dark: { daysDark: 5, lastLiveDay: '2026-03-17' } });

const FORECASTS = anAdminForecasts({
  counts: { met: 3, onPace: 2, atRisk: 4, outOfReach: 1, noPace: 1, wentDark: 2, paceFell: 1 },
  atRisk: [RISKY],
  outOfReach: [GONE],
  wentDark: [QUIET],
});

function renderPage(forecasts: AdminForecasts) {
  fakeApi({ 'GET /api/admin/dashboard': ok(DASHBOARD), 'GET /api/admin/forecasts': ok(forecasts) });
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/dashboards/adminDashboard']}>
      <Suspense fallback={null}>
        <AdminDashboardPage />
      </Suspense>
    </MemoryRouter>,
  );
}

/** The figure of the stat card a label names, and its link. */
function card(label: string) {
  const box = screen.getByText(label).closest('.mantine-Card-root') as HTMLElement;
  return { text: box.textContent, href: within(box).queryByText('See these creators')?.closest('a')?.getAttribute('href') ?? null };
}

describe('admin dashboard: month forecast', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['finance', 'forecasts', 'common', 'errors']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts at risk, out of reach, went dark and pace fell, each count leading to the creators list filtered so', async () => {
    renderPage(FORECASTS);
    expect(await screen.findByText('Month forecast')).toBeTruthy();
    expect(await screen.findByText('March 2026 · projected from the figures as of 22 Mar 2026 (5 days with an upload)')).toBeTruthy();
    expect(card('At risk at the current pace')).toEqual({ text: expect.stringContaining('4'), href: '/app/mydesk/creatorPage?forecast=atRisk' });
    expect(card('Out of reach this month')).toEqual({ text: expect.stringContaining('1'), href: '/app/mydesk/creatorPage?forecast=outOfReach' });
    expect(card('Went dark (no LIVE for 3 days or more)')).toEqual({ text: expect.stringContaining('2'), href: '/app/mydesk/creatorPage?forecast=wentDark' });
    expect(card('LIVE duration fell by half (last 7 days)')).toEqual({ text: expect.stringContaining('1'), href: '/app/mydesk/creatorPage?forecast=paceFell' });
    expect(screen.getAllByText('See these creators')).toHaveLength(4);
    expect(screen.getByText('On pace: 2 · met: 3 · no pace yet: 1')).toBeTruthy();
  });

  it('lists the creators at risk and out of reach with their worst gap, and those gone dark with their last LIVE', async () => {
    renderPage(FORECASTS);
    const risky = (await screen.findByText('@risky.one')).closest('li') as HTMLElement;
    expect(within(risky).getByText('@risky.one').closest('a')?.getAttribute('href')).toBe('/app/mydesk/details?id=44444444-4444-4444-8444-444444444444');
    expect(within(risky).getByText('Needs 7 more valid LIVE days in 9 days left, projected 10 valid LIVE days')).toBeTruthy();
    // Only the requirement in the creator's state: the hours are on pace.
    expect(within(risky).queryByText(/hours needed/)).toBeNull();
    const far = screen.getByText('@far.away').closest('li') as HTMLElement;
    expect(within(far).getByText('Out of reach')).toBeTruthy();
    expect(within(far).getByText('Needs 11 more valid LIVE days in 9 days left, projected 3 valid LIVE days')).toBeTruthy();
    const quiet = screen.getByText('@quiet.one').closest('li') as HTMLElement;
    expect(within(quiet).getByText('5 days, last LIVE 17 Mar 2026')).toBeTruthy();
    // The method, behind a disclosure.
    expect(screen.getByText('How is the forecast made?').tagName).toBe('SUMMARY');
  });

  it('says so before the month has an upload', async () => {
    renderPage(anAdminForecasts({ asOf: null, snapshotDays: 0 }));
    expect(await screen.findByText("March 2026: no upload this month yet. The forecast starts with the month's first upload.")).toBeTruthy();
    expect(screen.queryByText('See these creators')).toBeNull();
  });

  it('shows the failure with a retry inside the section, the rest of the dashboard still there', async () => {
    fakeApi({ 'GET /api/admin/dashboard': ok(DASHBOARD) });
    renderWithProviders(
      <MemoryRouter>
        <Suspense fallback={null}>
          <AdminDashboardPage />
        </Suspense>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Try again')).toBeTruthy();
    expect(screen.getByText('Month forecast')).toBeTruthy();
    expect(screen.getByText('1,000,000')).toBeTruthy();
  });
});
