import '../../lib/testing/setup-dom.ts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { BankForm } from './bank-form.tsx';
import { ReferralLinkCard } from '../../components/referral-link-card.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const LINK = 'https://portal.example/kayit?ref=ABCD2345';

setUpScreenTests(['profile', 'common', 'messages', 'errors']);
afterEach(() => {
  vi.restoreAllMocks();
});

function fetchSpy() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ error: false, message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED', data: { bankStatus: 'Not Verified' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('bank details form', () => {
  it('shows the holder-name hint and the status badge', () => {
    renderWithProviders(<BankForm bank={null} bankStatus="Not Verified" />);
    expect(screen.getByText(/must be exactly the name on the bank account/)).toBeTruthy();
    expect(screen.getByTestId('bank-status').textContent).toBe('Not Verified');
  });

  it('refuses an invalid IBAN and identity number without calling the server', async () => {
    const calls = fetchSpy();
    renderWithProviders(<BankForm bank={null} bankStatus="Not Verified" />);
    fill(/^Account holder/, 'Ayşe Yılmaz');
    fill(/^Identity number/, '12345678951');
    fill(/^Bank name/, 'Ziraat');
    fill(/^IBAN/, 'TR330006100519786457841327');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText(/This IBAN is not valid/)).toBeTruthy();
    fill(/^IBAN/, 'TR330006100519786457841326');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText(/This identity number is not valid/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('formats the IBAN in groups and sends it normalised', async () => {
    const calls = fetchSpy();
    renderWithProviders(<BankForm bank={null} bankStatus="Verified" />);
    expect(screen.getByTestId('bank-status').textContent).toBe('Verified');
    fill(/^Account holder/, 'Ayşe Yılmaz');
    fill(/^Identity number/, '10000000146');
    fill(/^Bank name/, 'Ziraat');
    fill(/^IBAN/, 'tr330006100519786457841326');
    expect((screen.getByLabelText(/^IBAN/) as HTMLInputElement).value).toBe('TR33 0006 1005 1978 6457 8413 26');
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: '/api/me/bank',
      method: 'PUT',
      body: { holderName: 'Ayşe Yılmaz', identityNumber: '10000000146', bankName: 'Ziraat', iban: 'TR330006100519786457841326' },
    });
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();
  });
});

describe('referral link copy button', () => {
  it('copies the link with navigator.clipboard and shows the catalogue toast', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ReferralLinkCard link={LINK} />);
    await act(async () => {
      fireEvent.click(screen.getByText('Copy'));
    });
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('URL copied to clipboard!')).toBeTruthy();
  });

  it('falls back to selecting the link when no clipboard is available', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn(() => false);
    document.execCommand = execCommand;
    renderWithProviders(<ReferralLinkCard link={LINK} />);
    await act(async () => {
      fireEvent.click(screen.getByText('Copy'));
    });
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText(/copy it by hand/)).toBeTruthy();
    expect(screen.queryByText('URL copied to clipboard!')).toBeNull();
    expect((screen.getByLabelText('Your referral link') as HTMLInputElement).value).toBe(LINK);
  });

  it('uses the fallback when the clipboard refuses, and toasts when it worked', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    document.execCommand = vi.fn(() => true);
    renderWithProviders(<ReferralLinkCard link={LINK} />);
    await act(async () => {
      fireEvent.click(screen.getByText('Copy'));
    });
    expect(await screen.findByText('URL copied to clipboard!')).toBeTruthy();
  });
});
