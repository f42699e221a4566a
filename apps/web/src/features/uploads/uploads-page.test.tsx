import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import UploadsPage from './uploads-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const csvFile = {
  format: 'csv',
  encoding: 'UTF-8',
  delimiter: ';',
  sheet: null,
  headerRow: 1,
  dataPeriod: null,
  figureKind: 'monthToDate',
  mappingSource: 'headers',
  dateOrder: null,
  dateOrderSource: null,
};
const noCounts = { new: 0, changed: 0, unchanged: 0, unknown: 0, missing: 0, zeroed: 0, quit: 0, duplicates: 0, approximate: 0 };

/** A report as `uploadReportSchema` describes it. */
function report(overrides: Record<string, unknown> = {}) {
  return {
    period: '2026-09',
    asOf: '2026-09-16',
    dryRun: true,
    file: csvFile,
    questions: [],
    missing: 'keep',
    rows: 2,
    imported: 2,
    created: 0,
    skipped: 0,
    counts: { ...noCounts, new: 2 },
    columns: {},
    warnings: [],
    errors: [],
    changes: [{ tiktokUsername: 'star.one', creatorId: 'c1', kind: 'new', before: null, after: { diamonds: 2980000, validDays: 21, liveSeconds: 3600 } }],
    uploadId: null,
    ...overrides,
  };
}

const committed = (overrides: Record<string, unknown> = {}) => ({
  status: 201,
  body: { error: false, message: 'File upload successfully', messageCode: 'FILE_UPLOADED', data: report({ dryRun: false, uploadId: 'u1', ...overrides }) },
});
const checked = (overrides: Record<string, unknown> = {}) => ({ status: 200, body: { error: false, data: report(overrides) } });

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

async function chooseFile(container: HTMLElement, name = 'data.csv', asOf = '2026-09-16') {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['Username,Diamonds\nstar.one,1\n'], name, { type: 'text/csv' })] } });
  // Typed as the app's language writes a day (24/11/2026 in English, 24.11.2026 in Turkish), not as ISO.
  const [year, month, day] = asOf.split('-');
  const typed = i18next.language === 'en' ? `${day}/${month}/${year}` : `${day}.${month}.${year}`;
  fireEvent.change(screen.getByLabelText(new RegExp(`^${i18next.t('uploads:form.asOf')}`)), { target: { value: typed } });
}

function renderPage() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <UploadsPage />
    </Suspense>,
  );
}

// Role queries compute the style of every element, slow with Mantine in jsdom: buttons are found by their text.
function button(label: string | RegExp): HTMLButtonElement {
  const element = screen.getByText(label).closest('button');
  if (!element) throw new Error(`No button ${String(label)}`);
  return element;
}
const isDisabled = (label: string) => button(label).disabled;

/** The multipart fields of a request, without the file. */
function fields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter(([name]) => name !== 'file').map(([name, value]) => [name, String(value)]));
}

