import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AutoRunResult, Payment, PaymentBank, PaymentBatchResult, PaymentStatus, PayoutRun } from '@agency/shared';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { aPage, aPayment, aPaymentBank, aPayoutRun } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import AdminPaymentsPage from './admin-payments-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

/** A payment of the admin list: the member `<firstName> Test`, their bank details and the statement of a $125.00 request. */
function payment(id: string, firstName: string, status: PaymentStatus, amountCents = 12000, bankStatus: PaymentBank['bankStatus'] = 'Verified'): Payment {
  return aPayment({
    id,
    member: { uid: `m-${id}`, firstName, lastName: 'Test' },
    bank: aPaymentBank({ holderName: `${firstName} Holder`, bankName: 'Ziraat', iban: 'TR330006100519786457841326', bankStatus }),
    amountCents,
    grossCents: 12500,
    deductionsCents: 500,
    periods: ['2026-02'],
    status,
  });
}

const PAYMENTS = [
  payment('p1', 'Pending', 'Pending'),
  payment('p2', 'Waiting', 'Waiting Approval'),
  payment('p3', 'Approved', 'Approved'),
  payment('p4', 'Paid', 'Paid'),
  payment('p5', 'Registration', 'Pending Registration'),
];

/** Dialogs and toasts come from a lazily loaded host: slower than a second on a busy machine. */
const SLOW = { timeout: 5_000 };

function dialogOf(element: HTMLElement): HTMLElement {
  return element.closest<HTMLElement>('[role="dialog"]')!;
}

/** Opens the row's menu of `firstName` (role queries are slow in jsdom: the menu is found by its role attribute). */
async function openMenu(firstName: string): Promise<HTMLElement> {
  const row = screen.getByText(`${firstName} Test`).closest('tr')!;
  fireEvent.click(within(row).getByLabelText(`Actions: ${firstName} Test`));
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('[role="menu"]');
    if (!menu) throw new Error('no menu open');
    return menu;
  });
}

function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}

/** Opens the row's menu and reads its items (then closes it). */
async function actionsOf(firstName: string): Promise<string[]> {
  const menu = await openMenu(firstName);
  const items = menuItems(menu).map((item) => item.textContent ?? '');
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(document.querySelector('[role="menu"]')).toBeNull());
  return items;
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter>
      <Suspense fallback={null}>
        <AdminPaymentsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

