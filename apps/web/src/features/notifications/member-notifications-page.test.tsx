import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../lib/testing/fake-api.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import MemberNotificationsPage from './member-notifications-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

describe('member notifications page (/app/mydesk/notification)', () => {
  setUpScreenTests(['notifications', 'common', 'messages', 'errors']);

  it('translates system notifications, shows the unread state and marks one read', async () => {
    let readAt: string | null = null;
    const list = () => {
      const items = [
        {
          id: 'n1',
          template: 'paymentStatus',
          params: { status: 'Approved', amountCents: 12345 },
          title: 'Payment status changed',
          message: 'Your payment of $123.45 is now Approved.',
          createdAt: '2026-03-18T09:30:00Z',
          readAt,
        },
        {
          id: 'n2',
          template: null,
          params: null,
          title: 'Payout day',
          message: 'Payments go out on the 15th.',
          createdAt: '2026-03-01T08:00:00Z',
          readAt: '2026-03-02T08:00:00Z',
        },
      ];
      return ok({ items, total: 2, page: 1, pageSize: 20, unread: readAt ? 0 : 1 });
    };
    const calls = fakeApi({
      'GET /api/me/notifications': list,
      'POST /api/me/notifications/n1/read': () => {
        readAt = '2026-03-18T10:00:00Z';
        return ok({ id: 'n1', readAt });
      },
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <MemberNotificationsPage />
      </Suspense>,
    );
    expect(await screen.findByText('Your payment changed')).toBeTruthy();
    expect(screen.getByText('Your payment of $123.45 is now: Approved.')).toBeTruthy();
    expect(screen.getByText('Payout day')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getAllByText('Mark as read')).toHaveLength(1);

    fireEvent.click(screen.getByText('Mark as read').closest('button')!);
    await waitFor(() => expect(screen.queryByText('Mark as read')).toBeNull());
    expect(screen.getByText('0 unread')).toBeTruthy();
    expect(screen.queryByText('New')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/me/notifications/n1/read']);
  });
});
