import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ForgotPage from './forgot-page.tsx';
import ResetPage from './reset-page.tsx';
import SignUpPage from './sign-up-page.tsx';
import { fail, fakeServer, loadEnglish, ok, renderAt } from './test-utils.tsx';

const TOKEN = 'a'.repeat(43);

beforeAll(loadEnglish);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reset password', () => {
  it('refuses a short or repeated-wrong password without calling the server', async () => {
    const server = fakeServer({});
    renderAt(`/app/sessions/reset?token=${TOKEN}`, <ResetPage />);
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/reset')).toHaveLength(0);
  });

  it('saves the new password with the token from the link and opens sign-in', async () => {
    const server = fakeServer({ 'POST /api/auth/reset': ok({}, 'PASSWORD_RESET_DONE') });
    renderAt(`/app/sessions/reset?token=${TOKEN}`, <ResetPage />);
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'long enough 1' } });
    fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: 'long enough 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/sessions/signIn'));
    expect(server.callsTo('POST /api/auth/reset')[0]?.body).toEqual({ token: TOKEN, password: 'long enough 1' });
  });

  it('explains a missing or rejected link and offers a new one', async () => {
    fakeServer({});
    renderAt('/app/sessions/reset', <ResetPage />);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/app/sessions/forgot');
  });
});

describe('forgot password', () => {
  it('shows "check your inbox" after the request, saying the link went out only if the address has an account', async () => {
    const server = fakeServer({ 'POST /api/auth/forgot': ok({ expiresInSeconds: 1800 }, 'PASSWORD_RESET_SENT') });
    renderAt('/app/sessions/forgot', <ForgotPage />);
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'ayse@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText(/^If ayse@example\.com belongs to an account, we sent a link to it\./)).toBeTruthy();
    expect(server.callsTo('POST /api/auth/forgot')[0]?.body).toEqual({ email: 'ayse@example.com' });
  });

  it('marks the field when the request is refused (the rate limit)', async () => {
    fakeServer({ 'POST /api/auth/forgot': fail(429, 'RATE_LIMITED') });
    renderAt('/app/sessions/forgot', <ForgotPage />);
    const field = await screen.findByLabelText(/^Email/);
    fireEvent.change(field, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });
});

describe('sign-up', () => {
  it('registers with the default company id and the screen language, and points to the e-mail that says what comes next', async () => {
    const server = fakeServer({ 'POST /api/register': { status: 201, body: { error: false, data: { user: { uid: 'n1' } } } } });
    renderAt('/app/sessions/signUp', <SignUpPage />);
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long enough 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Registration received' })).toBeTruthy();
    // A taken address gets the same answer: the outcome is in the e-mail.
    expect(screen.getByText(/^We sent an e-mail to new@example\.com with what happens next\./)).toBeTruthy();
    expect(server.callsTo('POST /api/register')[0]?.body).toEqual({ email: 'new@example.com', password: 'long enough 1', companyId: 'agency', locale: 'en' });
  });
});
