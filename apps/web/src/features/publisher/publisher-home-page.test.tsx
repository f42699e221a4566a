import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { formatMoney, type MyCreator, type MyEarnings, type MySummary } from '@agency/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { mockFetch, renderWithProviders } from '../../lib/testing/render.tsx';
import PublisherHomePage from './publisher-home-page.tsx';

const money = (cents: number) => formatMoney(cents, 'en');

const SUMMARY: MySummary = {
  period: '2026-03',
  asOf: '2026-03-17',
  diamonds: 4_000_000,
  earningsCents: 40_000,
  rateBps: 200,
  personalRate: false,
  creatorCount: 3,
  ownDiamonds: 80_000,
  validDays: 9,
  liveSeconds: 20 * 3600 + 30 * 60,
  achievedPercent: 75,
  requirementState: 'atRisk',
  unpaidCents: 3240,
  availableCents: 3240,
  minimumPayoutCents: 5000,
  eligibility: 'Below Minimum Threshold',
  atRiskCount: 1,
};

const EARNINGS: MyEarnings = {
  period: 'last6',
  months: [
    { period: '2026-02', diamonds: 3_000_000, earningsCents: 30_000, rateBps: 200, validDays: 14, liveSeconds: 108_000, creatorCount: 2, estimated: false },
    { period: '2026-03', diamonds: 4_000_000, earningsCents: 40_000, rateBps: 200, validDays: 9, liveSeconds: 73_800, creatorCount: 3, estimated: true },
  ],
  totals: { diamonds: 7_000_000, earningsCents: 70_000, validDays: 23, liveSeconds: 181_800 },
};

const RISKY: MyCreator = {
  id: '22222222-2222-4222-8222-222222222222',
  tiktokUsername: 'risky.one',
  name: 'Risky One',
  phone: null,
  status: 'active',
  reason: null,
  ownerId: null,
  affiliateId: '11111111-1111-4111-8111-111111111111',
  agencyCenterCode: null,
  joinedAt: '2025-06-01T00:00:00.000Z',
  period: '2026-03',
  diamonds: 10,
  validDays: 4,
  liveSeconds: 72_000,
  matches: 0,
  lastLiveAt: null,
  relation: 'affiliate',
  achievedPercent: 33.3,
  requirementState: 'atRisk',
} as MyCreator;

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/setting/publisher']}>
      <Suspense fallback={null}>
        <PublisherHomePage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('publisher home (/app/setting/publisher)', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['earnings', 'common', 'errors', 'messages']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows this month's figures, the balance with the $50 rule, the chart's data and the at-risk creators", async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        '/api/me/summary': SUMMARY,
        '/api/me/earnings': EARNINGS,
        '/api/me/creators': { items: [RISKY], total: 1, page: 1, pageSize: 8 },
      }),
    );
    renderPage();
    expect(await screen.findByText('March 2026 · figures as of 17 Mar 2026')).toBeTruthy();
    // Diamonds and estimated earnings at the tier rate.
    expect(screen.getAllByText('4,000,000').length).toBeGreaterThan(0);
    expect(screen.getAllByText(money(40_000)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Estimated').length).toBeGreaterThan(0);
    expect(screen.getByText('Commission 2%')).toBeTruthy();
    // Own LIVE toward the requirements.
    expect(screen.getByText('9 of 12 valid LIVE days')).toBeTruthy();
    expect(screen.getByText('20 h 30 min')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('You still need 3 valid LIVE days and 5 hours of LIVE.')).toBeTruthy();
    expect(screen.getByText('Every 30 days: at least 12 valid LIVE days and 25 hours of LIVE.')).toBeTruthy();
    // Balance and eligibility (the API's English value shown as the translated text).
    expect(screen.getAllByText(money(3240))).toHaveLength(2);
    expect(screen.getByText('Below minimum threshold')).toBeTruthy();
    expect(screen.getByText(`${money(1760)} more to reach the ${money(5000)} minimum threshold. Your balance rolls over to next month.`)).toBeTruthy();
    // The chart has a name and its figures as a table.
    expect(await screen.findByText(`Last 6 months: 7,000,000 diamonds, ${money(70_000)} earnings.`)).toBeTruthy();
    expect(screen.getAllByText('Diamonds and earnings, last 6 months').length).toBeGreaterThan(0);
    expect(screen.getByText('Mar 2026')).toBeTruthy();
    // Creators: at-risk count and the at-risk creator.
    expect(screen.getByText('At risk: 1')).toBeTruthy();
    expect(await screen.findByText('@risky.one')).toBeTruthy();
    expect(screen.getByText('33.3% achieved · 4 valid LIVE days · 20 h 0 min')).toBeTruthy();
  });

  it('explains that figures come after the first upload when there are none', async () => {
    const empty: MySummary = {
      ...SUMMARY,
      asOf: null,
      diamonds: 0,
      earningsCents: 0,
      creatorCount: 0,
      ownDiamonds: 0,
      validDays: 0,
      liveSeconds: 0,
      achievedPercent: 0,
      requirementState: null,
      unpaidCents: 0,
      availableCents: 0,
      atRiskCount: 0,
    };
    vi.stubGlobal('fetch', mockFetch({ '/api/me/summary': empty, '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 } }));
    renderPage();
    expect(await screen.findByText('No figures yet')).toBeTruthy();
    expect(screen.getByText('March 2026 · no figures uploaded yet this month')).toBeTruthy();
    expect(screen.queryByText('Unpaid earnings')).toBeNull();
  });

  it('shows the error with a retry that asks again', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      return new Response(JSON.stringify({ error: true, code: 'FORBIDDEN', message: 'Forbidden' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage();
    const retry = await screen.findByText('Try again');
    expect(calls).toBe(1);
    fireEvent.click(retry);
    await waitFor(() => expect(calls).toBe(2));
  });
});