// The screen renders many Mantine parts: on a busy machine a test takes more than vitest's 5 s.
describe('admin payments page (/app/mydesk/transaction)', { timeout: 30_000 }, () => {
  setUpScreenTests(['payments', 'common', 'messages', 'errors']);

  it('offers only the moves the state machine allows from each status', async () => {
    fakeApi({ 'GET /api/admin/payments': ok(aPage(PAYMENTS)) });
    renderPage();
    await screen.findByText('Pending Test', undefined, SLOW);
    expect(await actionsOf('Pending')).toEqual(['Details', 'Approve', 'Reject', 'Download invoice']);
    expect(await actionsOf('Waiting')).toEqual(['Details', 'Approve', 'Reject', 'Download invoice']);
    expect(await actionsOf('Approved')).toEqual(['Details', 'Mark as paid', 'Mark as unpaid', 'Download invoice']);
    expect(await actionsOf('Paid')).toEqual(['Details', 'Download invoice']);
    expect(await actionsOf('Registration')).toEqual(['Details', 'Reject', 'Download invoice']);
  });

  it('refuses a rejection reason shorter than 10 characters, then rejects with the reason', async () => {
    const calls = fakeApi({
      'GET /api/admin/payments': ok(aPage(PAYMENTS)),
      'POST /api/admin/payments/p1/reject': ok(payment('p1', 'Pending', 'Rejected'), { message: 'Payment status Rejected successfully', messageCode: 'PAYMENT_REJECTED' }),
    });
    renderPage();
    await screen.findByText('Pending Test', undefined, SLOW);
    fireEvent.click(menuItems(await openMenu('Pending')).find((item) => item.textContent === 'Reject')!);
    expect(await screen.findByText('Reject this payment?', undefined, SLOW)).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    const reason = within(dialog).getByLabelText(/^Reason/);

    fireEvent.change(reason, { target: { value: 'Too short' } });
    fireEvent.click(within(dialog).getByText('Reject').closest('button')!);
    expect(await screen.findByText('Please enter a cancel reason with at least 10 characters')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(reason, { target: { value: 'Bank details do not match' } });
    fireEvent.click(within(dialog).getByText('Reject').closest('button')!);
    expect(await screen.findByText('Payment status Rejected successfully', undefined, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
        ['/api/admin/payments/p1/reject', { reason: 'Bank details do not match' }],
      ]),
    );
  });

  it('shows where each payment goes: the account holder, the bank and the full IBAN in groups of four', async () => {
    fakeApi({
      'GET /api/admin/payments': ok(
        aPage([payment('p3', 'Approved', 'Approved'), payment('p6', 'Changed', 'Approved', 9000, 'Not Verified'), aPayment({ ...payment('p7', 'Nobank', 'Pending'), bank: null })]),
      ),
    });
    renderPage();
    const row = (await screen.findByText('Approved Test', undefined, SLOW)).closest('tr')!;
    expect(within(row).getByText('Approved Holder')).toBeTruthy();
    expect(within(row).getByText('Ziraat')).toBeTruthy();
    expect(within(row).getByText('TR33 0006 1005 1978 6457 8413 26')).toBeTruthy();
    // Only an approved payment with verified bank details can be chosen for the bank.
    expect(within(row).getByLabelText('Select payment: Approved Test')).toBeTruthy();
    const changed = screen.getByText('Changed Test').closest('tr')!;
    expect(within(changed).getByText('Not Verified')).toBeTruthy();
    expect(within(changed).queryByLabelText('Select payment: Changed Test')).toBeNull();
    const nobank = screen.getByText('Nobank Test').closest('tr')!;
    expect(within(nobank).getByText('No bank details')).toBeTruthy();
  });

  it('chooses approved payments, shows their count and total, downloads the transfer list and marks them paid after a confirmation', async () => {
    let items = [
      payment('p1', 'Pending', 'Pending', 1000),
      payment('a1', 'Ada', 'Approved', 12_345),
      payment('a2', 'Bob', 'Approved', 6_789),
      payment('a3', 'Eve', 'Approved', 5_001),
    ];
    const calls = fakeApi({
      'GET /api/admin/payments': () => ok({ items, total: items.length, page: 1, pageSize: 20 }),
      'POST /api/admin/payments/transfer-list': { body: 'file' },
      'POST /api/admin/payments/paid': (call) => {
        const ids = (call.body as { ids: string[] }).ids;
        items = items.map((item) => (ids.includes(item.id) ? aPayment({ ...item, status: 'Paid' }) : item));
        const paid = items.filter((item) => ids.includes(item.id));
        return ok({ count: paid.length, totalCents: paid.reduce((sum, item) => sum + item.amountCents, 0), payments: paid } satisfies PaymentBatchResult, { message: 'Payments marked as paid', messageCode: 'PAYMENTS_PAID' });
      },
    });
    // The browser's saving of the file: jsdom has no object URLs and no downloads.
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:transfer-list';
    URL.revokeObjectURL = () => {};
    renderPage();
    await screen.findByText('Ada Test', undefined, SLOW);
    expect(screen.getByText('Select approved payments to download the transfer list for the bank, then mark them as paid.')).toBeTruthy();
    expect(screen.queryByLabelText('Select payment: Pending Test')).toBeNull();

    fireEvent.click(screen.getByLabelText('Select payment: Ada Test'));
    fireEvent.click(screen.getByLabelText('Select payment: Eve Test'));
    expect(screen.getByText('2 payments selected, total $173.46')).toBeTruthy();
    const all = screen.getByLabelText<HTMLInputElement>('Select all approved payments on this page');
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    // 123.45 + 67.89 + 50.01, added in cents.
    expect(screen.getByText('3 payments selected, total $241.35')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select payment: Bob Test'));
    expect(screen.getByText('2 payments selected, total $173.46')).toBeTruthy();
    fireEvent.click(all);
    expect(screen.getByText('3 payments selected, total $241.35')).toBeTruthy();

    fireEvent.click(screen.getByText('Download transfer list').closest('button')!);
    fireEvent.click(await screen.findByText('Excel (.xlsx)', undefined, SLOW));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/admin/payments/transfer-list', { ids: ['a1', 'a3', 'a2'], format: 'xlsx' }],
    ]);

    // Cancelling the confirmation changes nothing.
    fireEvent.click(screen.getByText('Mark as paid').closest('button')!);
    let dialog = dialogOf(await screen.findByText('Mark 3 payments as paid?', undefined, SLOW));
    expect(within(dialog).getByText('Confirm that the bank transfers are done: $241.35 in total. Each member is notified. This cannot be undone.')).toBeTruthy();
    expect(within(dialog).getByText('Ada Holder')).toBeTruthy();
    expect(within(dialog).getByText('$123.45')).toBeTruthy();
    expect(within(dialog).getByText('Eve Holder')).toBeTruthy();
    expect(within(dialog).getByText('Bob Holder')).toBeTruthy();
    expect(within(dialog).getByText('$241.35')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Cancel').closest('button')!);
    await waitFor(() => expect(screen.queryByText('Mark 3 payments as paid?')).toBeNull());
    expect(calls.filter((call) => call.url === '/api/admin/payments/paid')).toEqual([]);

    fireEvent.click(screen.getByText('Mark as paid').closest('button')!);
    dialog = dialogOf(await screen.findByText('Mark 3 payments as paid?', undefined, SLOW));
    fireEvent.click(within(dialog).getByText('Mark as paid').closest('button')!);
    expect(await screen.findByText('Payments marked as paid', undefined, SLOW)).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/admin/payments/paid').map((call) => call.body)).toEqual([{ ids: ['a1', 'a3', 'a2'] }]);
    // Paid now: nothing is chosen any more, and nothing can be.
    await waitFor(() => expect(screen.queryByText(/payments? selected/)).toBeNull());
    expect(screen.queryByLabelText('Select payment: Ada Test')).toBeNull();
    saved.mockRestore();
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });

  it('a refused batch takes the payments someone else changed out of the choice', async () => {
    fakeApi({
      'GET /api/admin/payments': ok(aPage([payment('a1', 'Ada', 'Approved', 10_000), payment('a2', 'Bob', 'Approved', 20_000)])),
      'POST /api/admin/payments/paid': {
        status: 409,
        body: { error: true, code: 'PAYMENTS_NOT_APPROVED', message: 'Only approved payments can be paid; nothing was done', details: [{ path: 'a2', message: 'The payment is Paid' }] },
      },
    });
    renderPage();
    await screen.findByText('Ada Test', undefined, SLOW);
    fireEvent.click(screen.getByLabelText('Select all approved payments on this page'));
    expect(screen.getByText('2 payments selected, total $300.00')).toBeTruthy();
    fireEvent.click(screen.getByText('Mark as paid').closest('button')!);
    fireEvent.click(within(dialogOf(await screen.findByText('Mark 2 payments as paid?', undefined, SLOW))).getByText('Mark as paid').closest('button')!);
    expect(await screen.findByText('Only approved payments can be on a transfer list or be marked as paid together. Nothing was done; reload the list.', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('1 payment selected, total $100.00')).toBeTruthy();
  });

  it('on a phone: one card per payment with the amount and the status on top', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    fakeApi({ 'GET /api/admin/payments': ok(aPage([payment('a1', 'Ada', 'Approved', 12_345)])) });
    renderPage();
    const card = (await screen.findByText('Ada Test', undefined, SLOW)).closest('article')!;
    expect(document.querySelector('table')).toBeNull();
    const texts = [...card.querySelectorAll('p, span, a')].map((node) => node.textContent).filter((text) => text && /\$123\.45|Approved|Ada Test|TR33/.test(text));
    expect(texts.slice(0, 2).sort()).toEqual(['$123.45', 'Approved']);
    expect(within(card).getByText('TR33 0006 1005 1978 6457 8413 26')).toBeTruthy();
    fireEvent.click(within(card).getByLabelText('Select payment: Ada Test'));
    expect(screen.getByText('1 payment selected, total $123.45')).toBeTruthy();
  });

  it('asks before processing the automatic payments and shows what the run did', async () => {
    const calls = fakeApi({
      'GET /api/admin/payments': ok(aPage([])),
      'POST /api/admin/payments/auto-run': ok({ period: '2026-03', created: 3, skipped: 2, existing: 1, pendingRegistration: 1, totalCents: 45000 } satisfies AutoRunResult),
    });
    renderPage();
    await act(async () => fireEvent.click(await screen.findByText('Process all automatic payments')));
    expect(await screen.findByText('Process all automatic payments now?')).toBeTruthy();
    fireEvent.click(screen.getByText('Process payments').closest('button')!);
    expect(await screen.findByText(/Created: 3 · skipped \(below the minimum\): 2/)).toBeTruthy();
    expect(screen.getByText(/total: \$450\.00/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows an interrupted automatic run until a later run completes it (docs/decisions/014)', async () => {
    const run = (id: string, status: PayoutRun['status'], completedBy: string | null, created: number) =>
      aPayoutRun({
        id,
        period: '2026-03',
        trigger: 'schedule',
        status,
        startedAt: '2026-03-15T00:05:00Z',
        finishedAt: status === 'finished' ? '2026-03-15T00:06:00Z' : null,
        interruptedAt: status === 'interrupted' ? '2026-03-15T08:00:00Z' : null,
        created,
        skipped: 0,
        existing: 0,
        pendingRegistration: 0,
        totalCents: created * 10000,
        completedBy,
      });
    let runs = [run('r1', 'interrupted', null, 8249)];
    fakeApi({
      'GET /api/admin/payments': ok(aPage([])),
      'GET /api/admin/payments/runs': () => ok(runs),
      'POST /api/admin/payments/auto-run': () => {
        runs = [run('r2', 'finished', null, 12), run('r1', 'interrupted', 'r2', 8249)];
        return ok({ period: '2026-03', created: 12, skipped: 0, existing: 8249, pendingRegistration: 0, totalCents: 120000 } satisfies AutoRunResult);
      },
    });
    renderPage();
    expect(await screen.findByText('The automatic run for 2026-03 was interrupted')).toBeTruthy();
    expect(screen.getByText(/It created 8,249 payments \(\$824,900\.00\)/)).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Latest automatic runs' })).getByText('Interrupted')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByText('Process all automatic payments')));
    fireEvent.click((await screen.findByText('Process payments')).closest('button')!);
    expect(await screen.findByText('Interrupted, completed later')).toBeTruthy();
    expect(screen.queryByText('The automatic run for 2026-03 was interrupted')).toBeNull();
    expect(screen.getByText('Finished')).toBeTruthy();
  });
});
