import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatorDetail } from '@agency/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { aCreatorDetail, aCreatorMonth, aPage } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import CreatorDetailsPage from './creator-details-page.tsx';
import { setUpScreenTests } from '../../lib/testing/screen-tests.ts';

const AYLA = { uid: '11111111-1111-4111-8111-111111111111', firstName: 'Ayla', lastName: 'Kaya' };

const STAR = aCreatorDetail({
  id: 'c1',
  tiktokUsername: 'star.one',
  name: 'Star One',
  phone: '+905320000009',
  affiliate: AYLA,
  agencyCenterCode: 'IST-7',
  joinedAt: '2026-01-10T12:00:00.000Z',
  diamonds: 2_980_000,
  validDays: 14,
  liveSeconds: 20 * 3600 + 30 * 60,
  matches: 12,
  achievedPercent: 82.5,
  requirementState: 'onTrack',
  months: [
    aCreatorMonth({ period: '2026-03', diamonds: 2_980_000, validDays: 14, liveSeconds: 20 * 3600 + 30 * 60, matches: 12 }),
    aCreatorMonth({ period: '2026-02', diamonds: 3_100_000, validDays: 15, liveSeconds: 28 * 3600, matches: 9 }),
  ],
  history: [{ id: 'h1', action: 'creator.update', actor: AYLA, entityType: 'creator', entityId: 'c1', before: { name: 'Star' }, after: { name: 'Star One', phone: '+905320000009' }, at: '2026-03-02T12:00:00.000Z' }],
});

/** `GET /api/admin/creators/:id` answers `creator` (kept in step with a `PUT`); the member pickers find nobody. */
function creatorServer(creator: CreatorDetail): FakeCall[] {
  let current = creator;
  return fakeApi({
    [`GET /api/admin/creators/${creator.id}`]: () => ok(current),
    [`PUT /api/admin/creators/${creator.id}`]: (call) => {
      current = aCreatorDetail({ ...current, ...(call.body as Partial<CreatorDetail>) });
      return ok(current, { message: 'Details updated successfully', messageCode: 'DETAILS_UPDATED' });
    },
    'GET /api/admin/members': ok(aPage([])),
  });
}

/** The value of the figure card named `label`. */
function figure(label: string): string | null | undefined {
  for (const card of document.querySelectorAll<HTMLElement>('.mantine-Card-root')) {
    const lines = [...card.querySelectorAll('p')].map((line) => line.textContent);
    if (lines[0] === label && lines.length === 2) return lines[1];
  }
  return undefined;
}

/** The value under a label of the creator's card (name, phone, affiliate...). */
const field = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling;

function renderPage(path = '/app/mydesk/details?id=c1') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>
        <CreatorDetailsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('creator details (/app/mydesk/details)', { timeout: 30_000 }, () => {
  setUpScreenTests(['creators', 'common', 'errors', 'messages']);

  it("shows the creator, this month's figures, every month and the change history", async () => {
    const calls = creatorServer(STAR);
    renderPage();
    expect(await screen.findByText('@star.one', { selector: 'h1' })).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/admin/creators/c1');
    expect(screen.getByText('Active')).toBeTruthy();
    expect(field('Name')?.textContent).toBe('Star One');
    expect(field('Phone number')?.textContent).toBe('+90 532 000 00 09');
    expect(field('Affiliate')?.textContent).toBe('Ayla Kaya');
    expect(field('Affiliate')?.closest('a')?.getAttribute('href')).toBe(`/app/mydesk/usersProfile?id=${AYLA.uid}`);
    expect(field('Member account')?.textContent).toBe('–');
    expect(field('Agency center code')?.textContent).toBe('IST-7');
    expect(field('Joined')?.textContent).toBe('10 Jan 2026');

    expect(figure('Diamonds')).toBe('2,980,000');
    expect(figure('Valid LIVE days')).toBe('14');
    expect(figure('LIVE duration')).toBe('20 h 30 min');
    expect(figure('Matches')).toBe('12');
    expect(screen.getByText('82.5%')).toBeTruthy();

    const february = screen.getByText('February 2026').closest('tr')!;
    expect(within(february).getByText('3,100,000')).toBeTruthy();
    expect(within(february).getByText('15')).toBeTruthy();
    expect(within(february).getByText('28 h 0 min')).toBeTruthy();
    expect(screen.getByText('March 2026').closest('tr')).toBeTruthy();
    expect(screen.getByText('creator.update name, phone')).toBeTruthy();
    expect(screen.getByText('Back to creators').closest('a')?.getAttribute('href')).toBe('/app/mydesk/creatorPage');
  });

  it('edits the creator and shows the saved details', async () => {
    const calls = creatorServer(STAR);
    renderPage();
    fireEvent.click((await screen.findByText('Edit')).closest('button')!);
    const name = await screen.findByLabelText('Display name');
    expect(screen.getByText('Edit creator')).toBeTruthy();
    expect((screen.getByLabelText(/^TikTok username/) as HTMLInputElement).value).toBe('star.one');

    fireEvent.change(name, { target: { value: 'Star of the Night' } });
    fireEvent.click(screen.getByText('Save').closest('button')!);
    expect(await screen.findByText('Details updated successfully')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/creators/c1');
    expect(put.body).toMatchObject({ tiktokUsername: 'star.one', name: 'Star of the Night', affiliateId: AYLA.uid, agencyCenterCode: 'IST-7' });
    await waitFor(() => expect(field('Name')?.textContent).toBe('Star of the Night'));
  });

  it('says when nothing was uploaded or changed yet', async () => {
    creatorServer(aCreatorDetail({ id: 'c2', tiktokUsername: 'new.face', status: 'pending' }));
    renderPage('/app/mydesk/details?id=c2');
    expect(await screen.findByText('No figures uploaded yet.')).toBeTruthy();
    expect(screen.getByText('No changes recorded yet.')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(figure('Diamonds')).toBe('0');
    expect(field('Affiliate')?.textContent).toBe('–');
  });

  it('shows why a creator cannot be loaded, with a retry', async () => {
    const calls = fakeApi({ 'GET /api/admin/creators/gone': { status: 404, body: { error: true, code: 'NOT_FOUND', message: 'Not found' } } });
    renderPage('/app/mydesk/details?id=gone');
    expect(await screen.findByText('We could not find what you were looking for.', undefined, { timeout: 10_000 })).toBeTruthy();
    const asked = calls.length;
    fireEvent.click(screen.getByText('Try again').closest('button')!);
    await waitFor(() => expect(calls.length).toBeGreaterThan(asked));
  });

  it('asks for a creator when the address names none', async () => {
    const calls = creatorServer(STAR);
    renderPage('/app/mydesk/details');
    expect(await screen.findByText('Choose a creator from the list.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