describe('uploads page (/app/mydesk/uploadFile)', { timeout: 30_000 }, () => {
  setUpScreenTests(['uploads', 'common', 'messages', 'errors']);

  it('imports only after a clean check of the same file and date, with the default answers', async () => {
    const posts = fakeServer([checked(), committed()]);
    const { container } = renderPage();
    await chooseFile(container);
    expect(await screen.findByText('No file checked yet')).toBeTruthy();
    expect(isDisabled('Import')).toBe(true);

    fireEvent.click(button('Check file'));
    expect(await screen.findByText('@star.one')).toBeTruthy();
    // How the file was read.
    expect(screen.getByText('How the file was read')).toBeTruthy();
    expect(screen.getByText('Text file (.csv)')).toBeTruthy();
    expect(screen.getByText('Semicolon (;)')).toBeTruthy();
    expect(screen.getByText('Month to date')).toBeTruthy();
    expect(screen.getByText('Recognised by their headers')).toBeTruthy();
    expect(fields(posts[0]!)).toEqual({ asOf: '2026-09-16', dryRun: 'true', createUnknown: 'false', missing: 'keep', acceptWindow: 'false' });
    await waitFor(() => expect(isDisabled('Import')).toBe(false));

    fireEvent.click(button('Import'));
    expect(await screen.findByText('2 rows imported')).toBeTruthy();
    expect(fields(posts[1]!)).toEqual({ asOf: '2026-09-16', dryRun: 'false', createUnknown: 'false', missing: 'keep', acceptWindow: 'false' });
  });

  it('keeps Import closed until the period and window questions are answered, then sends the answers', async () => {
    const questions = [
      { kind: 'period', fileMonth: '2026-09', asOfMonth: '2026-10' },
      { kind: 'window', figureKind: 'rolling30', from: '2026-09-02', to: '2026-10-01' },
    ];
    const posts = fakeServer([
      checked({
        asOf: '2026-10-01',
        questions,
        file: { ...csvFile, figureKind: 'rolling30', dataPeriod: { from: '2026-09-02', to: '2026-10-01' } },
        counts: { ...noCounts, new: 2, missing: 3 },
      }),
      committed({ period: '2026-09' }),
    ]);
    const { container } = renderPage();
    await chooseFile(container, 'l30d.csv', '2026-10-01');
    fireEvent.click(button('Check file'));

    expect(await screen.findByText('Questions about this file')).toBeTruthy();
    expect(screen.getByText('The last 30 days (rolling)')).toBeTruthy();
    expect(screen.getByText(/The file's Data period is in September 2026, but the as-of date you chose is in October 2026/)).toBeTruthy();
    expect(screen.getByText('The file holds rolling figures of the last 30 days, not the figures of the calendar month.')).toBeTruthy();
    expect(screen.getByText('3 creators are not in this file')).toBeTruthy();
    // Nothing is preselected: the admin must choose the month.
    const september = screen.getByLabelText<HTMLInputElement>('Store under September 2026');
    const october = screen.getByLabelText<HTMLInputElement>('Store under October 2026');
    expect(september.checked || october.checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Keep their figures').checked).toBe(true);
    expect(isDisabled('Import')).toBe(true);
    expect(screen.getByText('Answer the questions about this file to import it.')).toBeTruthy();

    fireEvent.click(september);
    expect(isDisabled('Import')).toBe(true);
    fireEvent.click(screen.getByLabelText('Store them as the diamonds of September 2026'));
    fireEvent.click(screen.getByLabelText('Set their figures to zero'));
    await waitFor(() => expect(isDisabled('Import')).toBe(false));

    fireEvent.click(button('Import'));
    // The month has figures of creators missing from the file: the import asks first, and says what happens to them.
    expect(await screen.findByText('3 creators missing from the file are set to zero.')).toBeTruthy();
    fireEvent.click(button('Replace figures'));
    expect(await screen.findByText('2 rows imported')).toBeTruthy();
    expect(fields(posts[1]!)).toEqual({
      asOf: '2026-10-01',
      dryRun: 'false',
      createUnknown: 'false',
      missing: 'zero',
      acceptWindow: 'true',
      period: '2026-09',
    });
  });

  it('asks for the columns, checks again with the mapping JSON, and imports with the same mapping', async () => {
    const mappingQuestion = {
      kind: 'mapping',
      missing: ['username', 'diamonds'],
      columns: [
        { index: 0, header: 'Kanal', samples: ['star.one', 'moon.two', 'sun.three'] },
        { index: 1, header: 'Edelsteine', samples: ['1200', '3400', '56'] },
        { index: 2, header: 'Sendezeit', samples: ['2h 30m', '1h', ''] },
      ],
      suggested: { liveDuration: 2 },
    };
    const posts = fakeServer([
      checked({ questions: [mappingQuestion], rows: 0, imported: 0, counts: noCounts, changes: [], file: { ...csvFile, headerRow: 1 } }),
      checked({ rows: 3, imported: 3, file: { ...csvFile, mappingSource: 'admin' }, columns: { Kanal: 'username', Edelsteine: 'diamonds', Sendezeit: 'liveDuration' } }),
      committed(),
    ]);
    const { container } = renderPage();
    await chooseFile(container, 'kanal.csv');
    fireEvent.click(button('Check file'));

    expect(await screen.findByText('Which columns hold the figures?')).toBeTruthy();
    expect(screen.getByText('No rows can be read before the columns are chosen.')).toBeTruthy();
    const username = screen.getByLabelText<HTMLSelectElement>(/^Username/);
    const diamonds = screen.getByLabelText<HTMLSelectElement>(/^Diamonds/);
    // Each column with its first values; the server's suggestion is preselected.
    expect(within(username).getByText('Kanal — star.one, moon.two, sun.three')).toBeTruthy();
    expect(within(username).getByText('Sendezeit — 2h 30m, 1h')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>(/^LIVE duration/).value).toBe('2');
    expect(username.value).toBe('');
    expect(isDisabled('Import')).toBe(true);

    fireEvent.change(username, { target: { value: '0' } });
    fireEvent.change(diamonds, { target: { value: '0' } });
    expect(await screen.findByText('This column is already chosen for another field.')).toBeTruthy();
    fireEvent.change(diamonds, { target: { value: '1' } });
    expect(isDisabled('Import')).toBe(true);

    fireEvent.click(button('Check again'));
    expect(await screen.findByText('3 rows read with these columns.')).toBeTruthy();
    expect(JSON.parse(fields(posts[1]!).mapping!)).toEqual({ username: 0, diamonds: 1, liveDuration: 2 });
    expect(fields(posts[1]!).dryRun).toBe('true');
    expect(screen.getByText('Read with the columns you chose')).toBeTruthy();
    expect(screen.getByText('Kanal → Username, Edelsteine → Diamonds, Sendezeit → LIVE duration')).toBeTruthy();
    await waitFor(() => expect(isDisabled('Import')).toBe(false));

    // Another column after the check closes Import until the file is checked again.
    fireEvent.change(screen.getByLabelText<HTMLSelectElement>(/^LIVE duration/), { target: { value: '' } });
    expect(isDisabled('Import')).toBe(true);
    expect(screen.getByText('Check the file again with the columns you chose to see the rows read with them.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText<HTMLSelectElement>(/^LIVE duration/), { target: { value: '2' } });
    await waitFor(() => expect(isDisabled('Import')).toBe(false));

    fireEvent.click(button('Import'));
    expect(await screen.findByText('2 rows imported')).toBeTruthy();
    expect(fields(posts[2]!).dryRun).toBe('false');
    expect(fields(posts[2]!).mapping).toBe(fields(posts[1]!).mapping);
  });

  it('starts over when another file is chosen', async () => {
    fakeServer([checked({ questions: [{ kind: 'period', fileMonth: '2026-08', asOfMonth: '2026-09' }] })]);
    const { container } = renderPage();
    await chooseFile(container);
    fireEvent.click(button('Check file'));
    fireEvent.click(await screen.findByLabelText('Store under August 2026'));
    await waitFor(() => expect(isDisabled('Import')).toBe(false));

    await chooseFile(container, 'other.csv');
    await waitFor(() => expect(screen.queryByText('Questions about this file')).toBeNull());
    expect(screen.queryByText('@star.one')).toBeNull();
    expect(isDisabled('Import')).toBe(true);
  });

  it('shows the questions again when an import answers UPLOAD_NEEDS_ANSWERS', async () => {
    const posts = fakeServer([
      checked(),
      {
        status: 422,
        body: {
          error: true,
          code: 'UPLOAD_NEEDS_ANSWERS',
          message: 'Check the file first and answer its questions; nothing was imported',
          data: report({ dryRun: false, questions: [{ kind: 'window', figureKind: 'selectedPeriod', from: null, to: null }] }),
        },
      },
      committed(),
    ]);
    const { container } = renderPage();
    await chooseFile(container);
    fireEvent.click(button('Check file'));
    await waitFor(() => expect(isDisabled('Import')).toBe(false));
    fireEvent.click(button('Import'));
    expect(await screen.findByText('Check the file first and answer its questions; nothing was imported.')).toBeTruthy();
    expect(screen.getByText('The file holds the figures of a selected period, not the figures of the calendar month.')).toBeTruthy();
    expect(isDisabled('Import')).toBe(true);
    fireEvent.click(screen.getByLabelText('Store them as the diamonds of September 2026'));
    await waitFor(() => expect(isDisabled('Import')).toBe(false));
    fireEvent.click(button('Import'));
    expect(await screen.findByText('2 rows imported')).toBeTruthy();
    expect(fields(posts[2]!).acceptWindow).toBe('true');
  });

  it('translates row errors and warnings from their codes and parameters, in English and in Turkish', async () => {
    const refused = () => ({
      status: 422,
      body: {
        error: true,
        code: 'UPLOAD_INVALID',
        message: 'The file has errors; nothing was imported',
        details: [],
        data: report({
          errors: [
            { row: 3, column: 'Diamonds', code: 'notANumber', params: { value: 'lots' } },
            { row: 0, column: null, code: 'moreErrors', params: { count: 1200 } },
          ],
          warnings: [
            { row: 4, kind: 'unknownUsername', tiktokUsername: 'new.face', params: { created: false } },
            { row: 5, kind: 'unknownUsername', tiktokUsername: 'other.face', params: { created: false } },
            { row: 9, kind: 'blankRows', tiktokUsername: null, params: { count: 3 } },
            { row: 7, kind: 'approximateValue', tiktokUsername: 'big.star', params: { column: 'Diamonds', value: '2.98M', read: 2980000 } },
          ],
        }),
      },
    });
    fakeServer([refused(), refused()]);
    const { container } = renderPage();
    await chooseFile(container);
    fireEvent.click(button('Check file'));
    expect(await screen.findByText('"lots" is not a number.')).toBeTruthy();
    expect(screen.getByText('1,200 more errors are not listed.')).toBeTruthy();
    expect(screen.getByText('2 errors: nothing can be imported')).toBeTruthy();
    expect(screen.getByText('4 warnings')).toBeTruthy();
    expect(screen.getByText('2 unknown usernames')).toBeTruthy();
    expect(screen.getAllByText('Not a creator of the agency: skipped.')).toHaveLength(2);
    expect(screen.getByText('3 blank rows: skipped.')).toBeTruthy();
    expect(screen.getByText('A rounded figure in Diamonds: "2.98M" is stored as 2,980,000.')).toBeTruthy();
    expect(screen.getByText('The file has errors; nothing was imported.')).toBeTruthy();
    expect(isDisabled('Import')).toBe(true);

    await act(async () => {
      await changeLanguage('tr');
      await i18next.loadNamespaces(['uploads', 'common', 'errors']);
    });
    onTestFinished(() => changeLanguage('en'));
    expect(await screen.findByText('"lots" bir sayı değil.')).toBeTruthy();
    expect(screen.getByText('1.200 hata daha listelenmedi.')).toBeTruthy();
    expect(screen.getByText('2 bilinmeyen kullanıcı adı')).toBeTruthy();
    expect(screen.getAllByText('Ajansın yayıncısı değil: atlandı.')).toHaveLength(2);
    expect(screen.getByText('3 boş satır: atlandı.')).toBeTruthy();
    expect(screen.getByText('Diamonds sütununda yuvarlanmış bir değer: "2.98M", 2.980.000 olarak kaydedilir.')).toBeTruthy();
  });

  it('says the storage is full when the import answers 507 STORAGE_FULL', async () => {
    fakeServer([checked(), { status: 507, body: { error: true, code: 'STORAGE_FULL', message: 'The file could not be saved: the storage is full.' } }]);
    const { container } = renderPage();
    await chooseFile(container);
    fireEvent.click(button('Check file'));
    await waitFor(() => expect(isDisabled('Import')).toBe(false));
    fireEvent.click(button('Import'));
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
    renderPage();
    const download = await screen.findByRole('button', { name: 'Download Eylül.csv' });
    expect(screen.getByText('old.csv')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download old.csv' })).toBeNull();
    fireEvent.click(download);
    await waitFor(() => expect(clicked).toEqual(['Eylül.csv']));
    expect(vi.mocked(fetch).mock.calls.some(([input]) => String(input) === '/api/admin/uploads/u-new/file')).toBe(true);
  });
});
