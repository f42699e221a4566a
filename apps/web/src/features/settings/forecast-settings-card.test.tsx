import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_COMMISSION_TIERS } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import CommissionSettingsPage from './commission-settings-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const SETTINGS = {
  agencyName: 'Agency',
  referralsEnabled: true,
  logoUrl: null,
  commissionTiers: DEFAULT_COMMISSION_TIERS,
  diamondValueMicros: 5000,
  darkAfterDays: 3,
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('commission settings: the forecasts’ went-dark days', () => {
  setUpScreenTests(['settings', 'common', 'errors', 'messages']);

  it('shows the setting, refuses 31, and saves { darkAfterDays } alone', async () => {
    const calls = fakeApi({
      'GET /api/admin/settings': ok(SETTINGS),
      'GET /api/settings/public': ok(SETTINGS),
      'PUT /api/admin/settings': (call) => ok({ ...SETTINGS, ...(call.body as object), updatedAt: '2026-03-02T10:00:00.000Z' }, { messageCode: 'DETAILS_UPDATED' }),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <CommissionSettingsPage />
      </Suspense>,
    );
    const field = (await screen.findByLabelText('Days without LIVE before a creator has gone dark')) as HTMLInputElement;
    expect(field.value).toBe('3');
    expect(screen.getByText('A creator has gone dark after 3 days without LIVE.')).toBeTruthy();

    fireEvent.change(field, { target: { value: '31' } });
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Enter a whole number from 1 to 30.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ darkAfterDays: 5 });
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();
  });
});
