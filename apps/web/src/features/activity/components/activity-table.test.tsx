import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, activityActionKey, LOCALES, type ActivityLogEntry } from '@agency/shared';
import '../../../lib/testing/setup-dom.ts';
import { changeLanguage, i18nReady } from '../../../lib/i18n.ts';
import { theme } from '../../../app/theme.ts';
import { ActivityTable } from './activity-table.tsx';

const ENTRIES: ActivityLogEntry[] = [
  {
    id: 'e1',
    at: '2026-03-10T12:00:00.000Z',
    actor: { uid: 'a1', name: 'Ada Admin' },
    action: 'member.update',
    entityType: 'user',
    entityId: 'm1',
    before: { lastName: 'Member', commissionRateBps: null, status: 'active' },
    after: { lastName: 'Üye', commissionRateBps: 1500, status: 'active' },
    record: { name: 'Mert Üye', amountCents: null, period: null, removed: false, role: 'user' },
    names: {},
  },
  {
    id: 'e2',
    at: '2026-02-15T00:00:00.000Z',
    actor: null,
    action: 'payment.automatic_run',
    entityType: 'payment',
    entityId: null,
    before: null,
    after: null,
    record: null,
    names: {},
  },
];

beforeAll(async () => {
  await i18nReady;
  await changeLanguage('en');
  await i18next.loadNamespaces(['activity', 'common']);
});
afterEach(cleanup);

function renderTable() {
  return render(
    <MantineProvider theme={theme} env="test">
      <ActivityTable entries={ENTRIES} />
    </MantineProvider>,
  );
}

describe('ActivityTable', () => {
  it('shows actor, translated action and record; the system when there is no actor', () => {
    renderTable();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('Changed a member')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(screen.getByText('Mert Üye')).toBeTruthy();
    expect(screen.getByText('System')).toBeTruthy();
    // An action without a translation shows its code rather than nothing.
    expect(screen.getByText('payment.automatic_run')).toBeTruthy();
    expect(screen.getAllByText((_, element) => element?.tagName === 'TIME').map((element) => element.getAttribute('datetime'))).toEqual([
      '2026-03-10T12:00:00.000Z',
      '2026-02-15T00:00:00.000Z',
    ]);
  });

  it('expands a row into the before/after of the changed fields only', () => {
    renderTable();
    expect(screen.queryByText('Changed fields')).toBeNull();
    const [first] = screen.getAllByLabelText('Show changes');
    fireEvent.click(first!);
    const changes = screen.getByLabelText('Changed fields');
    const rows = [...changes.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['Commission rate', '—', '15%'],
      ['Last name', 'Member', 'Üye'],
    ]);
    fireEvent.click(screen.getByLabelText('Hide changes'));
    expect(screen.queryByLabelText('Changed fields')).toBeNull();
  });

  it('says so when an entry changed no fields', () => {
    renderTable();
    fireEvent.click(screen.getAllByLabelText('Show changes')[1]!);
    expect(screen.getByText('This entry changed no fields.')).toBeTruthy();
  });

  it('has a text for every action the server records, in every locale', async () => {
    for (const locale of LOCALES) {
      const { default: texts } = (await import(`../../../locales/${locale}/activity.json`)) as { default: { actions: Record<string, string> } };
      const missing = ACTIVITY_ACTIONS.filter((action) => !texts.actions[activityActionKey(action)]?.trim());
      expect(missing, locale).toEqual([]);
    }
  });

  it('names every record, with amounts and months, and shows no id anywhere', () => {
    const AYSE = '5f0c8a3e-2b1d-4c6e-9a7f-1e2d3c4b5a69';
    const PAYMENT = '0b7e6d5c-4a3b-4c2d-8e1f-0a9b8c7d6e5f';
    const CREATOR = 'c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f';
    const { container } = render(
      <MantineProvider theme={theme} env="test">
        <ActivityTable
          entries={[
            {
              id: 'p1',
              at: '2026-03-04T10:15:00.000Z',
              actor: { uid: 'a1', name: 'Agency Admin' },
              action: 'payment.request',
              entityType: 'payment',
              entityId: PAYMENT,
              before: null,
              after: { memberId: AYSE, status: 'Pending', amountCents: 15_000, grossCents: 15_000, deductionsCents: 0, periods: ['2026-02'] },
              record: { name: 'Ayşe Yılmaz', amountCents: 15_000, period: null, removed: false, role: null },
              names: { [AYSE]: 'Ayşe Yılmaz' },
            },
            {
              id: 'r1',
              at: '2026-02-15T00:05:00.000Z',
              actor: null,
              action: 'payment.autoRun',
              entityType: 'payoutRun',
              entityId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
              before: null,
              after: { created: 3, skipped: 1, totalCents: 32_365, trigger: 'schedule' },
              record: { name: null, amountCents: null, period: '2026-02', removed: false, role: null },
              names: {},
            },
            {
              id: 'c1',
              at: '2026-03-05T09:00:00.000Z',
              actor: { uid: 'a1', name: 'Agency Admin' },
              action: 'creator.delete',
              entityType: 'creator',
              entityId: CREATOR,
              before: { tiktokUsername: 'gone.soon', ownerId: AYSE },
              after: null,
              record: { name: '@gone.soon', amountCents: null, period: null, removed: true, role: null },
              names: { [AYSE]: 'Ayşe Yılmaz' },
            },
            {
              id: 'l1',
              at: '2026-03-05T08:00:00.000Z',
              actor: { uid: 'a1', name: 'Agency Admin' },
              action: 'auth.login',
              entityType: 'user',
              entityId: 'a1',
              before: null,
              after: { method: 'password' },
              record: { name: 'Agency Admin', amountCents: null, period: null, removed: false, role: 'admin' },
              names: {},
            },
          ]}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Ayşe Yılmaz · $150.00')).toBeTruthy();
    expect(screen.getByText('Automatic payment run')).toBeTruthy();
    expect(screen.getByText('February 2026')).toBeTruthy();
    expect(screen.getByText('@gone.soon (deleted)')).toBeTruthy();
    // The admin's own sign-in is an admin's account, not a member's.
    expect(screen.getByText('Admin')).toBeTruthy();
    // Each row opened in turn: the member's id in the values is her name, the run's total is money, no id is shown anywhere.
    const changes: (string | null)[][] = [];
    for (let row = 0; row < 4; row += 1) {
      fireEvent.click(screen.getAllByRole('button', { name: /^(Show|Hide) changes$/ })[row]!);
      changes.push(...[...container.querySelectorAll('[aria-label="Changed fields"] tbody tr')].map((line) => [...line.querySelectorAll('td')].map((cell) => cell.textContent)));
      expect(container.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
    expect(changes).toContainEqual(['Member', '—', 'Ayşe Yılmaz']);
    expect(changes).toContainEqual(['Member account', 'Ayşe Yılmaz', '—']);
    expect(changes).toContainEqual(['Total', '—', '$323.65']);
    expect(container.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('shows the text of an action whose code has several dots', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ActivityTable entries={[{ ...ENTRIES[1]!, id: 'e3', action: 'settings.stamp.delete', entityType: 'settings' }]} />
      </MantineProvider>,
    );
    expect(screen.getByText('Removed the invoice stamp')).toBeTruthy();
  });
});
