import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Payment } from '@agency/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { aPage, aPayment } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import DocumentsPage from './documents-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

/** Paid: two months, $80.00 earned, $4.50 deducted, $75.50 paid, with the default invoice. */
const PAID = aPayment({
  id: 'p1',
  periods: ['2026-01', '2026-02'],
  grossCents: 8_000,
  deductionsCents: 450,
  amountCents: 7_550,
  status: 'Paid',
  invoiceNumber: 'INV-000007',
  createdAt: '2026-03-10T10:00:00Z',
  paidAt: '2026-03-15T12:00:00Z',
});
/** Waiting for the admin, with the member's own invoice and no number yet. */
const CUSTOM = aPayment({ id: 'p2', periods: ['2026-03'], grossCents: 12_000, deductionsCents: 0, amountCents: 12_000, status: 'Pending', invoicePreference: 'custom', createdAt: '2026-04-02T10:00:00Z' });
/** Rejected: its invoice can still be downloaded, no longer changed. */
const REJECTED = aPayment({ id: 'p3', periods: [], status: 'Rejected', reason: 'Bank details do not match', createdAt: '2026-02-20T10:00:00Z' });

/** `GET /api/me/payments?page=&pageSize=` paging `payments` as the API does; the invoices download as PDF. */
function documentsServer(payments: Payment[]): FakeCall[] {
  return fakeApi({
    'GET /api/me/payments': (call) => {
      const params = new URL(call.url, 'http://portal.test').searchParams;
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('pageSize'));
      return ok(aPage(payments.slice((page - 1) * pageSize, page * pageSize), { total: payments.length, page, pageSize }));
    },
    // The server names the invoice it has a number for.
    'GET /api/me/payments/p1/invoice': () =>
      new Response('%PDF-1.4 %%EOF', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="INV-000007.pdf"' } }),
    'GET /api/me/payments/p2/invoice': () => new Response('%PDF-1.4 %%EOF', { headers: { 'content-type': 'application/pdf' } }),
    'GET /api/me/payments/p3/invoice': { status: 404, body: { error: true, code: 'NOT_FOUND', message: 'Not found' } },
  });
}

/** The card of the payment titled `title` (its months, or its day without months). */
const cardOf = (title: string) => screen.getByText(title).closest('article')!;
/** The amount beside a statement line of a card. */
const line = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;

/** Records the names of the files the browser is asked to save (jsdom saves nothing and has no object URLs). */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => 'blob:invoice';
  URL.revokeObjectURL = () => undefined;
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
  });
  return saved;
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/setting/documents']}>
      <Suspense fallback={null}>
        <DocumentsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('documents (/app/setting/documents)', { timeout: 30_000 }, () => {
  setUpScreenTests(['documents', 'payments', 'common', 'errors', 'messages']);

  it('shows one statement per payment: its months, status, gross, deductions, what was paid and its invoice', async () => {
    const calls = documentsServer([CUSTOM, PAID, REJECTED]);
    renderPage();
    const paid = (await screen.findByText('Jan 2026 – Feb 2026')).closest('article')!;
    expect(calls[0]?.url).toBe('/api/me/payments?page=1&pageSize=20');
    expect(screen.getByText('3 payments')).toBeTruthy();

    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('Created: 10 Mar 2026 · paid on 15 Mar 2026')).toBeTruthy();
    expect(line(paid, 'Gross earnings')).toBe('$80.00');
    expect(line(paid, 'Deductions')).toBe('-$4.50');
    expect(line(paid, 'Paid to you')).toBe('$75.50');
    expect(within(paid).getByText('Default invoice')).toBeTruthy();
    expect(within(paid).getByText('INV-000007')).toBeTruthy();
    expect(within(paid).getByText('Upload my invoice')).toBeTruthy();

    const custom = cardOf('Mar 2026');
    expect(within(custom).getByText('Pending')).toBeTruthy();
    expect(within(custom).getByText('Created: 2 Apr 2026')).toBeTruthy();
    expect(line(custom, 'Deductions')).toBe('$0.00');
    expect(line(custom, 'Paid to you')).toBe('$120.00');
    expect(within(custom).getByText('Custom invoice')).toBeTruthy();
    expect(within(custom).getByText('Replace my invoice')).toBeTruthy();
    expect(within(custom).getByText('Use the default invoice')).toBeTruthy();

    // Without months the card is named by its day; a rejected payment's invoice can only be downloaded.
    const rejected = cardOf('20 Feb 2026');
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('Download invoice')).toBeTruthy();
    expect(within(rejected).queryByText('Upload my invoice')).toBeNull();
  });

  it('downloads an invoice under the name the server gives it, or under its number', async () => {
    const calls = documentsServer([CUSTOM, PAID, REJECTED]);
    const saved = savedFiles();
    renderPage();
    const paid = (await screen.findByText('Jan 2026 – Feb 2026')).closest('article')!;

    fireEvent.click(within(paid).getByText('Download invoice'));
    await waitFor(() => expect(saved).toEqual(['INV-000007.pdf']));
    fireEvent.click(within(cardOf('Mar 2026')).getByText('Download invoice'));
    await waitFor(() => expect(saved).toEqual(['INV-000007.pdf', 'invoice-p2.pdf']));
    expect(calls.filter((call) => call.url.endsWith('/invoice')).map((call) => [call.method, call.url])).toEqual([
      ['GET', '/api/me/payments/p1/invoice'],
      ['GET', '/api/me/payments/p2/invoice'],
    ]);

    // A refused download says why and saves nothing.
    fireEvent.click(within(cardOf('20 Feb 2026')).getByText('Download invoice'));
    expect(await screen.findByText('We could not find what you were looking for.')).toBeTruthy();
    expect(saved).toHaveLength(2);
  });

  it('pages through the statements on the server', async () => {
    // 25 payments, one a month from January 2024.
    const payments = Array.from({ length: 25 }, (_, index) => aPayment({ id: `p${index + 1}`, periods: [`${2024 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`] }));
    const calls = documentsServer(payments);
    renderPage();
    expect(await screen.findByText('Jan 2024')).toBeTruthy();
    expect(screen.getByText('25 payments')).toBeTruthy();
    expect(screen.getAllByText('Gross earnings')).toHaveLength(20);

    fireEvent.click(screen.getByLabelText('Next page'));
    expect(await screen.findByText('Jan 2026')).toBeTruthy();
    expect(screen.queryByText('Jan 2024')).toBeNull();
    expect(screen.getAllByText('Gross earnings')).toHaveLength(5);
    expect(calls.filter((call) => call.url.startsWith('/api/me/payments?')).at(-1)?.url).toBe('/api/me/payments?page=2&pageSize=20');
  });

  it('says there are no documents before the first payment and leads to the payments', async () => {
    documentsServer([]);
    renderPage();
    expect(await screen.findByText('No documents yet')).toBeTruthy();
    expect(screen.getByText('Each payment gets an invoice. Your first one appears here with your first payment.')).toBeTruthy();
    expect(screen.getByText('Go to payments').closest('a')?.getAttribute('href')).toBe('/app/setting/payment');
    expect(screen.queryByText('Download invoice')).toBeNull();
  });
});
