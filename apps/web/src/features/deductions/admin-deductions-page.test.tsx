import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import AdminDeductionsPage from './admin-deductions-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const ADA = 'a0000000-0000-4000-8000-000000000001';
const BOB = 'b0000000-0000-4000-8000-000000000002';

function deduction(id: string, memberId: string, firstName: string, amountCents: number, paymentId: string | null = null, reason: string | null = 'Equipment') {
  return { id, memberId, member: { uid: memberId, firstName, lastName: 'Test' }, amountCents, reason, createdAt: '2026-03-10T10:00:00Z', paymentId };
}

const MEMBERS = [
  { uid: ADA, firstName: 'Ada', lastName: 'Test' },
  { uid: BOB, firstName: 'Bob', lastName: 'Test' },
];

/** Dialogs and toasts come from a lazily loaded host: slower than a second on a busy machine. */
const SLOW = { timeout: 5_000 };

function dialogOf(element: HTMLElement): HTMLElement {
  return element.closest<HTMLElement>('[role="dialog"]')!;
}

/** The list's row of a member (the member picker's options carry the same names). */
function rowOf(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen.queryAllByText(name).find((element) => element.closest('tr'))?.closest('tr');
    if (!row) throw new Error(`no row of ${name}`);
    return row;
  }, SLOW);
}

const rowsOf = (name: string) => screen.queryAllByText(name).filter((element) => element.closest('tr'));

const writes = (calls: FakeCall[]) => calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url, call.body]);

