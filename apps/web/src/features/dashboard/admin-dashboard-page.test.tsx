import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, screen } from '@testing-library/react';
import { formatMoney, type AdminDashboard } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { mockFetch, renderWithProviders } from '../../lib/testing/render.tsx';
import AdminDashboardPage from './admin-dashboard-page.tsx';

const AYLA = { uid: '11111111-1111-4111-8111-111111111111', firstName: 'Ayla', lastName: 'Kaya' };
const BORA = { uid: '22222222-2222-4222-8222-222222222222', firstName: 'Bora', lastName: 'Demir' };

const DASHBOARD: AdminDashboard = {
  period: '2026-03',
  asOf: '2026-03-15',
  topMembersByDiamonds: [
    { ...AYLA, value: 4_000_000 },
    { ...BORA, value: 2_500_000 },
  ],
  topMembersByEarnings: [
    { ...AYLA, value: 40_000 },
    { ...BORA, value: 12_500 },
  ],
  topCreatorsByDiamonds: [{ id: '33333333-3333-4333-8333-333333333333', tiktokUsername: 'anka.gaming', name: 'Anka', value: 3_000_000 }],
  topMembersByCreators: [],
  pendingMembers: 3,
  pendingCreators: 4,
  totalDiamonds: 7_200_000,
  creatorCount: 57,
  atRiskCreators: 6,
};

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/dashboards/adminDashboard']}>
      <Suspense fallback={null}>
        <AdminDashboardPage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('admin dashboard (/app/dashboards/adminDashboard)', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['finance', 'common', 'errors']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows this month's figures, the top lists and links to the lists behind them", async () => {
    vi.stubGlobal('fetch', mockFetch({ '/api/admin/dashboard': DASHBOARD }));
    renderPage();
    expect(await screen.findByText('7,200,000')).toBeTruthy();
    expect(screen.getByText(/^March 2026: figures as of /)).toBeTruthy();
    expect(screen.getByText('57')).toBeTruthy();
    expect(screen.getByText('Creators at risk or failing').closest('div')?.parentElement?.textContent).toContain('6');
    expect(screen.getByText('Show the list').closest('a')?.getAttribute('href')).toBe('/app/mydesk/creatorPage?requirement=atRiskOrFailing');
    expect(screen.getAllByText('Review applications')).toHaveLength(2);
    expect(screen.getByText(formatMoney(40_000, 'en'))).toBeTruthy();
    expect(screen.getByText('@anka.gaming').closest('a')?.getAttribute('href')).toBe('/app/mydesk/details?id=33333333-3333-4333-8333-333333333333');
    expect(screen.getAllByText('Ayla Kaya').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('No member has brought an active creator yet.')).toBeTruthy();
  });

  it('shows the catalogue message and a retry when the call fails', async () => {
    vi.stubGlobal('fetch', mockFetch({}));
    renderPage();
    expect(await screen.findByText('Try again')).toBeTruthy();
  });
});
