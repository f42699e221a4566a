import '../../lib/testing/setup-dom.ts';
import { Suspense } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatorListItem } from '@agency/shared';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18nReady } from '../../lib/i18n.ts';
import { fakeApi, ok, type FakeCall } from '../../lib/testing/fake-api.ts';
import { aCreator, aMember, aPage } from '../../lib/testing/fixtures.ts';
import { renderWithProviders } from '../../lib/testing/render.tsx';
import CreatorsPage from './creators-page.tsx';

const AYLA = { uid: '11111111-1111-4111-8111-111111111111', firstName: 'Ayla', lastName: 'Kaya' };

const STAR = aCreator({
  id: 'c1',
  tiktokUsername: 'star.one',
  name: 'Star One',
  status: 'active',
  affiliate: AYLA,
  diamonds: 2_980_000,
  validDays: 14,
  liveSeconds: 20 * 3600 + 30 * 60,
  matches: 12,
  achievedPercent: 82,
  requirementState: 'onTrack',
});
const NEW = aCreator({ id: 'c2', tiktokUsername: 'new.face', name: 'New Face', status: 'pending' });
const RISKY = aCreator({ id: 'c3', tiktokUsername: 'risky.one', name: 'Risky One', affiliate: AYLA, diamonds: 1_200, validDays: 4, liveSeconds: 10 * 3600, achievedPercent: 33.3, requirementState: 'atRisk' });

/**
 * A fake server for `GET /api/admin/creators`: it searches, filters and pages `creators` as the API
 * does, so a screen that stops sending a parameter shows the wrong rows.
 */
function creatorsServer(creators: CreatorListItem[]): FakeCall[] {
  return fakeApi({
    'GET /api/admin/creators': (call) => {
      const params = new URL(call.url, 'http://portal.test').searchParams;
      const q = params.get('q')?.toLowerCase();
      const status = params.get('status');
      const requirement = params.get('requirement');
      const page = Number(params.get('page') ?? 1);
      const pageSize = Number(params.get('pageSize') ?? 20);
      const found = creators.filter(
        (creator) =>
          (!q || creator.tiktokUsername.includes(q) || creator.name.toLowerCase().includes(q)) &&
          (!status || creator.status === status) &&
          (!requirement ||
            (requirement === 'atRiskOrFailing' ? creator.requirementState === 'atRisk' || creator.requirementState === 'failing' : creator.requirementState === requirement)),
      );
      return ok(aPage(found.slice((page - 1) * pageSize, page * pageSize), { total: found.length, page, pageSize }));
    },
    // The affiliate filter's options.
    'GET /api/admin/members': ok(aPage([aMember({ ...AYLA })])),
  });
}

const creatorCalls = (calls: FakeCall[]) => calls.filter((call) => call.url.startsWith('/api/admin/creators?')).map((call) => new URL(call.url, 'http://portal.test').searchParams);

function renderPage(path = '/app/mydesk/creatorPage') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>
        <CreatorsPage />
      </Suspense>
    </MemoryRouter>,
  );
}

const rowOf = (username: string) => screen.getByText(`@${username}`).closest('tr')!;