/** The page as the admin opens it, from a member's page (`?memberId=`) or from the menu. */
function renderPage(memberId?: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[memberId ? `/app/mydesk/deductions?memberId=${memberId}` : '/app/mydesk/deductions']}>
      <Suspense fallback={null}>
        <AdminDeductionsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('admin deductions page', { timeout: 30_000 }, () => {
  setUpScreenTests(['deductions', 'common', 'messages', 'errors']);

  it('lists the deductions with their member, amount, reason and state; a consumed one cannot be deleted', async () => {
    const calls = fakeApi({
      'GET /api/admin/members': ok({ items: MEMBERS, total: 2, page: 1, pageSize: 20 }),
      'GET /api/admin/deductions': ok({
        items: [deduction('d1', ADA, 'Ada', 1250), deduction('d2', BOB, 'Bob', 700, 'p1', null)],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    });
    renderPage();
    const open = await rowOf('Ada Test');
    expect(screen.getByText('All deductions')).toBeTruthy();
    expect(screen.getByText('2 deductions found')).toBeTruthy();
    expect(within(open).getByText('$12.50')).toBeTruthy();
    expect(within(open).getByText('Equipment')).toBeTruthy();
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('Delete').closest('button')!.disabled).toBe(false);

    const consumed = await rowOf('Bob Test');
    expect(within(consumed).getByText('$7.00')).toBeTruthy();
    expect(within(consumed).getByText('No reason given')).toBeTruthy();
    expect(within(consumed).getByText('Deducted from a payment')).toBeTruthy();
    expect(within(consumed).getByText('Delete').closest('button')!.disabled).toBe(true);
    expect(within(consumed).getByText('Already deducted from a payment: it cannot be deleted.')).toBeTruthy();

    const listCalls = calls.filter((call) => call.url.startsWith('/api/admin/deductions'));
    expect(listCalls.map((call) => call.url)).toEqual(['/api/admin/deductions?page=1&pageSize=20']);
  });

  it('refuses a bad amount without asking the server, then adds the deduction for the chosen member', async () => {
    let items = [deduction('d1', ADA, 'Ada', 1250)];
    const calls = fakeApi({
      'GET /api/admin/members': ok({ items: MEMBERS, total: 2, page: 1, pageSize: 20 }),
      'GET /api/admin/deductions': () => ok({ items, total: items.length, page: 1, pageSize: 20 }),
      'POST /api/admin/deductions': (call) => {
        const body = call.body as { memberId: string; amountCents: number; reason?: string };
        const added = deduction('d9', body.memberId, 'Ada', body.amountCents, null, body.reason ?? null);
        items = [added, ...items];
        return { status: 201, body: { error: false, data: added, message: 'Deduction added successfully', messageCode: 'DEDUCTION_ADDED' } };
      },
    });
    renderPage(ADA);
    await rowOf('Ada Test');
    expect(screen.getByText('Deductions of the chosen member')).toBeTruthy();
    const form = screen.getByText('Add a deduction').closest('form')!;
    const amount = within(form).getByLabelText(/^Amount/);
    const submit = within(form).getByText('Add deduction').closest('button')!;

    for (const bad of ['', '0', 'ten', '-5', '12.345']) {
      fireEvent.change(amount, { target: { value: bad } });
      fireEvent.click(submit);
      expect(await within(form).findByText('Enter an amount in dollars above 0, for example 12.50.')).toBeTruthy();
    }
    expect(writes(calls)).toEqual([]);

    fireEvent.change(amount, { target: { value: '20.75' } });
    expect(within(form).queryByText('Enter an amount in dollars above 0, for example 12.50.')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Reason (optional)'), { target: { value: '  Microphone  ' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Deduction added successfully', undefined, SLOW)).toBeTruthy();
    expect(writes(calls)).toEqual([['POST', '/api/admin/deductions', { memberId: ADA, amountCents: 2075, reason: 'Microphone' }]]);
    // The list is read again and shows the new one; the form is empty for the next.
    expect(await screen.findByText('$20.75')).toBeTruthy();
    expect(screen.getByText('Microphone')).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('');
    expect(calls.filter((call) => call.url.startsWith('/api/admin/deductions?')).every((call) => call.url.includes(`memberId=${ADA}`))).toBe(true);
  });

  it('asks for a member before adding', async () => {
    const calls = fakeApi({
      'GET /api/admin/members': ok({ items: MEMBERS, total: 2, page: 1, pageSize: 20 }),
      'GET /api/admin/deductions': ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    });
    renderPage();
    const form = (await screen.findByText('Add a deduction', undefined, SLOW)).closest('form')!;
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: '5' } });
    fireEvent.click(within(form).getByText('Add deduction').closest('button')!);
    expect(await within(form).findByText('Choose a member.')).toBeTruthy();
    expect(within(form).queryByText('Enter an amount in dollars above 0, for example 12.50.')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('deletes an open deduction only after the confirmation', async () => {
    let items = [deduction('d1', ADA, 'Ada', 1250), deduction('d2', BOB, 'Bob', 700)];
    const calls = fakeApi({
      'GET /api/admin/members': ok({ items: MEMBERS, total: 2, page: 1, pageSize: 20 }),
      'GET /api/admin/deductions': () => ok({ items, total: items.length, page: 1, pageSize: 20 }),
      'DELETE /api/admin/deductions/d1': () => {
        const [removed] = items;
        items = items.slice(1);
        return ok(removed, { message: 'Deduction deleted successfully', messageCode: 'DEDUCTION_DELETED' });
      },
    });
    renderPage();
    const row = await rowOf('Ada Test');

    // Cancelling the confirmation changes nothing.
    fireEvent.click(within(row).getByText('Delete').closest('button')!);
    let dialog = dialogOf(await screen.findByText("Ada Test · $12.50. You won't be able to revert this!", undefined, SLOW));
    fireEvent.click(within(dialog).getByText('Cancel').closest('button')!);
    await waitFor(() => expect(screen.queryByText("Ada Test · $12.50. You won't be able to revert this!")).toBeNull());
    expect(writes(calls)).toEqual([]);

    fireEvent.click(within(row).getByText('Delete').closest('button')!);
    dialog = dialogOf(await screen.findByText("Ada Test · $12.50. You won't be able to revert this!", undefined, SLOW));
    fireEvent.click(within(dialog).getByText('Delete deduction').closest('button')!);
    expect(await screen.findByText('Deduction deleted successfully', undefined, SLOW)).toBeTruthy();
    expect(writes(calls)).toEqual([['DELETE', '/api/admin/deductions/d1', null]]);
    await waitFor(() => expect(rowsOf('Ada Test')).toEqual([]));
    expect(rowsOf('Bob Test')).toHaveLength(1);
    expect(screen.getByText('1 deduction found')).toBeTruthy();
  });

  it('shows the server\'s refusal of a deletion (someone else\'s payment took the deduction meanwhile)', async () => {
    fakeApi({
      'GET /api/admin/members': ok({ items: MEMBERS, total: 2, page: 1, pageSize: 20 }),
      'GET /api/admin/deductions': ok({ items: [deduction('d1', ADA, 'Ada', 1250)], total: 1, page: 1, pageSize: 20 }),
      'DELETE /api/admin/deductions/d1': {
        status: 409,
        body: { error: true, code: 'DEDUCTION_DELETE_FAILED', message: 'Failed to delete deduction', details: [{ message: 'The deduction was consumed by a payment' }] },
      },
    });
    renderPage();
    const row = await rowOf('Ada Test');
    fireEvent.click(within(row).getByText('Delete').closest('button')!);
    const dialog = dialogOf(await screen.findByText("Ada Test · $12.50. You won't be able to revert this!", undefined, SLOW));
    fireEvent.click(within(dialog).getByText('Delete deduction').closest('button')!);
    expect(await screen.findByText('Failed to delete deduction', undefined, SLOW)).toBeTruthy();
    expect(rowsOf('Ada Test')).toHaveLength(1);
  });
});
