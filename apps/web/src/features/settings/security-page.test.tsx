import '../../lib/testing/setup-dom.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { aMyProfile } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';
import SecurityPage from './security-page.tsx';

setUpScreenTests(['settings', 'common', 'messages', 'errors']);

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const changed = { body: { error: false, message: 'Password changed', messageCode: 'PASSWORD_CHANGED', data: { endedSessions: 0 } } };

describe('security: the password card', () => {
  it('with a password: the current one confirms the change', async () => {
    const calls = fakeApi({ 'GET /api/me/profile': ok(aMyProfile()), 'GET /api/me/sessions': ok([]), 'PUT /api/me/password': changed });
    renderWithProviders(<SecurityPage />);
    expect(await screen.findByText('Change password', { selector: 'h2' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Code from the SMS/)).toBeNull();
    type(/^Current password/, 'old-password');
    type(/^New password/, 'New!Password2026');
    type(/^Repeat new password/, 'New!Password2026');
    fireEvent.click(screen.getByText('Change password', { selector: 'button span' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ currentPassword: 'old-password', newPassword: 'New!Password2026' });
    // The success toast shows: its host (a lazily loaded chunk) is mounted before the next test
    // starts. Left loading, it stalled the next test's screen on a fresh clone (both queries still
    // pending after 5 s, in two runs of two).
    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
  });

  it('without one: a code sent by SMS to the account’s phone confirms the first password; a wrong code shows under its field', async () => {
    const profile = aMyProfile({ hasPassword: false });
    const calls = fakeApi({
      'GET /api/me/profile': ok(profile),
      'GET /api/me/sessions': ok([]),
      'POST /api/auth/otp/send': { body: { error: false, message: 'Code sent', messageCode: 'OTP_SENT', data: null } },
      'PUT /api/me/password': (call) =>
        (call.body as { code?: string }).code === '123456' ? changed : { status: 400, body: { error: true, code: 'OTP_INVALID', message: 'Invalid otp try again' } },
    });
    renderWithProviders(<SecurityPage />);
    expect(await screen.findByText('Set a password', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText(/code we send by SMS to \+90 532 000 00 02/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    type(/^New password/, 'First!Password2026');
    type(/^Repeat new password/, 'First!Password2026');
    fireEvent.click(screen.getByText('Set password', { selector: 'button span' }));
    expect(await screen.findByText('Enter the 6-digit code from the SMS.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByText('Send code'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ phone: profile.phone, purpose: 'login' });
    type(/^Code from the SMS/, '654321');
    fireEvent.click(screen.getByText('Set password', { selector: 'button span' }));
    expect(await screen.findByText(/Invalid otp|code/i, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    type(/^Code from the SMS/, '123456');
    fireEvent.click(screen.getByText('Set password', { selector: 'button span' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]!.body).toEqual({ code: '123456', newPassword: 'First!Password2026' });
  });
});
