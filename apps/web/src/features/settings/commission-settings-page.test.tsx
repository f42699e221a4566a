import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_COMMISSION_TIERS, formatMoney } from '@agency/shared';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import CommissionSettingsPage from './commission-settings-page.tsx';

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
  diamondValueMicros: 5000,
  darkAfterDays: 3,
  updatedAt: '2026-03-01T10:00:00.000Z',
};

function fakeServer() {
  const puts: unknown[] = [];
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/admin/settings' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return answer({ error: false, message: 'Commission add successfully', messageCode: 'COMMISSION_SAVED', data: { ...SETTINGS, ...body, updatedAt: '2026-03-02T10:00:00.000Z' } });
      }
      if (url === '/api/admin/settings') return answer({ error: false, data: SETTINGS });
      return answer({ error: false, data: { ...SETTINGS } });
    }),
  );
  return puts;
}

function renderPage() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <CommissionSettingsPage />
    </Suspense>,
  );
}

describe('commission settings (/app/setting/Setting)', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['settings', 'common', 'errors', 'messages']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the tiers and the worked example computed from the current values', async () => {
    fakeServer();
    renderPage();
    const example = await screen.findByTestId('commission-example');
    expect(example.textContent).toContain('4,000,000 diamonds');
    expect(example.textContent).toContain(formatMoney(40_000, 'en'));
    expect(screen.getAllByLabelText('Rate')).toHaveLength(3);
  });

  it('explains a gap between tiers and sends nothing; a valid change is saved after the confirmation', async () => {
    const puts = fakeServer();
    renderPage();
    await screen.findByTestId('commission-example');
    const [, secondFrom] = screen.getAllByLabelText('From (diamonds)');
    fireEvent.change(secondFrom!, { target: { value: '3,000,005' } });
    expect(await screen.findByText('Tier 2 must start right after tier 1, at 3,000,000 diamonds.')).toBeTruthy();
    fireEvent.click(screen.getByText('Save commission').closest('button')!);
    expect(puts).toHaveLength(0);

    fireEvent.change(secondFrom!, { target: { value: '3,000,000' } });
    await waitFor(() => expect(screen.queryByText(/must start right after/)).toBeNull());
    const [, secondRate] = screen.getAllByLabelText('Rate');
    fireEvent.change(secondRate!, { target: { value: '2.5 %' } });
    await waitFor(() => expect(screen.getByTestId('commission-example').textContent).toContain(formatMoney(50_000, 'en')));
    await act(async () => fireEvent.click(screen.getByText('Save commission').closest('button')!));
    expect(await screen.findByText(/recomputed with the new values/, undefined, { timeout: 5000 })).toBeTruthy();
    const confirmButtons = screen.getAllByText('Save commission');
    fireEvent.click(confirmButtons.at(-1)!.closest('button')!);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      commissionTiers: [DEFAULT_COMMISSION_TIERS[0], { ...DEFAULT_COMMISSION_TIERS[1], rateBps: 250 }, DEFAULT_COMMISSION_TIERS[2]],
      diamondValueMicros: 5000,
    });
    expect(await screen.findByText('Commission add successfully')).toBeTruthy();
  });
});
