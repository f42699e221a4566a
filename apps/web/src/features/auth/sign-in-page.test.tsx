import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession, storeSession } from '../../lib/session.ts';
import SignInPage from './sign-in-page.tsx';
import { fail, fakeServer, loadEnglish, ok, renderAt } from './test-utils.tsx';

const member = { uid: 'member-1', firstName: 'Ayşe', lastName: 'Yılmaz', role: 'user' };

beforeAll(async () => {
  await loadEnglish();
});
beforeEach(() => localStorage.removeItem('accessToken'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function sendCodeTo(phone: string) {
  fireEvent.change(await screen.findByLabelText(/^Phone number/), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText(/^Code/);
}

describe('sign-in by phone', () => {
  it('sends a code, verifies it, stores the session and opens the member landing page', async () => {
    const server = fakeServer({
      'POST /api/auth/otp/send': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }, 'OTP_SENT'),
      'POST /api/auth/otp/verify': ok({ token: 'token-123', role: 'user', user: member }, 'LOGIN_SUCCESS'),
    });
    renderAt('/app/sessions/signIn', <SignInPage />);

    const firstBox = await sendCodeTo('0532 000 00 02');
    // The screen's language goes along: the server writes the SMS in it for a number it does not know.
    expect(server.callsTo('POST /api/auth/otp/send')[0]?.body).toEqual({ phone: '0532 000 00 02', purpose: 'login', locale: 'en' });
    // The answer is the same whatever the number's account state: the screen does not promise a code.
    expect(screen.getByText(/your 6-digit code or, if this number cannot use one here, what to do instead/)).toBeTruthy();
    // The code input takes the focus and the resend button shows its countdown.
    await waitFor(() => expect(document.activeElement).toBe(firstBox));
    const resend = screen.getByRole('button', { name: /Resend in 60 s/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    // Typing (or pasting) the six digits into the first box fills the code.
    fireEvent.change(firstBox, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/setting/publisher'));
    expect(server.callsTo('POST /api/auth/otp/verify')[0]?.body).toEqual({ phone: '0532 000 00 02', code: '123456' });
    expect(readSession()).toEqual({ token: 'token-123', role: 'user', uid: 'member-1' });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toEqual({ uid: 'member-1' });
  });

  it('keeps the person on the code step and clears any stored session when the code is wrong', async () => {
    storeSession({ token: 'stale', role: 'admin', uid: 'someone-else' });
    fakeServer({
      'POST /api/auth/otp/send': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
      'POST /api/auth/otp/verify': fail(400, 'OTP_INVALID'),
    });
    renderAt('/app/sessions/signIn', <SignInPage />);

    const firstBox = await sendCodeTo('+90 532 000 0002');
    fireEvent.change(firstBox, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    // The session is cleared in the mutation's onError; the error message renders after it.
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(firstBox.getAttribute('aria-invalid')).toBe('true'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/app/sessions/signIn');
  });

  it('does not call the server for a number that cannot exist', async () => {
    const server = fakeServer({});
    renderAt('/app/sessions/signIn', <SignInPage />);
    fireEvent.change(await screen.findByLabelText(/^Phone number/), { target: { value: '053' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/otp/send')).toHaveLength(0);
  });

  it('shows the wait time when the server says the code was asked for too soon', async () => {
    fakeServer({ 'POST /api/auth/otp/send': fail(429, 'OTP_RESEND_TOO_SOON', { 'retry-after': '42' }) });
    renderAt('/app/sessions/signIn', <SignInPage />);
    fireEvent.change(await screen.findByLabelText(/^Phone number/), { target: { value: '0532 000 00 02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/try again in 42 s/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('sign-in by e-mail', () => {
  it('signs an admin in and opens the admin landing page', async () => {
    const server = fakeServer({
      'POST /api/auth/login': ok({ token: 'admin-token', role: 'admin', user: { ...member, uid: 'admin-1', role: 'admin' } }, 'LOGIN_SUCCESS'),
    });
    renderAt('/app/sessions/signIn', <SignInPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Email' }));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'Admin@Example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/mydesk/users'));
    expect(server.callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'Admin@Example.com', password: 'correct horse' });
    expect(readSession()).toEqual({ token: 'admin-token', role: 'admin', uid: 'admin-1' });
  });

  it('never stores a malformed answer as a session', async () => {
    fakeServer({ 'POST /api/auth/login': ok({ token: 'x', role: 'root', user: {} }) });
    renderAt('/app/sessions/signIn', <SignInPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Email' }));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/app/sessions/signIn');
  });
});
