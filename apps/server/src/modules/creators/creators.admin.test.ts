import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, creatorMonths, creators, memberMonths, users } from '../../db/schema.ts';

interface ListBody<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface Item {
  id: string;
  tiktokUsername: string;
  name: string;
  phone: string | null;
  status: string;
  reason: string | null;
  affiliateId: string | null;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  matches: number;
  lastLiveAt: string | null;
  achievedPercent: number;
  requirementState: 'onTrack' | 'atRisk' | 'failing' | null;
  affiliate: { uid: string; firstName: string } | null;
}

describe('admin creators API (demo agency)', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  const memberIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', 'Admin!2026demo');
    memberToken = await signInWithPassword(t.app, 'ayse@example.com', 'Member!2026demo');
    for (const row of await t.db.select().from(users)) if (row.email) memberIds[row.email.split('@')[0]!] = row.id;
  });
  afterAll(() => t.close());

  const get = (url: string) => call(t.app, 'GET', url, { token: adminToken });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { token: adminToken, ...(body !== undefined ? { body } : {}) });

  async function list(query = '') {
    const response = await get(`/api/admin/creators${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as ListBody<Item>;
  }

  async function idOf(username: string) {
    const [row] = await t.db.select().from(creators).where(eq(creators.tiktokUsername, username));
    return row!.id;
  }

  describe('GET /api/admin/creators', () => {
    it("lists creators with this month's figures (zeros when none) and the affiliate", async () => {
      const page = await list('?pageSize=100');
      expect(page.total).toBe(12);
      const kapadokya = page.items.find((item) => item.tiktokUsername === 'kapadokya.vibes')!;
      expect(kapadokya.diamonds).toBe(910_000);
      expect(kapadokya.validDays).toBeGreaterThan(0);
      expect(kapadokya.liveSeconds).toBeGreaterThan(0);
      expect(kapadokya.affiliate).toMatchObject({ uid: memberIds.zeynep, firstName: 'Zeynep' });
      const pending = page.items.find((item) => item.tiktokUsername === 'can.ozturk')!;
      expect(pending).toMatchObject({ diamonds: 0, validDays: 0, liveSeconds: 0, matches: 0, lastLiveAt: null, achievedPercent: 0 });
    });

    it('sorts by diamonds, searches, filters by status and affiliate, pages', async () => {
      const top = await list('?sort=-diamonds&pageSize=2');
      expect(top.items.map((item) => item.tiktokUsername)).toEqual(['kapadokya.vibes', 'anka.gaming']);
      expect((await list('?q=BOSPHORUS')).items.map((item) => item.tiktokUsername)).toEqual(['bosphorus_beats']);
      expect((await list('?q=_')).items.map((item) => item.tiktokUsername).sort()).toEqual(['bosphorus_beats', 'deniz_dance']);
      expect((await list('?status=inactive')).items.map((item) => item.tiktokUsername)).toEqual(['mert.music']);
      const ayse = await list(`?affiliateId=${memberIds.ayse}`);
      expect(ayse.total).toBe(5);
      const page2 = await list('?sort=tiktokUsername&page=2&pageSize=5');
      expect(page2).toMatchObject({ total: 12, page: 2, pageSize: 5 });
      expect(page2.items[0]!.tiktokUsername).toBe('elif.demir.tv');
    });

    it('refuses unknown sort fields and filters', async () => {
      for (const query of ['?sort=ownerId', '?status=gone', '?affiliateId=x', '?pageSize=101', '?bogus=1']) {
        expect((await get(`/api/admin/creators${query}`)).status, query).toBe(400);
      }
    });
  });

  describe("the at-risk list (this month's requirement state)", () => {
    // The test clock's month is 2026-03.
    const usernamesInStates = async (states: ('onTrack' | 'atRisk' | 'failing')[]) =>
      (
        await t.db
          .select({ username: creators.tiktokUsername })
          .from(creatorMonths)
          .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
          .where(and(eq(creatorMonths.period, '2026-03'), inArray(creatorMonths.requirementState, states)))
      )
        .map((row) => row.username)
        .sort();

    it('filters by one state or by at risk and failing together, with the other filters and sorts', async () => {
      const setState = async (username: string, requirementState: 'atRisk' | 'failing') =>
        t.db
          .update(creatorMonths)
          .set({ requirementState })
          .where(and(eq(creatorMonths.creatorId, await idOf(username)), eq(creatorMonths.period, '2026-03')));
      await setState('kapadokya.vibes', 'atRisk');
      await setState('deniz_dance', 'failing');
      const atRiskOrFailing = await list('?requirement=atRiskOrFailing&pageSize=100');
      const expected = await usernamesInStates(['atRisk', 'failing']);
      expect(expected.length).toBeGreaterThan(0);
      expect(atRiskOrFailing.total).toBe(expected.length);
      expect(atRiskOrFailing.items.map((item) => item.tiktokUsername).sort()).toEqual(expected);
      expect(atRiskOrFailing.items.every((item) => item.requirementState === 'atRisk' || item.requirementState === 'failing')).toBe(true);
      for (const state of ['onTrack', 'atRisk', 'failing'] as const) {
        const page = await list(`?requirement=${state}&sort=-diamonds&pageSize=100`);
        expect(page.items.map((item) => item.tiktokUsername).sort()).toEqual(await usernamesInStates([state]));
        const diamonds = page.items.map((item) => item.diamonds);
        expect(diamonds).toEqual([...diamonds].sort((a, b) => b - a));
      }
      const ayse = await list(`?requirement=atRiskOrFailing&affiliateId=${memberIds.ayse}&pageSize=100`);
      expect(ayse.items.every((item) => item.affiliateId === memberIds.ayse)).toBe(true);
      // Counted with the other filter (the requirement alone is counted from the month's rows).
      expect(ayse.total).toBe(ayse.items.length);
      expect(ayse.total).toBeLessThan(atRiskOrFailing.total);
      expect((await get('/api/admin/creators?requirement=late')).status).toBe(400);
    });
  });

  describe('POST /api/admin/creators', () => {
    it('creates with a normalised username, an affiliate and an activity entry', async () => {
      const response = await send('POST', '/api/admin/creators', {
        tiktokUsername: '  @New.Star ',
        name: 'New Star',
        phone: '0532 555 66 77',
        affiliateId: memberIds.elif,
        agencyCenterCode: 'IZM-03',
        joinedAt: '2026-03-01',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({
        messageCode: 'DATA_ADDED',
        data: { tiktokUsername: 'new.star', phone: '+905325556677', status: 'active', affiliateId: memberIds.elif, diamonds: 0, joinedAt: '2026-03-01T00:00:00.000Z' },
      });
      const id = (response.body.data as Item).id;
      expect(await t.db.$count(activityLog, eq(activityLog.entityId, id))).toBe(1);
    });

    it('refuses a bad or taken username with the catalogue message, changing nothing', async () => {
      const before = await t.db.$count(creators);
      const invalid = await send('POST', '/api/admin/creators', { tiktokUsername: 'has space' });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({ error: true, code: 'TIKTOK_USERNAME_INVALID', message: 'Invalid TikTok username format' });
      const taken = await send('POST', '/api/admin/creators', { tiktokUsername: '@ANKA.GAMING' });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ error: true, code: 'TIKTOK_USERNAME_TAKEN', message: 'TikTok username already exists' });
      const noReason = await send('POST', '/api/admin/creators', { tiktokUsername: 'quiet.one', status: 'inactive', reason: 'short' });
      expect(noReason.status).toBe(400);
      expect(noReason.body).toMatchObject({ code: 'REASON_TOO_SHORT', message: 'Please enter a cancel reason with at least 10 characters' });
      const badAffiliate = await send('POST', '/api/admin/creators', { tiktokUsername: 'lonely.one', affiliateId: '00000000-0000-4000-8000-000000000000' });
      expect(badAffiliate.status).toBe(400);
      expect(badAffiliate.body).toMatchObject({ code: 'MEMBER_REFERENCE_INVALID' });
      const adminAsAffiliate = await send('POST', '/api/admin/creators', { tiktokUsername: 'lonely.one', affiliateId: memberIds.admin });
      expect(adminAsAffiliate.status).toBe(400);
      const badPhone = await send('POST', '/api/admin/creators', { tiktokUsername: 'lonely.one', phone: '123' });
      expect(badPhone.body).toMatchObject({ code: 'PHONE_INVALID' });
      const extra = await send('POST', '/api/admin/creators', { tiktokUsername: 'lonely.one', diamonds: 5 });
      expect(extra.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await t.db.$count(creators)).toBe(before);
    });
  });

  describe('GET /api/admin/creators/:id', () => {
    it('answers every month, newest first, and the history', async () => {
      const id = await idOf('anka.gaming');
      const response = await get(`/api/admin/creators/${id}`);
      expect(response.status).toBe(200);
      const detail = response.body.data as Item & { months: { period: string; diamonds: number }[]; history: unknown[] };
      expect(detail.months.map((month) => month.period)).toEqual(['2026-03', '2026-02', '2026-01']);
      expect(detail.months.map((month) => month.diamonds)).toEqual([560_000, 1_520_000, 1_350_000]);
      expect(detail.affiliate).toMatchObject({ uid: memberIds.elif });
      expect((await get('/api/admin/creators/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });

  describe('PUT /api/admin/creators/:id', () => {
    it('changes the affiliate and records before/after of the changed fields', async () => {
      const id = await idOf('deniz_dance');
      const response = await send('PUT', `/api/admin/creators/${id}`, { affiliateId: memberIds.zeynep, name: 'Deniz Dance' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ messageCode: 'DETAILS_UPDATED', data: { affiliateId: memberIds.zeynep, affiliate: { firstName: 'Zeynep' } } });
      const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.entityId, id));
      expect(entry).toMatchObject({ action: 'creator.update', before: { affiliateId: memberIds.elif }, after: { affiliateId: memberIds.zeynep } });
    });

    it("moving a creator to another affiliate moves this month's diamonds, not an ended month's", async () => {
      const id = await idOf('anka.gaming');
      const [figures] = await t.db
        .select()
        .from(creatorMonths)
        .where(and(eq(creatorMonths.creatorId, id), eq(creatorMonths.period, '2026-03')));
      const [creator] = await t.db.select().from(creators).where(eq(creators.id, id));
      const from = creator!.affiliateId!;
      const to = memberIds.mehmet!;
      const monthOf = async (memberId: string, period: string) =>
        (await t.db.select().from(memberMonths).where(and(eq(memberMonths.memberId, memberId), eq(memberMonths.period, period))))[0];
      const fromBefore = await monthOf(from, '2026-03');
      const toBefore = await monthOf(to, '2026-03');
      const endedBefore = await t.db.select().from(memberMonths).where(eq(memberMonths.period, '2026-02'));

      expect((await send('PUT', `/api/admin/creators/${id}`, { affiliateId: to })).status).toBe(200);
      expect((await monthOf(from, '2026-03'))?.diamonds ?? 0).toBe(fromBefore!.diamonds - figures!.diamonds);
      expect((await monthOf(to, '2026-03'))?.diamonds).toBe((toBefore?.diamonds ?? 0) + figures!.diamonds);
      expect(await t.db.select().from(memberMonths).where(eq(memberMonths.period, '2026-02'))).toEqual(endedBefore);
    });

    it('deactivating needs a reason of 10+ characters', async () => {
      const id = await idOf('kebab.master');
      const short = await send('PUT', `/api/admin/creators/${id}`, { status: 'inactive', reason: 'too short' });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: 'REASON_TOO_SHORT' });
      expect((await t.db.select().from(creators).where(eq(creators.id, id)))[0]!.status).toBe('active');
      const ok = await send('PUT', `/api/admin/creators/${id}`, { status: 'inactive', reason: 'Left the agency for another one' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ data: { status: 'inactive', reason: 'Left the agency for another one' } });
    });

    it('refuses a username taken by another creator, changing nothing', async () => {
      const id = await idOf('zeynep.sahin');
      const response = await send('PUT', `/api/admin/creators/${id}`, { tiktokUsername: 'Anka.Gaming' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ message: 'TikTok username already exists' });
      expect((await t.db.select().from(creators).where(eq(creators.id, id)))[0]!.tiktokUsername).toBe('zeynep.sahin');
    });
  });

  describe('DELETE /api/admin/creators/:id', () => {
    it('a creator with figures is set inactive, never erased', async () => {
      const id = await idOf('istanbul.nights');
      const response = await send('DELETE', `/api/admin/creators/${id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ messageCode: 'CREATOR_DEACTIVATED', data: { id, outcome: 'deactivated' } });
      const [row] = await t.db.select().from(creators).where(eq(creators.id, id));
      expect(row!.status).toBe('inactive');
      expect(await t.db.$count(creatorMonths, eq(creatorMonths.creatorId, id))).toBe(3);
    });

    it('a creator without figures is erased', async () => {
      const owner = await createUser(t.db);
      const created = await send('POST', '/api/admin/creators', { tiktokUsername: 'short.lived', ownerId: owner.id });
      const id = (created.body.data as Item).id;
      const response = await send('DELETE', `/api/admin/creators/${id}`);
      expect(response.body).toMatchObject({ message: 'Creator deleted successfully', data: { outcome: 'deleted' } });
      expect(await t.db.$count(creators, eq(creators.id, id))).toBe(0);
      expect(await t.db.$count(activityLog, eq(activityLog.action, 'creator.delete'))).toBe(1);
      expect((await send('DELETE', `/api/admin/creators/${id}`)).status).toBe(404);
    });
  });

  it('a member token gets 403 on every admin creators route and changes nothing', async () => {
    const id = await idOf('elif.demir.tv');
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/admin/creators'],
      ['POST', '/api/admin/creators'],
      ['GET', `/api/admin/creators/${id}`],
      ['PUT', `/api/admin/creators/${id}`],
      ['DELETE', `/api/admin/creators/${id}`],
    ];
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? { tiktokUsername: 'hijack.me' } : undefined;
      const response = await call(t.app, method, url, { token: memberToken, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    expect(await t.db.$count(creators, eq(creators.tiktokUsername, 'hijack.me'))).toBe(0);
  });
});
