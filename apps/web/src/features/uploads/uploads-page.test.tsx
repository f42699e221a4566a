import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import UploadsPage from './uploads-page.tsx';

function report(overrides: Record<string, unknown> = {}) {
  return {
    period: '2026-09',
    asOf: '2026-09-16',
    dryRun: true,
    rows: 2,
    imported: 2,
    created: 0,
    skipped: 0,
    counts: { new: 2, changed: 0, unchanged: 0, unknown: 0, missing: 0 },
    columns: {},
    warnings: [],
    errors: [],
    changes: [{ tiktokUsername: 'star.one', creatorId: 'c1', kind: 'new', before: null, after: { diamonds: 2980000, validDays: 21, liveSeconds: 3600 } }],
    uploadId: null,
    ...overrides,
  };
}

/** A fake server; `answers` are the POST answers in order. */
function fakeServer(answers: { status: number; body: unknown }[], history: unknown[] = []) {
  const posts: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/admin/uploads?')) return json(200, { error: false, data: { items: history, total: history.length, page: 1, pageSize: 10 } });
      if (/^\/api\/admin\/uploads\/[^/]+\/file$/.test(url)) {
        return new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="Eyl_l.csv"; filename*=UTF-8''Eyl%C3%BCl.csv` } });
      }
      if (url === '/api/admin/uploads' && init?.method === 'POST') {
        posts.push(init.body as FormData);
        const answer = answers.shift()!;
        return json(answer.status, answer.body);
      }
      return json(404, { error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
    }),
  );
  return posts;
}

async function chooseFile(container: HTMLElement) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['Username,Diamonds\nstar.one,1\n'], 'data.csv', { type: 'text/csv' })] } });
  fireEvent.change(await screen.findByLabelText(/^As-of date/), { target: { value: '2026-09-16' } });
}

describe('uploads page (/app/mydesk/uploadFile)', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['uploads', 'common', 'messages', 'errors']);
  });
  afterEach(() => {
    act(() => {
      notifications.clean();
      notifications.cleanQueue();
    });
    cleanup();
    vi.unstubAllGlobals();
  });

  it('imports only after a clean check of the same file and date', async () => {
    const posts = fakeServer([
      { status: 200, body: { error: false, data: report() } },
      { status: 201, body: { error: false, message: 'File upload successfully', messageCode: 'FILE_UPLOADED', data: report({ dryRun: false, uploadId: 'u1' }) } },
    ]);
    const { container } = renderWithProviders(<Suspense fallback={null}><UploadsPage /></Suspense>);
    await chooseFile(container);
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('@star.one')).toBeTruthy();
    expect(posts[0]!.get('dryRun')).toBe('true');
    expect(posts[0]!.get('asOf')).toBe('2026-09-16');
    await waitFor(() => expect(importButton.hasAttribute('disabled')).toBe(false));

    fireEvent.click(importButton);
    expect(await screen.findByText('File upload successfully')).toBeTruthy();
    expect(posts[1]!.get('dryRun')).toBe('false');
  });

  it('shows the row errors of a refused file and keeps the import closed', async () => {
    fakeServer([
      {
        status: 422,
        body: {
          error: true,
          code: 'UPLOAD_INVALID',
          message: 'The file has errors; nothing was imported',
          details: [],
          data: report({ errors: [{ row: 3, column: 'Diamonds', message: 'Not a number: "lots"' }] }),
        },
      },
    ]);
    const { container } = renderWithProviders(<Suspense fallback={null}><UploadsPage /></Suspense>);
    await chooseFile(container);
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Not a number: "lots"')).toBeTruthy();
    expect(screen.getByText('The file has errors; nothing was imported.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
  });

  it('says the storage is full when the import answers 507 STORAGE_FULL', async () => {
    fakeServer([
      { status: 200, body: { error: false, data: report() } },
      { status: 507, body: { error: true, code: 'STORAGE_FULL', message: 'The file could not be saved: the storage is full.' } },
    ]);
    const { container } = renderWithProviders(<Suspense fallback={null}><UploadsPage /></Suspense>);
    await chooseFile(container);
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/the storage is full\. Nothing was changed/)).toBeTruthy();
  });

  it('offers the original file of an upload that kept one as a download under its own name', async () => {
    const item = (id: string, fileName: string, hasFile: boolean) => ({
      id, fileName, hasFile, period: '2026-09', asOf: '2026-09-16', rows: 1, imported: 1, created: 0, skipped: 0, missing: 0, sizeBytes: 4,
      uploadedBy: null, createdAt: '2026-09-16T10:00:00.000Z',
    });
    fakeServer([], [item('u-new', 'Eylül.csv', true), item('u-old', 'old.csv', false)]);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    // jsdom has no object URLs: these two are put back below.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      vi.restoreAllMocks();
    });
    renderWithProviders(<Suspense fallback={null}><UploadsPage /></Suspense>);
    const button = await screen.findByRole('button', { name: 'Download Eylül.csv' });
    expect(screen.getByText('old.csv')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download old.csv' })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(clicked).toEqual(['Eylül.csv']));
    expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input) === '/api/admin/uploads/u-new/file')).toBe(true);
  });
});
