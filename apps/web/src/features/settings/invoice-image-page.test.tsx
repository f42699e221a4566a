import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';
import StampPage from './stamp-page.tsx';

const SETTINGS = {
  agencyName: 'Yıldız Ajans',
  logoUrl: null,
  commissionTiers: [],
  invoicePrefix: 'INV-',
  invoiceNextNumber: 1,
  invoiceNumberDigits: 6,
  invoiceFooter: '',
  payoutTimeZone: null,
  darkAfterDays: 3,
  stampUrl: null as string | null,
  signatureUrl: null,
  updatedAt: '2026-02-01T10:00:00.000Z',
};

function fakeServer() {
  let current = { ...SETTINGS };
  const calls: { method: string; url: string; token: string | null }[] = [];
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const saved = () => answer({ error: false, message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED', data: current });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:stamp', revokeObjectURL: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, token: new Headers(init?.headers).get('accesstoken') });
      if (url === '/api/admin/settings/stamp' && method === 'PUT') {
        current = { ...current, stampUrl: '/api/admin/settings/stamp?v=abcd1234' };
        return saved();
      }
      if (url === '/api/admin/settings/stamp' && method === 'DELETE') {
        current = { ...current, stampUrl: null };
        return saved();
      }
      if (url.startsWith('/api/admin/settings/stamp?v=')) return new Response(new Blob([new Uint8Array([0x89, 0x50])]), { status: 200 });
      if (url === '/api/admin/settings') return answer({ error: false, data: current });
      return new Response(JSON.stringify({ error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' }), { status: 404 });
    }),
  );
  return { calls };
}

describe('invoice stamp (/app/accounts/stamp)', () => {
  setUpScreenTests(['settings', 'common', 'messages', 'errors']);

  it('uploads a stamp, shows its preview, and removes it only after the confirmation', async () => {
    const server = fakeServer();
    const { container } = renderWithProviders(
      <Suspense fallback={null}>
        <StampPage />
      </Suspense>,
    );
    expect(await screen.findByText(/No stamp yet/)).toBeTruthy();

    const svg = new File(['<svg/>'], 'stamp.svg', { type: 'image/svg+xml' });
    fireEvent.change(container.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [svg] } });
    expect(await screen.findByText('Please choose a PNG or JPG image.')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'stamp.png', { type: 'image/png' });
    fireEvent.change(container.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [png] } });
    expect(await screen.findByAltText('Agency stamp')).toBeTruthy();
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();

    fireEvent.click(screen.getByText('Remove').closest('button')!);
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByText('Yes, continue').closest('button')!);
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE' && call.url === '/api/admin/settings/stamp')).toBe(true));
    expect(await screen.findByText(/No stamp yet/)).toBeTruthy();
  });
});
