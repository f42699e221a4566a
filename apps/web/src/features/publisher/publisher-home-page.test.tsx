import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { formatMoney, type MyEarnings, type MyProfile, type MySummary } from '@agency/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { aMyCreator } from '../../lib/testing/fixtures.ts';
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
  onTheWay: [],
};

const EARNINGS: MyEarnings = {
  period: 'last6',
  months: [
    { period: '2026-02', diamonds: 3_000_000, earningsCents: 30_000, rateBps: 200, validDays: 14, liveSeconds: 108_000, creatorCount: 2, estimated: false },
    { period: '2026-03', diamonds: 4_000_000, earningsCents: 40_000, rateBps: 200, validDays: 9, liveSeconds: 73_800, creatorCount: 3, estimated: true },
  ],
  totals: { diamonds: 7_000_000, earningsCents: 70_000, validDays: 23, liveSeconds: 181_800 },
};

const RISKY = aMyCreator({
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
});

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
    await i18next.loadNamespaces(['earnings', 'common', 'errors', 'messages', 'profile']);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await changeLanguage('en');
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
    expect(screen.getByText('1 of them is at risk or failing this month.')).toBeTruthy();
    // Own LIVE toward the requirements.
    expect(screen.getByText('9 / 12 days')).toBeTruthy();
    expect(screen.getByText('20.5 / 25 h')).toBeTruthy();
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
    // The page also asks for the profile (the referral link): count the summary's calls.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      if (String(input).startsWith('/api/me/summary')) calls += 1;
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

const LINK = 'https://portal.example/kayit?ref=ABCD2345';
const PROFILE = { referralsEnabled: true, referralLink: LINK } as MyProfile;
const PUBLIC_SETTINGS = { agencyName: 'Star LIVE' };

/** The section a heading names (`<section aria-labelledby>`). */
function sectionOf(heading: string): HTMLElement {
  const section = screen.getByRole('heading', { name: heading }).closest('section');
  if (!section) throw new Error(`no section for ${heading}`);
  return section;
}

