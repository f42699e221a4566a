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

  it('shows the text of an action whose code has several dots', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ActivityTable entries={[{ ...ENTRIES[1]!, id: 'e3', action: 'settings.stamp.delete', entityType: 'settings' }]} />
      </MantineProvider>,
    );
    expect(screen.getByText('Removed the invoice stamp')).toBeTruthy();
  });
});
