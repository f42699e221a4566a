import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AdminFinance, PeriodChoice } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { aFinance, aFinanceMonth, aFinanceTopMember } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import FinancePage from './finance-page.tsx';

const AYLA = aFinanceTopMember({ uid: '11111111-1111-4111-8111-111111111111', firstName: 'Ayla', lastName: 'Kaya', diamonds: 4_000_000, value: 40_000 });
const BORA = aFinanceTopMember({ uid: '22222222-2222-4222-8222-222222222222', firstName: 'Bora', lastName: 'Demir', diamonds: 2_500_000, value: 12_550 });

/** This year: two months, oldest first; the totals are their sums. */
const THIS_YEAR = aFinance({
  period: 'thisYear',
  history: [
    aFinanceMonth({ period: '2026-01', diamonds: 5_000_000, diamondsRevenueCents: 2_500_000, earningsCents: 50_000 }),
    aFinanceMonth({ period: '2026-02', diamonds: 7_200_000, diamondsRevenueCents: 3_600_000, earningsCents: 72_050 }),
  ],
  topMembers: [AYLA, BORA],
});

/** `GET /api/admin/finance?period=`: the answer of each period asked for (none: no months). */
function financeServer(answers: Partial<Record<PeriodChoice, AdminFinance>>): FakeCall[] {
  return fakeApi({
    'GET /api/admin/finance': (call) => {
      const period = new URL(call.url, 'http://portal.test').searchParams.get('period') as PeriodChoice;
      return ok(answers[period] ?? aFinance({ period }));
    },
  });
}

/** The value of the figure card named `label` (its lines: the label, the value, the hint). */
function figure(label: string): string | null | undefined {
  for (const card of document.querySelectorAll<HTMLElement>('.mantine-Card-root')) {
    const lines = [...card.querySelectorAll('p')].map((line) => line.textContent);
    if (lines[0] === label) return lines[1];
  }
  return undefined;
}

/** The rows of the table with this caption, as the texts of their cells. */
function tableRows(caption: string): string[][] {
  const table = screen.getByText(caption, { selector: 'caption' }).closest('table')!;
  return [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/setting/earnings']}>
      <Suspense fallback={null}>
        <FinancePage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('admin finance (/app/setting/earnings)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['finance', 'common', 'errors']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows this year's figures in money, the charts' figures for screen readers, and the same figures as tables", async () => {
    const calls = financeServer({ thisYear: THIS_YEAR });
    renderPage();
    expect(await screen.findByText('Diamonds revenue by month', { selector: 'figcaption' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/finance?period=thisYear']);
    expect(figure('Diamonds revenue')).toBe('$61,000.00');
    expect(figure('Earnings revenue')).toBe('$1,220.50');
    expect(figure('Diamonds')).toBe('12,200,000');
    // Each chart names its figures by month, in money.
    expect(tableRows('Diamonds revenue by month')).toEqual([
      ['Jan 2026', '$25,000.00'],
      ['Feb 2026', '$36,000.00'],
    ]);
    expect(tableRows('Earnings revenue by month')).toEqual([
      ['Jan 2026', '$500.00'],
      ['Feb 2026', '$720.50'],
    ]);
    expect(tableRows('Top 10 members by earnings')).toEqual([
      ['Ayla Kaya', '$400.00'],
      ['Bora Demir', '$125.50'],
    ]);

    fireEvent.click(screen.getByLabelText('Table'));
    expect(await screen.findByText('Historical earnings')).toBeTruthy();
    expect(screen.queryAllByText('Diamonds revenue by month')).toEqual([]);
    expect(tableRows('Historical earnings')).toEqual([
      ['Jan 2026', '5,000,000', '$25,000.00', '$500.00'],
      ['Feb 2026', '7,200,000', '$36,000.00', '$720.50'],
    ]);
    expect(tableRows('Top 10 members by earnings')).toEqual([
      ['Ayla Kaya', '4,000,000', '$400.00'],
      ['Bora Demir', '2,500,000', '$125.50'],
    ]);
  });

  it('asks the server for another period and says when it has no figures, with the way to the uploads', async () => {
    const calls = financeServer({ thisYear: THIS_YEAR });
    renderPage();
    await screen.findByText('Diamonds revenue by month', { selector: 'figcaption' });
    fireEvent.click(screen.getByLabelText('Period', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last Year' }));

    expect(await screen.findByText('No figures in this period yet. Upload the backstage export to see them here.')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/admin/finance')).at(-1)?.url).toBe('/api/admin/finance?period=lastYear');
    expect(figure('Diamonds revenue')).toBe('$0.00');
    expect(figure('Earnings revenue')).toBe('$0.00');
    expect(figure('Diamonds')).toBe('0');
    expect(screen.getByText('Go to uploads').closest('a')?.getAttribute('href')).toBe('/app/mydesk/uploadFile');
    expect(screen.queryByLabelText('Table')).toBeNull();
  });

  it('says when nobody earned commission in the period', async () => {
    financeServer({ thisYear: aFinance({ period: 'thisYear', history: [aFinanceMonth({ period: '2026-01', diamonds: 10, diamondsRevenueCents: 5 })] }) });
    renderPage();
    expect(await screen.findByText('No member earned commission in this period.')).toBeTruthy();
    expect(figure('Diamonds revenue')).toBe('$0.05');
    expect(within(screen.getByText('Earnings revenue by month', { selector: 'caption' }).closest('table')!).getByText('$0.00')).toBeTruthy();
  });
});
