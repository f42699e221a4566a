import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { aPage, aPayment, aSummary } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import MemberPaymentsPage from './member-payments-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

/** $150.00 unpaid, $120.00 available: a request between $50.00 and $120.00 is allowed. */
const summary = aSummary({ unpaidCents: 15000, availableCents: 12000, minimumPayoutCents: 5000, eligibility: 'Eligible for Payment' });

describe('member payments page (/app/setting/payment)', () => {
  setUpScreenTests(['payments', 'earnings', 'common', 'messages', 'errors']);

  it('refuses a request below $50 or above the available balance before sending anything, then sends a valid one', async () => {
    const calls = fakeApi({
      'GET /api/me/summary': ok(summary),
      'GET /api/me/payments': ok(aPage([], { pageSize: 10 })),
      'POST /api/me/payments': { status: 201, body: { error: false, message: 'Payment Request Sent Successfully', messageCode: 'PAYMENT_REQUEST_SENT', data: aPayment({ amountCents: 7550 }) } },
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <MemberPaymentsPage />
      </Suspense>,
    );
    const amount = await screen.findByLabelText(/^Amount/);
    const submit = screen.getByRole('button', { name: 'Send payment request' });

    fireEvent.change(amount, { target: { value: '49.99' } });
    fireEvent.click(submit);
    expect(await screen.findByText(/The amount must be at least \$50\.00/)).toBeTruthy();

    fireEvent.change(amount, { target: { value: '120.01' } });
    fireEvent.click(submit);
    expect(await screen.findByText(/cannot be more than your available balance of \$120\.00/)).toBeTruthy();

    fireEvent.change(amount, { target: { value: 'fifty' } });
    fireEvent.click(submit);
    expect(await screen.findByText(/Enter an amount in dollars/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(amount, { target: { value: '75.50' } });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('Send this payment request?')).toBeTruthy();
    fireEvent.click(screen.getByText('Yes, continue').closest('button')!);
    expect(await screen.findByText('Payment Request Sent Successfully')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ amountCents: 7550 }]));
  });

  it('refuses a custom invoice that is not PDF/JPG/PNG or larger than 5 MB with the catalogue messages', async () => {
    const payment = aPayment({
      id: 'p1',
      memberId: 'm1',
      amountCents: 7550,
      grossCents: 8000,
      deductionsCents: 450,
      periods: ['2026-01', '2026-02'],
      status: 'Pending',
    });
    const calls = fakeApi({
      'GET /api/me/summary': ok(summary),
      'GET /api/me/payments': ok(aPage([payment], { pageSize: 10 })),
    });
    const { container } = renderWithProviders(
      <Suspense fallback={null}>
        <MemberPaymentsPage />
      </Suspense>,
    );
    expect(await screen.findByText('Pending')).toBeTruthy();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'invoice.docx', { type: 'application/msword' })] } });
    expect(await screen.findByText('Please select a PDF or image file (JPG, PNG)')).toBeTruthy();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'invoice.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File size should not exceed 5MB')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows the member’s full invoice storage (413 INVOICE_STORAGE_FULL) in their language, beside the button', async () => {
    const payment = aPayment({
      id: 'p2',
      memberId: 'm1',
      amountCents: 7550,
      grossCents: 7550,
      deductionsCents: 0,
      periods: ['2026-02'],
      status: 'Approved',
      invoiceNumber: 'INV-000007',
    });
    const calls = fakeApi({
      'GET /api/me/summary': ok(summary),
      'GET /api/me/payments': ok(aPage([payment], { pageSize: 10 })),
      'PUT /api/me/payments/p2/invoice': { status: 413, body: { error: true, code: 'INVOICE_STORAGE_FULL', message: 'Your invoice storage is full' } },
    });
    const { container } = renderWithProviders(
      <Suspense fallback={null}>
        <MemberPaymentsPage />
      </Suspense>,
    );
    expect(await screen.findByText('Approved')).toBeTruthy();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 %%EOF'], 'invoice.pdf', { type: 'application/pdf' })] } });
    const shown = await screen.findAllByText('Your invoice storage is full (at most 50 MB); please upload a smaller file or contact the agency');
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});
