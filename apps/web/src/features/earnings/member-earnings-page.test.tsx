import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyEarnings, PeriodChoice } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { anEarnings, anEarningsMonth } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import MemberEarningsPage from './member-earnings-page.tsx';

/** Three months, oldest first: two ended (payable) ones and the open month, an estimate. */
const MONTHS = [
  anEarningsMonth({ period: '2026-01', diamonds: 2_500_000, earningsCents: 25_000, rateBps: 100, validDays: 14, liveSeconds: 30 * 3600, creatorCount: 2 }),
  anEarningsMonth({ period: '2026-02', diamonds: 3_000_000, earningsCents: 45_000, rateBps: 150, validDays: 12, liveSeconds: 26 * 3600 + 15 * 60, creatorCount: 2 }),
  anEarningsMonth({ period: '2026-03', diamonds: 4_000_000, earningsCents: 80_075, rateBps: 200, validDays: 9, liveSeconds: 20 * 3600 + 30 * 60, creatorCount: 3, estimated: true }),
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

/** The value of the figure card named `label` (its first two lines: the label, then the value). */
function figure(label: string): string | null | undefined {
  for (const card of document.querySelectorAll<HTMLElement>('.mantine-Card-root')) {
    const lines = [...card.querySelectorAll('p')].map((line) => line.textContent);
    if (lines[0] === label) return lines[1];
  }
  return undefined;
}

/** Chooses a period in the period picker (a select on narrow screens, as in jsdom). */
async function choosePeriod(label: string) {
  fireEvent.click(screen.getByLabelText('Period', { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/setting/earnings']}>
      <Suspense fallback={null}>
        <MemberEarningsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('member earnings by month (/app/setting/earnings)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['earnings', 'common', 'errors']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the period's totals and each month, newest first, with its rate and money", async () => {
    const calls = earningsServer({ last6: anEarnings({ period: 'last6', months: MONTHS }) });
    renderPage();
    expect(await screen.findByText('Your months, newest first')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/me/earnings?period=last6']);
    // The totals: 9.5 million diamonds, $250.00 + $450.00 + $800.75, 35 days, 76 h 45 min.
    expect(figure('Diamonds')).toBe('9,500,000');
    expect(figure('Earnings')).toBe('$1,500.75');
    expect(figure('Valid LIVE days')).toBe('35');
    expect(figure('LIVE duration')).toBe('76 h 45 min');

    const table = screen.getByText('Your months, newest first').closest('table')!;
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['March 2026Estimated', 'February 2026', 'January 2026']);
    expect([...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['March 2026Estimated', '4,000,000', '2%', '$800.75', '9', '20 h 30 min']);
    expect([...rows[1]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['February 2026', '3,000,000', '1.5%', '$450.00', '12', '26 h 15 min']);
    const totals = [...table.querySelectorAll('tfoot th')].map((cell) => cell.textContent);
    expect(totals).toEqual(['Total', '9,500,000', '', '$1,500.75', '35', '76 h 45 min']);
    expect(screen.getByText('The current month is an estimate until it ends; earnings become payable after the month ends.')).toBeTruthy();
    // The chart is named and carries its figures as a table for screen readers.
    const chart = within(screen.getByText('Diamonds and earnings by month', { selector: 'caption' }).closest('table')!);
    expect(chart.getByText('Mar 2026').closest('tr')?.textContent).toBe('Mar 20264,000,000$800.75');
  });

  it('asks the server for another period and shows its months', async () => {
    const calls = earningsServer({
      last6: anEarnings({ period: 'last6', months: MONTHS }),
      last3: anEarnings({ period: 'last3', months: MONTHS.slice(2) }),
    });
    renderPage();
    await screen.findByText('January 2026');
    await choosePeriod('Last 3 Months');
    await waitFor(() => expect(screen.queryByText('January 2026')).toBeNull());
    expect(calls.filter((call) => call.url.startsWith('/api/me/earnings')).at(-1)?.url).toBe('/api/me/earnings?period=last3');
    expect(figure('Earnings')).toBe('$800.75');
    expect(figure('Diamonds')).toBe('4,000,000');
  });

  it('says when a period has no figures, and before the first upload that none exist yet', async () => {
    earningsServer({});
    renderPage();
    expect(await screen.findByText('No figures in this period.')).toBeTruthy();
    expect(screen.queryByText('Your months, newest first')).toBeNull();

    await choosePeriod('All Time');
    expect(await screen.findByText('No figures yet')).toBeTruthy();
    expect(screen.getByText("Your diamonds, earnings and LIVE figures appear here after the agency's first upload of LIVE data.")).toBeTruthy();
  });
});
