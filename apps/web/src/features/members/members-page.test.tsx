import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { formatMoney, type MemberDeleteResult } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { aMember, aPage } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import MembersPage from './members-page.tsx';

const AYSE = aMember({
  uid: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phone: '+905320000002',
  email: 'ayse@example.com',
  status: 'active',
  role: 'user',
  joinedAt: '2026-01-05T10:00:00.000Z',
  referralCode: 'AYSE2026',
  referralLink: 'http://portal.test/kayit?ref=AYSE2026',
  commissionRateBps: 250,
  bankStatus: 'Verified',
  tiktokUsernames: ['ayse.yilmaz.live'],
  creatorCount: 5,
  diamonds: 4_000_000,
  earningsCents: 40_000,
});

/** A fetch double: the members list answers AYSE; DELETE answers the catalogue message. */
function fakeApi() {
  const calls: { method: string; url: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    const body =
      method === 'DELETE'
        ? { error: false, message: 'User deleted successfully', messageCode: 'USER_DELETED', data: { uid: AYSE.uid, outcome: 'deleted' } satisfies MemberDeleteResult }
        : { error: false, data: aPage([AYSE]) };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/app/mydesk/users']}>
      <Suspense fallback={null}>
        <MembersPage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('members list (/app/mydesk/users)', () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['members', 'common', 'errors', 'messages']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the members with their columns', async () => {
    fakeApi();
    renderPage();
    expect(await screen.findByText('Ayşe Yılmaz')).toBeTruthy();
    expect(screen.getByText('@ayse.yilmaz.live')).toBeTruthy();
    expect(screen.getByText('1 member found')).toBeTruthy();
    expect(screen.getByText('4,000,000')).toBeTruthy();
    expect(screen.getByText(formatMoney(40_000, 'en'))).toBeTruthy();
  });

  it("sorts by this month's earnings on the server, highest first on the second click", async () => {
    const calls = fakeApi();
    renderPage();
    await screen.findByText('Ayşe Yılmaz');
    const header = () => screen.getByText('Earnings this month').closest('button')!;
    fireEvent.click(header());
    await waitFor(() => expect(calls.some((call) => call.url.includes('sort=earningsCents'))).toBe(true));
    fireEvent.click(header());
    await waitFor(() => expect(calls.some((call) => call.url.includes('sort=-earningsCents'))).toBe(true));
  });

  it('searching calls the API with q (on the server, back to page 1)', async () => {
    const calls = fakeApi();
    renderPage();
    await screen.findByText('Ayşe Yılmaz');
    fireEvent.change(screen.getByPlaceholderText('Name, phone, e-mail or TikTok username'), { target: { value: 'kapadokya' } });
    await waitFor(() => expect(calls.some((call) => call.method === 'GET' && call.url.includes('q=kapadokya'))).toBe(true));
    const searched = calls.find((call) => call.url.includes('q=kapadokya'))!;
    expect(searched.url).toMatch(/^\/api\/admin\/members\?/);
    expect(searched.url).toContain('page=1');
  });

  it('delete asks "Are you sure?" first: cancel sends nothing, confirm deletes', async () => {
    const calls = fakeApi();
    renderPage();
    await screen.findByText('Ayşe Yılmaz');
    const openMenu = () => fireEvent.click(screen.getByLabelText('Actions for Ayşe Yılmaz'));
    const clickItem = (label: string) => fireEvent.click(screen.getByText(label).closest('button')!);

    openMenu();
    await act(async () => clickItem('Delete'));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    expect(screen.getByText("You won't be able to revert this!")).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel').closest('button')!);
    await waitFor(() => expect(screen.queryByText('Are you sure?')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    openMenu();
    await act(async () => clickItem('Delete'));
    await screen.findByText('Are you sure?');
    fireEvent.click(screen.getByText('Yes, continue').closest('button')!);
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([`/api/admin/members/${AYSE.uid}`]));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
  });
});