describe('creators list (/app/mydesk/creatorPage)', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18nReady;
    await changeLanguage('en');
    await i18next.loadNamespaces(['creators', 'common', 'errors', 'messages']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows every creator with this month's figures, newest first", async () => {
    const calls = creatorsServer([STAR, NEW, RISKY]);
    renderPage();
    expect(await screen.findByText('@star.one')).toBeTruthy();
    expect(screen.getByText('3 creators found')).toBeTruthy();
    expect(creatorCalls(calls)[0]!.get('sort')).toBe('-joinedAt');

    const star = rowOf('star.one');
    expect(within(star).getByText('@star.one').closest('a')?.getAttribute('href')).toBe('/app/mydesk/details?id=c1');
    expect(within(star).getByText('Star One')).toBeTruthy();
    expect(within(star).getByText('Active')).toBeTruthy();
    expect(within(star).getByText('Ayla Kaya').closest('a')?.getAttribute('href')).toBe(`/app/mydesk/usersProfile?id=${AYLA.uid}`);
    expect(within(star).getByText('2,980,000')).toBeTruthy();
    expect(within(star).getByText('14')).toBeTruthy();
    expect(within(star).getByText('20 h 30 min')).toBeTruthy();
    expect(within(star).getByText('On track')).toBeTruthy();

    const pending = rowOf('new.face');
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('No figures yet')).toBeTruthy();
    expect(within(rowOf('risky.one')).getByText('At risk')).toBeTruthy();
    expect(within(rowOf('risky.one')).getByText('10 h 0 min')).toBeTruthy();
  });

  it('searches on the server from page 1 and says when nothing matches', async () => {
    const calls = creatorsServer([STAR, NEW, RISKY]);
    renderPage();
    await screen.findByText('@star.one');
    const search = screen.getByPlaceholderText('TikTok username, name or phone');

    fireEvent.change(search, { target: { value: 'risky' } });
    await waitFor(() => expect(screen.queryByText('@star.one')).toBeNull());
    expect(screen.getByText('@risky.one')).toBeTruthy();
    expect(screen.getByText('1 creator found')).toBeTruthy();
    const searched = creatorCalls(calls).find((params) => params.get('q') === 'risky')!;
    expect(searched.get('page')).toBe('1');

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(await screen.findByText('No results match your search.')).toBeTruthy();
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
    expect(screen.queryByText('@risky.one')).toBeNull();
    expect(screen.getByText('0 creators found')).toBeTruthy();
  });

  it('filters by status with the chips', async () => {
    const calls = creatorsServer([STAR, NEW, RISKY]);
    renderPage();
    await screen.findByText('@star.one');
    fireEvent.click(screen.getByLabelText('Pending'));
    await waitFor(() => expect(screen.queryByText('@star.one')).toBeNull());
    expect(screen.getByText('@new.face')).toBeTruthy();
    expect(screen.getByText('1 creator found')).toBeTruthy();
    expect(creatorCalls(calls).at(-1)!.get('status')).toBe('pending');

    // Back to every status (the first answer may come from the cache).
    fireEvent.click(screen.getByLabelText('All'));
    expect(await screen.findByText('@star.one')).toBeTruthy();
    expect(screen.getByText('3 creators found')).toBeTruthy();
  });

  it("opens on the dashboard's at-risk list (?requirement=atRiskOrFailing)", async () => {
    const calls = creatorsServer([STAR, NEW, RISKY]);
    renderPage('/app/mydesk/creatorPage?requirement=atRiskOrFailing');
    expect(await screen.findByText('@risky.one')).toBeTruthy();
    expect(screen.queryByText('@star.one')).toBeNull();
    expect(screen.getByText('1 creator found')).toBeTruthy();
    expect(screen.getByDisplayValue('At risk or failing')).toBeTruthy();
    expect(creatorCalls(calls).every((params) => params.get('requirement') === 'atRiskOrFailing')).toBe(true);
  });

  it('pages through a long list on the server', async () => {
    const many = Array.from({ length: 45 }, (_, index) => aCreator({ id: `c${index + 1}`, tiktokUsername: `creator.${index + 1}`, name: `Creator ${index + 1}` }));
    const calls = creatorsServer(many);
    renderPage();
    expect(await screen.findByText('@creator.1')).toBeTruthy();
    expect(screen.getByText('45 creators found')).toBeTruthy();
    expect(screen.queryByText('@creator.21')).toBeNull();

    fireEvent.click(screen.getByLabelText('Next page'));
    expect(await screen.findByText('@creator.21')).toBeTruthy();
    expect(screen.queryByText('@creator.1')).toBeNull();
    expect(creatorCalls(calls).at(-1)!.get('page')).toBe('2');
  });

  it('says the list is empty before the first creator', async () => {
    creatorsServer([]);
    renderPage();
    expect(await screen.findByText('When there is something to show, you will find it here.')).toBeTruthy();
    expect(screen.getByText('Nothing here yet')).toBeTruthy();
    expect(screen.getByText('0 creators found')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });
});
