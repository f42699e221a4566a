import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Badge, MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../lib/testing/setup-dom.ts';
import { changeLanguage, i18nReady } from '../lib/i18n.ts';
import { theme } from '../app/theme.ts';
import { DataList, type DataColumn } from './data-list.tsx';
import { PHONE_QUERY } from './use-is-phone.ts';

interface Row {
  id: string;
  name: string;
  status: string;
  amount: string;
  phone: string;
  joined: string;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Ayşe Yılmaz', status: 'Verified', amount: '$60.75', phone: '+905320000002', joined: '4 May 2026' },
  { id: 'b', name: 'Mehmet Kaya', status: 'Not Verified', amount: '$2.50', phone: '+905320000003', joined: '3 Jun 2026' },
];

const COLUMNS: DataColumn<Row>[] = [
  { key: 'name', label: 'Name', card: 'title', cell: (row) => row.name },
  { key: 'phone', label: 'Phone', priority: 2, cell: (row) => row.phone },
  { key: 'status', label: 'Bank details', card: 'status', cell: (row) => <Badge>{row.status}</Badge> },
  { key: 'joined', label: 'Joined', priority: 1, cell: (row) => row.joined },
  { key: 'amount', label: 'Earnings', numeric: true, card: 'amount', cell: (row) => row.amount },
];

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
  await i18next.loadNamespaces(['common']);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderList() {
  return render(
    <MantineProvider theme={theme} env="test">
      <DataList rows={ROWS} rowKey={(row) => row.id} rowLabel={(row) => row.name} columns={COLUMNS} />
    </MantineProvider>,
  );
}

/**
 * jsdom lays nothing out: here a table is as wide as 100 px per column (40 px for the details
 * buttons' column), in a box `boxWidth` wide, as a browser would measure them.
 */
function layOut(boxWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.tagName !== 'TABLE') return 0;
    return [...this.querySelectorAll('thead th')].reduce((width, header) => width + (header.textContent === 'Details' ? 40 : 100), 0);
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.querySelector(':scope > table') ? boxWidth : 0;
  });
}

function headers(): string[] {
  return screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
}

describe('DataList', () => {
  it('shows every column when the table fits its box', () => {
    layOut(1000);
    renderList();
    expect(headers()).toEqual(['Name', 'Phone', 'Bank details', 'Joined', 'Earnings']);
    expect(screen.queryByLabelText('Details of Ayşe Yılmaz')).toBeNull();
  });

  it('hides the column of the highest priority first', () => {
    // 5 columns are 500 px; without "Phone" (priority 2) and with the details column, 440 px.
    layOut(450);
    renderList();
    expect(headers()).toEqual(['Name', 'Bank details', 'Joined', 'Earnings', 'Details']);
  });

  it('hides more columns until the table fits, and shows them in the row’s details', async () => {
    // Without "Phone" 440 px, without "Joined" too 340 px.
    layOut(420);
    renderList();
    expect(headers()).toEqual(['Name', 'Bank details', 'Earnings', 'Details']);
    fireEvent.click(screen.getByLabelText('Details of Mehmet Kaya'));
    const drawer = await screen.findByRole('dialog', { name: 'Mehmet Kaya' });
    expect([...drawer.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Phone', 'Joined']);
    expect([...drawer.querySelectorAll('dd')].map((value) => value.textContent)).toEqual(['+905320000003', '3 Jun 2026']);
  });

  it('keeps the key columns (priority 0) even when the table still does not fit, and lets it scroll', () => {
    layOut(200);
    renderList();
    expect(headers()).toEqual(['Name', 'Bank details', 'Earnings', 'Details']);
    // Scrollable: a named region the keyboard can reach.
    expect(screen.getByRole('region', { name: 'Scrollable table' }).getAttribute('tabindex')).toBe('0');
  });

  it('on a phone shows one card per row: the title and the status on top, then the amount, then the fields', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === PHONE_QUERY, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }) as unknown as MediaQueryList,
    );
    renderList();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const texts = within(cards[1]!)
      .getAllByText(/.+/)
      .map((element) => element.textContent);
    expect(texts.slice(0, 4)).toEqual(['Mehmet Kaya', 'Not Verified', 'Earnings', '$2.50']);
    expect(texts).toEqual(expect.arrayContaining(['Phone', '+905320000003', 'Joined', '3 Jun 2026']));
  });
});
