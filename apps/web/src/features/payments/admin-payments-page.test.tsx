import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import AdminPaymentsPage from './admin-payments-page.tsx';

function payment(id: string, firstName: string, status: string) {
  return {
    id,
    memberId: `m-${id}`,
    member: { uid: `m-${id}`, firstName, lastName: 'Test' },
    amountCents: 12000,
    grossCents: 12500,
    deductionsCents: 500,
    periods: ['2026-02'],
    status,
    kind: 'request',
    runPeriod: null,
    notes: null,
    reason: null,
    invoicePreference: 'default',
    invoiceNumber: null,
    createdAt: '2026-03-10T10:00:00Z',
    updatedAt: '2026-03-10T10:00:00Z',
    paidAt: null,
  };
}

const PAYMENTS = [
  payment('p1', 'Pending', 'Pending'),
  payment('p2', 'Waiting', 'Waiting Approval'),
  payment('p3', 'Approved', 'Approved'),
  payment('p4', 'Paid', 'Paid'),
  payment('p5', 'Registration', 'Pending Registration'),
];

function actionsOf(firstName: string): string[] {
  const row = screen.getByText(`${firstName} Test`).closest('tr')!;
  return within(row)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
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

describe('admin payments page (/app/mydesk/transaction)', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['payments', 'common', 'messages', 'errors']);
  });
  afterEach(() => {
    act(() => {
      notifications.clean();
      notifications.cleanQueue();
    });
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers only the moves the state machine allows from each status', async () => {
    fakeApi({ 'GET /api/admin/payments': ok({ items: PAYMENTS, total: 5, page: 1, pageSize: 20 }) });
    renderPage();
    await screen.findByText('Pending Test');
    expect(actionsOf('Pending')).toEqual(['Approve', 'Reject', 'Invoice']);
    expect(actionsOf('Waiting')).toEqual(['Approve', 'Reject', 'Invoice']);
    expect(actionsOf('Approved')).toEqual(['Mark paid', 'Mark unpaid', 'Invoice']);
    expect(actionsOf('Paid')).toEqual(['Invoice']);
    expect(actionsOf('Registration')).toEqual(['Reject', 'Invoice']);
  });

  it('refuses a rejection reason shorter than 10 characters, then rejects with the reason', async () => {
    const calls = fakeApi({
      'GET /api/admin/payments': ok({ items: PAYMENTS, total: 5, page: 1, pageSize: 20 }),
      'POST /api/admin/payments/p1/reject': ok(payment('p1', 'Pending', 'Rejected'), { message: 'Payment status Rejected successfully', messageCode: 'PAYMENT_REJECTED' }),
    });
    renderPage();
    await screen.findByText('Pending Test');
    const row = screen.getByText('Pending Test').closest('tr')!;
    fireEvent.click(within(row).getByText('Reject').closest('button')!);
    expect(await screen.findByText('Reject this payment?')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    const reason = within(dialog).getByLabelText(/^Reason/);

    fireEvent.change(reason, { target: { value: 'Too short' } });
    fireEvent.click(within(dialog).getByText('Reject').closest('button')!);
    expect(await screen.findByText('Please enter a cancel reason with at least 10 characters')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(reason, { target: { value: 'Bank details do not match' } });
    fireEvent.click(within(dialog).getByText('Reject').closest('button')!);
    expect(await screen.findByText('Payment status Rejected successfully')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
        ['/api/admin/payments/p1/reject', { reason: 'Bank details do not match' }],
      ]),
    );
  });

  it('asks before processing the automatic payments and shows what the run did', async () => {
    const calls = fakeApi({
      'GET /api/admin/payments': ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      'POST /api/admin/payments/auto-run': ok({ period: '2026-03', created: 3, skipped: 2, existing: 1, pendingRegistration: 1, totalCents: 45000 }),
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
    const run = (id: string, status: string, completedBy: string | null, created: number) => ({
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
      'GET /api/admin/payments': ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/admin/payments/runs': () => ok(runs),
      'POST /api/admin/payments/auto-run': () => {
        runs = [run('r2', 'finished', null, 12), run('r1', 'interrupted', 'r2', 8249)];
        return ok({ period: '2026-03', created: 12, skipped: 0, existing: 8249, pendingRegistration: 0, totalCents: 120000 });
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
