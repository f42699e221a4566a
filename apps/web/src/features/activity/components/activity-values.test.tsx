import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLogEntry } from '@agency/shared';
import '../../../lib/testing/setup-dom.ts';
import { changeLanguage, i18nReady } from '../../../lib/i18n.ts';
import { theme } from '../../../app/theme.ts';
import { ActivityChanges } from './activity-changes.tsx';

const NBSP = /[\u00a0\u202f]/g;

/** The rows of the changes table as text: [field, before, after]. */
function rowsOf(entry: Pick<ActivityLogEntry, 'before' | 'after'> & Partial<Pick<ActivityLogEntry, 'names'>>): string[][] {
  render(
    <MantineProvider theme={theme} env="test">
      <ActivityChanges entry={{ names: { 'c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f': '@anka.gaming' }, ...entry }} />
    </MantineProvider>,
  );
  const table = screen.getByRole('table');
  return [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').replace(NBSP, ' ')));
}

const PAYMENT = {
  before: { status: 'pending', locale: 'tr', periods: ['2026-10'] },
  after: {
    status: 'approved',
    locale: 'az',
    amountCents: 121_500_050,
    periods: ['2026-10', '2026-11'],
    asOf: '2026-11-24',
    invoicePreference: 'custom',
    commissionTiers: [
      { fromDiamonds: 0, toDiamonds: 2_999_999, rateBps: 100 },
      { fromDiamonds: 3_000_000, toDiamonds: null, rateBps: 250 },
    ],
    diamondValueMicros: 5000,
    creators: [{ id: 'c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f', status: 'active' }],
  },
};

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['activity', 'common']);
});
afterEach(cleanup);
afterAll(async () => {
  await changeLanguage('tr');
});

describe('activity values as people read them', () => {
  it('English: statuses, languages, money, months, days, tiers and nested records, no raw values', async () => {
    await changeLanguage('en');
    const rows = rowsOf(PAYMENT);
    expect(rows).toEqual([
      ['Amount', '—', '$1,215,000.50'],
      ['Figures as of', '—', '24 Nov 2026'],
      ['Commission tiers', '—', '0–2,999,999 diamonds: 1%; from 3,000,000 diamonds: 2.5%'],
      ['Creators', '—', '@anka.gaming; Status: Active'],
      ['Diamond value', '—', '$0.005'],
      ['Invoice preference', '—', 'Own invoice'],
      ['Language', 'Türkçe', 'Azərbaycanca'],
      ['Months', 'October 2026', 'October 2026, November 2026'],
      ['Status', 'Pending', 'Approved'],
    ]);
    const text = rows.flat().join(' ');
    expect(text).not.toMatch(/pending|2026-1\d|\{|121500050/);
  });

  it('Turkish: %1 before the number, 2.999.999, $ before the amount', async () => {
    await changeLanguage('tr');
    const rows = rowsOf(PAYMENT);
    expect(rows.find((row) => row[0] === 'Komisyon kademeleri')?.[2]).toBe('0–2.999.999 elmas: %1; 3.000.000 elmastan itibaren: %2,5');
    expect(rows.find((row) => row[0] === 'Tutar')?.[2]).toBe('$1.215.000,50');
    expect(rows.find((row) => row[0] === 'Durum')?.slice(1)).toEqual([i18next.t('common:status.pending'), i18next.t('common:status.approved')]);
  });

  it('Azerbaijani: 24.11.2026, noyabr 2026, 1 215 000,50 $', async () => {
    await changeLanguage('az');
    const rows = rowsOf(PAYMENT).flat();
    expect(rows).toContain('24.11.2026');
    expect(rows).toContain('1 215 000,50 $');
    expect(rows).toContain('oktyabr 2026, noyabr 2026');
  });

  it('names the ids in the values, says when their record is gone, and hides stored file keys and checksums', async () => {
    await changeLanguage('en');
    const rows = rowsOf({
      before: { logo: 'logos/0b7e6d5c-4a3b-4c2d-8e1f-0a9b8c7d6e5f.png' },
      after: {
        memberId: '5f0c8a3e-2b1d-4c6e-9a7f-1e2d3c4b5a69',
        creatorId: '11111111-2222-4333-8444-555555555555',
        logo: 'logos/7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d.png',
        sha256: 'a'.repeat(64),
        figureKind: 'monthToDate',
        dataPeriod: { from: '2026-03-01', to: '2026-03-17' },
      },
      names: { '5f0c8a3e-2b1d-4c6e-9a7f-1e2d3c4b5a69': 'Ayşe Yılmaz' },
    });
    expect(rows).toEqual([
      ['Creator', '—', 'Deleted record'],
      ['Month of the figures', '—', 'From: 1 Mar 2026; To: 17 Mar 2026'],
      ['Figures', '—', 'Month to date'],
      ['Logo', 'Uploaded file', 'Uploaded file'],
      ['Member', '—', 'Ayşe Yılmaz'],
    ]);
  });

  it('shows a logged moment in the viewer’s format', async () => {
    await changeLanguage('az');
    const rows = rowsOf({ before: { verifiedAt: null }, after: { verifiedAt: '2026-11-24T10:05:00.000Z' } });
    expect(rows[0]?.[2]).toMatch(/^\d{2}\.\d{2}\.2026 \d{2}:\d{2}$/);
  });
});
