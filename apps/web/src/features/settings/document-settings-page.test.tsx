import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';
import DocumentSettingsPage, { previewInvoiceNumber } from './document-settings-page.tsx';

const SETTINGS = {
  agencyName: 'Yıldız Ajans',
  pageTitle: 'Yıldız Ajans',
  pageDescription: '',
  contactPhone: '',
  contactEmail: '',
  contactAddress: '',
  supportHours: '',
  referralsEnabled: true,
  logoUrl: null,
  commissionTiers: [],
  diamondValueMicros: 5000,
  invoicePrefix: 'INV-',
  invoiceNextNumber: 42,
  invoiceNumberDigits: 6,
  invoiceFooter: '',
  payoutTimeZone: 'Europe/Istanbul',
  darkAfterDays: 3,
  stampUrl: null,
  signatureUrl: null,
  updatedAt: '2026-02-01T10:00:00.000Z',
};

function fakeServer() {
  const puts: unknown[] = [];
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/admin/settings' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push(body);
        return answer({ error: false, message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED', data: { ...SETTINGS, ...body } });
      }
      if (url === '/api/admin/settings') return answer({ error: false, data: SETTINGS });
      if (url === '/api/settings/public') return answer({ error: false, data: SETTINGS });
      return new Response(JSON.stringify({ error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' }), { status: 404 });
    }),
  );
  return { puts };
}

describe('document settings (/app/accounts/documentConfigurations)', () => {
  setUpScreenTests(['settings', 'common', 'messages', 'errors']);

  it('previews the next number as it will be printed', () => {
    expect(previewInvoiceNumber({ invoicePrefix: 'INV-', invoiceNextNumber: 42, invoiceNumberDigits: 6 })).toBe('INV-000042');
    expect(previewInvoiceNumber({ invoicePrefix: 'AJ/', invoiceNextNumber: 1234567, invoiceNumberDigits: 3 })).toBe('AJ/1234567');
    expect(previewInvoiceNumber({ invoicePrefix: 'X', invoiceNextNumber: '', invoiceNumberDigits: 6 })).toBeNull();
  });

  it('updates the preview while typing, refuses a lower next number, and saves', async () => {
    const server = fakeServer();
    renderWithProviders(
      <Suspense fallback={null}>
        <DocumentSettingsPage />
      </Suspense>,
    );
    await waitFor(() => expect(screen.getByTestId('invoice-number-preview').textContent).toBe('INV-000042'));
    fireEvent.change(screen.getByLabelText(/^Prefix/), { target: { value: 'aj-2026/' } });
    await waitFor(() => expect(screen.getByTestId('invoice-number-preview').textContent).toBe('AJ-2026/000042'));

    const next = screen.getByLabelText(/^Next number/);
    fireEvent.change(next, { target: { value: '7' } });
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('The next number cannot be lower than 42.')).toBeTruthy();
    expect(server.puts).toHaveLength(0);

    fireEvent.change(next, { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(/^Footer/), { target: { value: 'Thank you' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]).toEqual({
      invoicePrefix: 'AJ-2026/',
      invoiceNextNumber: 100,
      invoiceNumberDigits: 6,
      invoiceFooter: 'Thank you',
      payoutTimeZone: 'Europe/Istanbul',
    });
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();
  });
});
