import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MyEarnings, PeriodChoice } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { anEarnings, anEarningsMonth } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import StatisticsPage from './statistics-page.tsx';

/** Three months, oldest first. The bars are drawn to a tenth of an hour; the table gives the exact minutes (26 h 15 min is not a tenth). */
const MONTHS = [
  anEarningsMonth({ period: '2026-01', diamonds: 2_500_000, earningsCents: 25_000, validDays: 14, liveSeconds: 30 * 3600 }),
  anEarningsMonth({ period: '2026-02', diamonds: 3_000_000, earningsCents: 45_000, validDays: 1, liveSeconds: 26 * 3600 + 15 * 60 }),
  anEarningsMonth({ period: '2026-03', diamonds: 4_000_000, earningsCents: 80_075, validDays: 9, liveSeconds: 20 * 3600 + 30 * 60, estimated: true }),
];

/** `GET /api/me/earnings?period=`: the answer of each period asked for (none: no months). */
function earningsServer(answers: Partial<Record<PeriodChoice, MyEarnings>>): FakeCall[] {
  return fakeApi({
    'GET /api/me/earnings': (call) => {
      const period = new URL(call.url, 'http://portal.test').searchParams.get('period') as PeriodChoice;
      return ok(answers[period] ?? anEarnings({ period, months: [] }));
    },
  });
}

/** The figures of the chart with this caption, as its table for screen readers gives them. */
function chartRows(caption: string): string[][] {
  const table = screen.getByText(caption, { selector: 'caption' }).closest('table')!;
  return [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}

async function choosePeriod(label: string) {
  fireEvent.click(screen.getByLabelText('Period', { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/setting/statistics']}>
      <Suspense fallback={null}>
        <StatisticsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('statistics (/app/setting/statistics)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['earnings', 'common', 'errors']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sums up the period and draws diamonds, valid days and LIVE hours by month', async () => {
    const calls = earningsServer({ last6: anEarnings({ period: 'last6', months: MONTHS }) });
    renderPage();
    expect(await screen.findByText('In this period: 9,500,000 diamonds, 24 valid LIVE days, 76 h 45 min of LIVE.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/me/earnings?period=last6']);
    expect(chartRows('Diamonds by month')).toEqual([
      ['Jan 2026', '2,500,000'],
      ['Feb 2026', '3,000,000'],
      ['Mar 2026', '4,000,000'],
    ]);
    expect(chartRows('Valid LIVE days by month')).toEqual([
      ['Jan 2026', '14'],
      ['Feb 2026', '1'],
      ['Mar 2026', '9'],
    ]);
    expect(chartRows('LIVE hours by month')).toEqual([
      ['Jan 2026', '30 h 0 min'],
      ['Feb 2026', '26 h 15 min'],
      ['Mar 2026', '20 h 30 min'],
    ]);
  });

  it('asks the server for another period; one day and one diamond read in the singular', async () => {
    const calls = earningsServer({
      last6: anEarnings({ period: 'last6', months: MONTHS }),
      thisMonth: anEarnings({ period: 'thisMonth', months: [anEarningsMonth({ period: '2026-03', diamonds: 1, validDays: 1, liveSeconds: 45 * 60, estimated: true })] }),
    });
    renderPage();
    await screen.findByText(/^In this period: 9,500,000 diamonds/);
    await choosePeriod('This Month');
    expect(await screen.findByText('In this period: 1 diamond, 1 valid LIVE day, 45 min of LIVE.')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/me/earnings')).at(-1)?.url).toBe('/api/me/earnings?period=thisMonth');
    await waitFor(() => expect(chartRows('Diamonds by month')).toEqual([['Mar 2026', '1']]));
  });

  it('says when a period has no figures, and before the first upload that none exist yet', async () => {
    earningsServer({});
    renderPage();
    expect(await screen.findByText('No figures in this period.')).toBeTruthy();
    expect(screen.queryByText(/^In this period/)).toBeNull();
    expect(screen.queryAllByText('Diamonds by month')).toEqual([]);

    await choosePeriod('All Time');
    expect(await screen.findByText('No figures yet')).toBeTruthy();
    expect(screen.getByText("Your diamonds, earnings and LIVE figures appear here after the agency's first upload of LIVE data.")).toBeTruthy();
  });
});
