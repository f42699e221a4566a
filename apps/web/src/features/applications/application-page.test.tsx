import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, loadEnglish, ok, renderAt } from '../auth/test-utils.tsx';
import ApplicationPage from './application-page.tsx';

beforeAll(async () => {
  await loadEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

async function fillName(first = 'Ayşe', last = 'Yılmaz') {
  fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: first } });
  fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: last } });
  next();
  return screen.findByLabelText(/^TikTok username/);
}

describe('application stepper: client checks', () => {
  it('does not leave the name step while a name is missing', async () => {
    fakeServer({});
    renderAt('/kayit', <ApplicationPage />);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Ayşe' } });
    next();
    expect(await screen.findByText('Enter your last name.')).toBeTruthy();
    expect(screen.queryByLabelText(/^TikTok username/)).toBeNull();
  });

  it.each(['bad name!', '@a', 'x'.repeat(25), 'ünlü_yayıncı'])('refuses the username %j with the catalogue message and stays on the step', async (username) => {
    fakeServer({});
    renderAt('/kayit', <ApplicationPage />);
    const field = await fillName();
    fireEvent.change(field, { target: { value: username } });
    next();
    expect(await screen.findByText('Invalid TikTok username format')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText(/^Phone number/)).toBeNull();
  });

  it('accepts a username typed with @ and capitals and moves on to the phone', async () => {
    fakeServer({});
    renderAt('/kayit', <ApplicationPage />);
    const field = await fillName();
    fireEvent.change(field, { target: { value: ' @Ayse.Live_1 ' } });
    next();
    expect(await screen.findByLabelText(/^Phone number/)).toBeTruthy();
    expect(screen.queryByText('Invalid TikTok username format')).toBeNull();
  });
});

describe('application: submit', () => {
  async function reachCode() {
    const field = await fillName();
    fireEvent.change(field, { target: { value: '@Ayse.Live' } });
    next();
    fireEvent.change(await screen.findByLabelText(/^Phone number/), { target: { value: '0532 000 00 02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const firstBox = await screen.findByLabelText(/^Code/);
    fireEvent.change(firstBox, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Application' }));
  }

  it('sends the normalised application with the referral code and the screen\'s language, and shows the success screen', async () => {
    const server = fakeServer({
      'POST /api/auth/otp/send': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }, 'OTP_SENT'),
      'POST /api/applications': { status: 201, body: { error: false, data: { status: 'pending' }, messageCode: 'APPLICATION_SUBMITTED' } },
    });
    renderAt('/kayit?ref=REF42', <ApplicationPage />);
    expect(await screen.findByText('You were invited by a member')).toBeTruthy();
    await reachCode();

    expect(await screen.findByRole('heading', { name: 'Application Submitted!' })).toBeTruthy();
    expect(server.callsTo('POST /api/auth/otp/send')[0]?.body).toEqual({ phone: '0532 000 00 02', purpose: 'apply', locale: 'en' });
    expect(server.callsTo('POST /api/applications')[0]?.body).toEqual({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      tiktokUsername: 'ayse.live',
      phone: '0532 000 00 02',
      code: '654321',
      ref: 'REF42',
      locale: 'en',
    });
  });

  it('opens the username step again when the server says the username is taken', async () => {
    fakeServer({
      'POST /api/auth/otp/send': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
      'POST /api/applications': fail(409, 'TIKTOK_USERNAME_TAKEN'),
    });
    renderAt('/kayit', <ApplicationPage />);
    await reachCode();

    const field = await screen.findByLabelText(/^TikTok username/);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('heading', { name: 'Application Submitted!' })).toBeNull();
  });

  it('keeps the code step and marks the code when it is wrong', async () => {
    fakeServer({
      'POST /api/auth/otp/send': ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }),
      'POST /api/applications': fail(400, 'OTP_INVALID'),
    });
    renderAt('/kayit', <ApplicationPage />);
    await reachCode();
    await waitFor(() => expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Complete Application' })).toBeTruthy();
  });
});
