import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_COMMISSION_TIERS } from '@agency/shared';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import CommissionSettingsPage from './commission-settings-page.tsx';

const NBSP = '\u00a0';
const SETTINGS = {
  agencyName: 'Agency',
  pageTitle: 'Agency',
  pageDescription: '',
  contactPhone: '',
  contactEmail: '',
  contactAddress: '',
  supportHours: '',
  referralsEnabled: true,
  logoUrl: null,
  commissionTiers: DEFAULT_COMMISSION_TIERS,
  diamondValueMicros: 4200,
  darkAfterDays: 3,
  updatedAt: '2026-03-01T10:00:00.000Z',
};

function fakeServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: false, data: SETTINGS }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
}

async function renderIn(language: 'tr' | 'az' | 'en') {
  await changeLanguage(language);
  fakeServer();
  renderWithProviders(
    <Suspense fallback={null}>
      <CommissionSettingsPage />
    </Suspense>,
  );
  await screen.findByTestId('commission-example');
  return [...document.querySelectorAll('main input, input')].map((input) => (input as HTMLInputElement).value);
}

describe('commission settings in the language’s number format', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18next.loadNamespaces(['settings', 'common', 'errors', 'messages']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(async () => {
    await changeLanguage('tr');
  });

  it('Turkish: 2.999.999 and %1 (the percent sign first), the diamond value hint from the setting', async () => {
    const values = await renderIn('tr');
    expect(values).toContain('2.999.999');
    expect(values).toContain('%1');
    expect(values).not.toContain('2,999,999');
    expect(values).toContain('$0,0042');
    const hint = i18next.t('settings:commission.diamondValueHint', { value: '$0,0042' });
    expect(screen.getByText(hint)).toBeTruthy();
    expect(document.body.textContent).not.toContain('$0.005');
  });

  it('Azerbaijani: no-break space grouping, comma decimals, $ after the amount', async () => {
    const values = await renderIn('az');
    expect(values).toContain(`2${NBSP}999${NBSP}999`);
    expect(values).toContain('1%');
    expect(values).toContain(`0,0042${NBSP}$`);
  });

  it('takes a rate typed with the language’s decimal comma', async () => {
    await renderIn('tr');
    const [rate] = screen.getAllByLabelText(i18next.t('settings:commission.rate'));
    fireEvent.change(rate!, { target: { value: '%1,' } });
    // The unfinished number stays as typed (it used to be cleared, dropping the comma).
    expect((rate as HTMLInputElement).value).toBe('%1,');
    fireEvent.change(rate!, { target: { value: '%1,5' } });
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('%1,5'));
    expect(screen.getByTestId('commission-example').textContent).toContain('%2');
  });
});