describe('publisher home: money on its way, whose figures, sharing the referral link', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['earnings', 'common', 'errors', 'messages', 'profile']);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('after the automatic run: $0 available is explained by the $304.50 waiting for approval', async () => {
    const afterRun: MySummary = {
      ...SUMMARY,
      unpaidCents: 0,
      availableCents: 0,
      eligibility: 'Below Minimum Threshold',
      onTheWay: [
        { id: 'p1', amountCents: 30_450, status: 'Waiting Approval', kind: 'automatic', createdAt: '2026-03-15T00:05:00.000Z' },
        { id: 'p2', amountCents: 6_000, status: 'Pending Registration', kind: 'request', createdAt: '2026-02-20T10:00:00.000Z' },
      ],
    };
    vi.stubGlobal('fetch', mockFetch({ '/api/me/summary': afterRun, '/api/me/earnings': EARNINGS, '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 } }));
    renderPage();
    expect(await screen.findByText(`${money(30_450)} waiting for approval`)).toBeTruthy();
    expect(screen.getByText('Automatic payment · 15 Mar 2026')).toBeTruthy();
    expect(screen.getByText(`${money(6_000)} waiting for your bank details to be verified`)).toBeTruthy();
    expect(screen.getByText('Your payment request · 20 Feb 2026')).toBeTruthy();
    // Both statuses as badges, and the way to the payments.
    expect(screen.getByText('Money on its way')).toBeTruthy();
    expect((screen.getByText('See your payments').closest('a') as HTMLAnchorElement).getAttribute('href')).toBe('/app/setting/payment');
    // The balance cards say where the money went instead of asking for $50 more.
    const balance = sectionOf('Your balance');
    expect(within(balance).getByText(`Plus ${money(36_450)} on its way to you.`)).toBeTruthy();
    expect(within(balance).getByText(`Your payable earnings are in the payment on its way. New earnings are paid once they reach ${money(5000)}.`)).toBeTruthy();
    expect(within(balance).queryByText(/more to reach the/)).toBeNull();
  });

  it('nothing on its way: no list, and the $50 rule as before', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/api/me/summary': SUMMARY, '/api/me/earnings': EARNINGS, '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 } }));
    renderPage();
    expect(await screen.findByText(`${money(1760)} more to reach the ${money(5000)} minimum threshold. Your balance rolls over to next month.`)).toBeTruthy();
    expect(screen.queryByText('Money on its way')).toBeNull();
    expect(screen.queryByText(/on its way to you/)).toBeNull();
  });

  it("labels the team's figures and the member's own, and writes progress as 20 / 12 days and 20.5 / 25 h", async () => {
    const busy: MySummary = { ...SUMMARY, validDays: 20, liveSeconds: 20 * 3600 + 30 * 60, achievedPercent: 82, atRiskCount: 0 };
    vi.stubGlobal('fetch', mockFetch({ '/api/me/summary': busy, '/api/me/earnings': EARNINGS, '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 } }));
    renderPage();
    await screen.findByText('Your team (creators you brought)');
    const team = sectionOf('Your team (creators you brought)');
    expect(within(team).getByText('Diamonds this month')).toBeTruthy();
    expect(within(team).getByText('4,000,000')).toBeTruthy();
    expect(within(team).getByText('Earnings this month')).toBeTruthy();
    expect(within(team).getByText('Creators you brought')).toBeTruthy();
    expect(within(team).getByText('None of them is at risk this month.')).toBeTruthy();
    expect(within(team).queryByText('Valid LIVE days')).toBeNull();
    const own = sectionOf('Your own account');
    expect(within(own).getByText('Valid LIVE days')).toBeTruthy();
    expect(within(own).getByText('20 / 12 days')).toBeTruthy();
    expect(within(own).getByText('20.5 / 25 h')).toBeTruthy();
    expect(within(own).queryByText('4,000,000')).toBeNull();
    expect(screen.queryByText(/ of 12 /)).toBeNull();
  });

  it.each([
    ['de', 'Ihr eigenes Konto', '20 / 12 Tage', '20,5 / 25 Std.'],
    ['ru', 'Ваш собственный аккаунт', '20 / 12 дней', '20,5 / 25 ч'],
    ['tr', 'Kendi hesabınız', '20 / 12 gün', '20,5 / 25 sa'],
  ])('progress in %s with its plural form', async (language, heading, days, hours) => {
    await changeLanguage(language as 'de');
    await i18next.loadNamespaces(['earnings', 'common', 'profile']);
    const busy: MySummary = { ...SUMMARY, validDays: 20, liveSeconds: 20 * 3600 + 30 * 60 };
    vi.stubGlobal('fetch', mockFetch({ '/api/me/summary': busy, '/api/me/earnings': EARNINGS, '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 } }));
    renderPage();
    await screen.findByText(heading);
    const own = sectionOf(heading);
    expect(within(own).getByText(days)).toBeTruthy();
    expect(within(own).getByText(hours)).toBeTruthy();
  });

  it('shows the referral link on the home page; with the Web Share API the share button opens the share sheet', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true });
    vi.stubGlobal(
      'fetch',
      mockFetch({ '/api/me/summary': SUMMARY, '/api/me/earnings': EARNINGS, '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 }, '/api/me/profile': PROFILE, '/api/settings/public': PUBLIC_SETTINGS }),
    );
    renderPage();
    expect(((await screen.findByLabelText('Your referral link')) as HTMLInputElement).value).toBe(LINK);
    expect(screen.queryByText('Share on WhatsApp')).toBeNull();
    expect(screen.queryByText('Share on Telegram')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByText('Share'));
    });
    expect(share).toHaveBeenCalledTimes(1);
    const [data] = share.mock.calls[0] as unknown as [ShareData];
    expect(data.url).toBe(LINK);
    expect(data.text).toMatch(/^Join .+ as a TikTok LIVE creator\. Applying is free:$/);
    expect(screen.getByText('Copy')).toBeTruthy();
  });

  it('without the Web Share API: WhatsApp and Telegram links carrying the referral link, and copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined });
    vi.stubGlobal(
      'fetch',
      mockFetch({ '/api/me/summary': SUMMARY, '/api/me/earnings': EARNINGS, '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 }, '/api/me/profile': PROFILE, '/api/settings/public': PUBLIC_SETTINGS }),
    );
    renderPage();
    const whatsApp = (await screen.findByText('Share on WhatsApp')).closest('a') as HTMLAnchorElement;
    const telegram = screen.getByText('Share on Telegram').closest('a') as HTMLAnchorElement;
    expect(screen.queryByText('Share')).toBeNull();
    const whatsAppUrl = new URL(whatsApp.href);
    expect(`${whatsAppUrl.origin}${whatsAppUrl.pathname}`).toBe('https://wa.me/');
    expect(whatsAppUrl.searchParams.get('text')).toMatch(new RegExp(`Applying is free: ${LINK.replace(/[?.]/g, '\\$&')}$`));
    const telegramUrl = new URL(telegram.href);
    expect(`${telegramUrl.origin}${telegramUrl.pathname}`).toBe('https://t.me/share/url');
    expect(telegramUrl.searchParams.get('url')).toBe(LINK);
    expect(telegramUrl.searchParams.get('text')).toMatch(/^Join .+ as a TikTok LIVE creator\. Applying is free:$/);
    for (const link of [whatsApp, telegram]) {
      expect(link.target).toBe('_blank');
      expect(link.rel).toContain('noopener');
    }
    expect(screen.getByText('Copy')).toBeTruthy();
  });

  it('hides the referral card while referrals are off', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        '/api/me/summary': SUMMARY,
        '/api/me/earnings': EARNINGS,
        '/api/me/creators': { items: [], total: 0, page: 1, pageSize: 8 },
        '/api/me/profile': { referralsEnabled: false, referralLink: '' },
      }),
    );
    renderPage();
    await screen.findByText('Your own account');
    await waitFor(() => expect(screen.queryByText('Your referral link')).toBeNull());
  });
});
