import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAgencyLogo, useAgencyName } from '../../lib/public-settings.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';
import BrandingPage from './branding-page.tsx';

const PUBLIC = {
  agencyName: 'Yıldız Ajans',
  pageTitle: 'Yıldız Ajans',
  pageDescription: '',
  contactPhone: '',
  contactEmail: '',
  contactAddress: '',
  supportHours: '',
  referralsEnabled: true,
  logoUrl: null as string | null,
};

/** A fake server: the public settings follow what the admin saved or uploaded. */
function fakeServer() {
  let current = { ...PUBLIC };
  const calls: { method: string; url: string }[] = [];
  const admin = () => ({ ...current, commissionTiers: [], diamondValueMicros: 5000, updatedAt: '2026-02-01T10:00:00.000Z' });
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url === '/api/settings/public') return answer({ error: false, data: current });
      if (url === '/api/admin/settings' && method === 'PUT') {
        current = { ...current, ...(JSON.parse(String(init?.body)) as Partial<typeof PUBLIC>) };
        return answer({ error: false, message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED', data: admin() });
      }
      if (url === '/api/admin/settings/logo' && method === 'PUT') {
        current = { ...current, logoUrl: '/api/settings/logo?v=abcd1234' };
        return answer({ error: false, message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED', data: admin() });
      }
      if (url === '/api/admin/settings') return answer({ error: false, data: admin() });
      return new Response(JSON.stringify({ error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' }), { status: 404 });
    }),
  );
  return { calls, publicFetches: () => calls.filter((call) => call.url === '/api/settings/public').length };
}

/** Stands in for the app header: shows the public settings as the layout reads them. */
function HeaderProbe() {
  const name = useAgencyName();
  const logo = useAgencyLogo();
  return (
    <div data-testid="header">
      {name}|{logo ?? 'no logo'}
    </div>
  );
}

function renderPage() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <HeaderProbe />
      <BrandingPage />
    </Suspense>,
  );
}

describe('branding (/app/accounts/branding)', () => {
  setUpScreenTests(['settings', 'common', 'messages', 'errors']);

  it('fetches the public settings again after saving, so the header shows the new name without a reload', async () => {
    const server = fakeServer();
    renderPage();
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('Yıldız Ajans|no logo'));
    const input = (await screen.findByLabelText(/^Agency name/)) as HTMLInputElement;
    expect(server.publicFetches()).toBe(1);

    fireEvent.change(input, { target: { value: 'Ay Yıldız Ajans' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT' && call.url === '/api/admin/settings')).toBe(true));
    await waitFor(() => expect(server.publicFetches()).toBe(2));
    const put = server.calls.findIndex((call) => call.method === 'PUT');
    expect(server.calls.slice(put + 1).some((call) => call.url === '/api/settings/public')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('Ay Yıldız Ajans|no logo'));
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();
  });

  it('fetches the public settings again after a logo upload, so the header shows the logo', async () => {
    const server = fakeServer();
    const { container } = renderPage();
    await screen.findByLabelText(/^Agency name/);
    await waitFor(() => expect(server.publicFetches()).toBe(1));

    const fileInput = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(fileInput, { target: { files: [file] } });
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT' && call.url === '/api/admin/settings/logo')).toBe(true));
    await waitFor(() => expect(server.publicFetches()).toBe(2));
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe('Yıldız Ajans|/api/settings/logo?v=abcd1234'));
  });
});
