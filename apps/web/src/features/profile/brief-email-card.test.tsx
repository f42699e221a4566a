import '../../lib/testing/setup-dom.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { MyProfile } from '@agency/shared';
import { fakeApi } from '../../lib/testing/fake-api.ts';
import { aMyProfile } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { BriefEmailCard } from './brief-email-card.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const PROFILE: MyProfile = aMyProfile({ briefEmail: true });

setUpScreenTests(['profile', 'common', 'messages', 'errors']);

const briefSwitch = () => screen.getByLabelText(/^Send me the daily brief by e-mail/) as HTMLInputElement;

describe('the daily brief by e-mail', () => {
  it('switching it off sends only { briefEmail: false } and says it was saved', async () => {
    const calls = fakeApi({
      'PUT /api/me/profile': (call) => ({
        body: { error: false, message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED', data: { ...PROFILE, ...(call.body as object) } },
      }),
    });
    renderWithProviders(<BriefEmailCard profile={PROFILE} />);
    expect(briefSwitch().checked).toBe(true);
    fireEvent.click(briefSwitch());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/me/profile' });
    expect(calls[0]!.body).toEqual({ briefEmail: false });
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();
  });

  it('a refusal shows the error and leaves the switch as stored', async () => {
    fakeApi({ 'PUT /api/me/profile': { status: 500, body: { error: true, code: 'INTERNAL', message: 'Internal error' } } });
    renderWithProviders(<BriefEmailCard profile={{ ...PROFILE, briefEmail: false }} />);
    fireEvent.click(briefSwitch());
    expect(await screen.findByText(i18next.t('errors:INTERNAL'))).toBeTruthy();
    await waitFor(() => expect(briefSwitch().checked).toBe(false));
  });

  it('without an e-mail address, says where to add one', () => {
    renderWithProviders(<BriefEmailCard profile={{ ...PROFILE, email: null, briefEmail: false }} />);
    expect(screen.getByText(/add an e-mail address in your details/)).toBeTruthy();
  });
});
