import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../lib/testing/setup-dom.ts';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import DataExportPage from './data-export-page.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18next.loadNamespaces(['activity', 'common', 'errors']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function button(label: string): HTMLButtonElement {
  return screen.getByText(label).closest('button')!;
}

describe('data export page', () => {
  it('says what each download holds and downloads the workbook and the backup with the session token', async () => {
    await changeLanguage('en');
    localStorage.setItem('accessToken', 'token-1');
    localStorage.setItem('role', 'admin');
    localStorage.setItem('userInfo', JSON.stringify({ uid: 'a1' }));
    const asked: { url: string; token: string | null }[] = [];
    let release: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        asked.push({ url: String(input), token: new Headers(init?.headers).get('accesstoken') });
        await new Promise<void>((resolve) => (release = resolve));
        return new Response('file', { status: 200, headers: { 'content-disposition': 'attachment; filename="agency-export.xlsx"' } });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    renderWithProviders(<DataExportPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Data export' })).toBeTruthy();
    expect(screen.getByText(/One sheet per table: members, creators, monthly figures, payments and deductions/)).toBeTruthy();
    expect(screen.getByText(/keep it as secret as the database itself/)).toBeTruthy();

    fireEvent.click(button('Download Excel workbook'));
    // While one file is on its way, the other button waits.
    await waitFor(() => expect(button('Download full backup').disabled).toBe(true));
    release();
    await waitFor(() => expect(button('Download full backup').disabled).toBe(false));
    fireEvent.click(button('Download full backup'));
    await waitFor(() => expect(asked).toHaveLength(2));
    release();
    expect(asked).toEqual([
      { url: '/api/admin/export.xlsx', token: 'token-1' },
      { url: '/api/admin/backup', token: 'token-1' },
    ]);
  });

  it('is in German when the app is', async () => {
    await changeLanguage('de');
    renderWithProviders(<DataExportPage />);
    expect(screen.getByText('Datenexport')).toBeTruthy();
    expect(screen.getByText('Vollständige Sicherung')).toBeTruthy();
    await changeLanguage('tr');
  });
});
