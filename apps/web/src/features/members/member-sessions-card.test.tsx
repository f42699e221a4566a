import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@agency/shared';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import { MemberSessionsCard } from './member-sessions-card.tsx';
import { shortUserAgent } from './user-agent.ts';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const MEMBER_ID = '11111111-1111-4111-8111-111111111111';
const PHONE = {
  id: '22222222-2222-4222-8222-222222222222',
  createdAt: '2026-02-01T09:30:00.000Z',
  lastSeenAt: '2026-02-03T18:45:00.000Z',
  expiresAt: '2026-03-03T18:45:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  current: false,
};
const LAPTOP = {
  id: '33333333-3333-4333-8333-333333333333',
  createdAt: '2026-01-20T08:00:00.000Z',
  lastSeenAt: '2026-02-02T12:00:00.000Z',
  expiresAt: '2026-03-02T12:00:00.000Z',
  ip: null,
  userAgent: null,
  current: false,
};

/** A fetch double: the sessions list, and DELETE that takes a session away. */
function fakeApi(initial: (typeof PHONE | typeof LAPTOP)[]) {
  let sessions = [...initial];
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      let body: unknown;
      if (method === 'DELETE') {
        sessions = sessions.filter((session) => !url.endsWith(`/${session.id}`));
        body = { error: false, message: 'Session ended', messageCode: 'SESSION_ENDED', data: {} };
      } else {
        body = { error: false, data: sessions };
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderCard() {
  return renderWithProviders(
    <Suspense fallback={null}>
      <MemberSessionsCard memberId={MEMBER_ID} />
    </Suspense>,
  );
}

describe("member's sessions card (/app/mydesk/usersProfile)", () => {
  setUpScreenTests(['members', 'common', 'errors', 'messages']);

  it('lists the sessions: created, last seen, IP and a short device name', async () => {
    const calls = fakeApi([PHONE, LAPTOP]);
    renderCard();
    expect(screen.getByLabelText('Loading sessions')).toBeTruthy();
    expect(await screen.findByText('Safari 17 · iOS')).toBeTruthy();
    expect(calls[0]).toEqual({ method: 'GET', url: `/api/admin/members/${MEMBER_ID}/sessions` });
    expect(screen.getByText(formatDateTime(PHONE.createdAt, 'en'))).toBeTruthy();
    expect(screen.getByText(formatDateTime(PHONE.lastSeenAt, 'en'))).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    expect(screen.getByText('Safari 17 · iOS').getAttribute('title')).toBe(PHONE.userAgent);
    expect(screen.getByText('Unknown device')).toBeTruthy();
    expect(screen.getAllByText('End session')).toHaveLength(2);
  });

  it('says so when the member has no sessions', async () => {
    fakeApi([]);
    renderCard();
    expect(await screen.findByText('This member is not signed in anywhere.')).toBeTruthy();
  });

  it('"End session" asks first: cancel sends nothing, confirm calls DELETE, toasts and refreshes', async () => {
    const calls = fakeApi([PHONE, LAPTOP]);
    renderCard();
    await screen.findByText('Safari 17 · iOS');
    const endPhone = () => screen.getByLabelText(`End session: Safari 17 · iOS, signed in ${formatDateTime(PHONE.createdAt, 'en')}`);
    const deletes = () => calls.filter((call) => call.method === 'DELETE').map((call) => call.url);

    await act(async () => fireEvent.click(endPhone()));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    expect(screen.getByText('The member will be signed out on this device.')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel').closest('button')!);
    await waitFor(() => expect(screen.queryByText('Are you sure?')).toBeNull());
    expect(deletes()).toHaveLength(0);

    await act(async () => fireEvent.click(endPhone()));
    await screen.findByText('Are you sure?');
    fireEvent.click(screen.getByText('Yes, continue').closest('button')!);
    await waitFor(() => expect(deletes()).toEqual([`/api/admin/sessions/${PHONE.id}`]));
    expect(await screen.findByText(i18next.t('messages:SESSION_ENDED'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Safari 17 · iOS')).toBeNull());
    expect(screen.getByText('Unknown device')).toBeTruthy();
  });
});

describe('shortUserAgent', () => {
  it('names the browser and system, and cuts what it does not know', () => {
    expect(shortUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe('Chrome 120 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91')).toBe('Edge 120 · Windows');
    expect(shortUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Mobile Safari/537.36')).toBe('Chrome 121 · Android');
    expect(shortUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.2; rv:122.0) Gecko/20100101 Firefox/122.0')).toBe('Firefox 122 · macOS');
    expect(shortUserAgent('curl/8.4.0')).toBe('curl/8.4.0');
    expect(shortUserAgent('x'.repeat(80))).toBe(`${'x'.repeat(47)}…`);
    expect(shortUserAgent(null)).toBeNull();
    expect(shortUserAgent('  ')).toBeNull();
  });
});
