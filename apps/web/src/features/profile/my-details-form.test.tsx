import '../../lib/testing/setup-dom.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyProfile } from '@agency/shared';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { aMyProfile } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { MyDetailsForm } from './my-details-form.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const PROFILE: MyProfile = aMyProfile();

const saved = { body: { error: false, message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED', data: PROFILE } };

setUpScreenTests(['profile', 'common', 'messages', 'errors']);

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('my details: changing the e-mail needs a confirmation', () => {
  it('other changes need none, and send no password', async () => {
    const calls = fakeApi({ 'PUT /api/me/profile': saved });
    renderWithProviders(<MyDetailsForm profile={PROFILE} />);
    type(/^First name/, 'Ayşe Nur');
    // The same address in capitals is not a change.
    type(/^E-mail/, 'AYSE@example.com');
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ firstName: 'Ayşe Nur', lastName: 'Yılmaz', email: 'AYSE@example.com', locale: 'en', invoicePreference: 'default' });
  });

  it('a new e-mail asks for the current password, sends it, and shows the server’s refusal under the field', async () => {
    const calls = fakeApi({
      'PUT /api/me/profile': (call) =>
        (call.body as { currentPassword?: string }).currentPassword === 'right-password'
          ? saved
          : { status: 400, body: { error: true, code: 'PASSWORD_CURRENT_INVALID', message: 'The current password is not correct' } },
    });
    renderWithProviders(<MyDetailsForm profile={PROFILE} />);
    type(/^E-mail/, 'new@example.com');
    expect(screen.getByText('Confirm the new e-mail address')).toBeTruthy();
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    type(/^Current password/, 'wrong-password');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
    type(/^Current password/, 'right-password');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toMatchObject({ email: 'new@example.com', currentPassword: 'right-password' });
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();
  });

  it('an account without a password confirms with a code sent by SMS to its phone', async () => {
    const calls = fakeApi({
      'POST /api/auth/otp/send': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }, { message: 'Otp send successfully', messageCode: 'OTP_SENT' }),
      'PUT /api/me/profile': saved,
    });
    renderWithProviders(<MyDetailsForm profile={{ ...PROFILE, email: null, hasPassword: false }} />);
    type(/^E-mail/, 'added@example.com');
    expect(screen.getByText(/with a code we send by SMS to \+90 532 000 00 02/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fireEvent.click(screen.getByText('Send code'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { phone: '+905320000002', purpose: 'login', locale: 'en' } });
    await waitFor(() => expect((screen.getByLabelText(/^Code from the SMS/) as HTMLInputElement).disabled).toBe(false));
    type(/^Code from the SMS/, '123456');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ firstName: 'Ayşe', lastName: 'Yılmaz', email: 'added@example.com', locale: 'en', invoicePreference: 'default', code: '123456' });
  });
});
