import { commissionEarningsCents } from '@agency/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, bankDetails, creators, memberMonths, sessions, users } from '../../db/schema.ts';
import { rowsOf } from '../../lib/db-rows.ts';

interface ListBody<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface Row {
  uid: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  status: string;
  bankStatus: string;
  tiktokUsernames: string[];
  creatorCount: number;
  commissionRateBps: number | null;
  affiliatedWith: { uid: string; firstName: string } | null;
  diamonds: number;
  earningsCents: number;
}

describe('admin members API (demo agency)', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: string;
  let memberToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', 'Admin!2026demo');
    memberToken = await signInWithPassword(t.app, 'ayse@example.com', 'Member!2026demo');
    for (const row of await t.db.select().from(users)) {
      if (row.email) ids[row.email.split('@')[0]!] = row.id;
    }
    adminId = ids.admin!;
  });
  afterAll(() => t.close());

  const get = (url: string, token = adminToken) => call(t.app, 'GET', url, { token });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = adminToken) =>
    call(t.app, method, url, { token, ...(body !== undefined ? { body } : {}) });

  async function list(query = '') {
    const response = await get(`/api/admin/members${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as ListBody<Row>;
  }

  async function userCount() {
    const [row] = await t.db.select({ value: count() }).from(users);
    return row!.value;
  }

  describe('GET /api/admin/members', () => {
    it('answers the list columns: TikTok usernames, affiliated with, number of creators, bank status', async () => {
      const page = await list();
      const ayse = page.items.find((item) => item.email === 'ayse@example.com')!;
      expect(ayse).toMatchObject({ tiktokUsernames: ['ayse.yilmaz.live'], creatorCount: 5, bankStatus: 'Verified', affiliatedWith: null });
      const mehmet = page.items.find((item) => item.email === 'mehmet@example.com')!;
      expect(mehmet.affiliatedWith).toMatchObject({ uid: ids.ayse, firstName: 'Ayşe' });
    });

    it('searches the TikTok usernames of their creators', async () => {
      expect((await list('?q=KAPADOKYA')).items.map((item) => item.email)).toEqual(['zeynep@example.com']);
      expect((await list('?q=mehmet.kaya')).items.map((item) => item.email).sort()).toEqual(['ayse@example.com', 'mehmet@example.com']);
    });

    it('a search of any length finds the members a plain query finds by text, phone and creators', async () => {
      // Searches of three characters or more go through one set of ids, shorter ones through one
      // OR (members.admin.repository.ts): both must find what this plain query finds.
      const plain = async (q: string) => {
        const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        const result = await t.db.execute(sql`
          select u.id from ${users} u where u.role = 'user' and (
            search_fold(u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email, '') || ' ' || coalesce(u.phone, '') || ' ' || u.referral_code) like search_fold(${pattern})
            or exists (select 1 from ${creators} c where (c.owner_id = u.id or c.affiliate_id = u.id) and c.tiktok_username like search_fold(${pattern})))`);
        return rowsOf<{ id: string }>(result)
          .map((row) => row.id)
          .sort();
      };
      for (const q of ['k', 'ka', 'kap', 'KAPADOKYA', 'mehmet.kaya', '.live', 'yı', 'YILMAZ', 'Ayşe', 'ayse2026', '0000004', '_', 'zz']) {
        const page = await list(`?q=${encodeURIComponent(q)}&pageSize=100`);
        const expected = await plain(q);
        expect(page.items.map((item) => item.uid).sort(), q).toEqual(expected);
        expect(page.total, q).toBe(expected.length);
        // Zeynep is found by her creator kapadokya.vibes alone, in both forms.
        if (q === 'kap') expect(page.items.map((item) => item.email)).toEqual(['zeynep@example.com']);
        if (q === 'ka') expect(page.items.map((item) => item.email)).toContain('zeynep@example.com');
      }
    });

    it('filters by bank status and sorts by number of creators', async () => {
      expect((await list('?bankStatus=Verified')).items.map((item) => item.email)).toEqual(
        expect.arrayContaining(['ayse@example.com']),
      );
      const notVerified = await list('?bankStatus=Not%20Verified');
      expect(notVerified.items.every((item) => item.bankStatus === 'Not Verified')).toBe(true);
      const byCreators = await list('?sort=-creatorCount&pageSize=2');
      expect(byCreators.items.map((item) => item.creatorCount)).toEqual([5, 3]);
    });
  });

  describe("this month's figures", () => {
    // The test clock's month is 2026-03; the demo seed computed member_months for it and two months before.
    const monthRows = async (period: string) => t.db.select().from(memberMonths).where(eq(memberMonths.period, period));

    it("answers this month's diamonds and earnings of member_months (0 without a row)", async () => {
      const rows = await monthRows('2026-03');
      expect(rows.length).toBeGreaterThan(0);
      const page = await list('?pageSize=100');
      for (const item of page.items) {
        const row = rows.find((candidate) => candidate.memberId === item.uid);
        expect({ uid: item.uid, diamonds: item.diamonds, earningsCents: item.earningsCents }).toEqual({
          uid: item.uid,
          diamonds: row?.diamonds ?? 0,
          earningsCents: row?.earningsCents ?? 0,
        });
      }
    });

    it('sorts by earnings and by diamonds, both ways', async () => {
      const byEarnings = (await list('?sort=-earningsCents&pageSize=100')).items.map((item) => item.earningsCents);
      expect(byEarnings).toEqual([...byEarnings].sort((a, b) => b - a));
      expect(byEarnings[0]).toBe(Math.max(...(await monthRows('2026-03')).map((row) => row.earningsCents)));
      const byDiamonds = (await list('?sort=diamonds&pageSize=100')).items.map((item) => item.diamonds);
      expect(byDiamonds).toEqual([...byDiamonds].sort((a, b) => a - b));
      expect((await get('/api/admin/members?sort=-earnings')).status).toBe(400);
    });

    it("a personal rate recomputes this month's commission at once and leaves ended months alone", async () => {
      const [current] = await t.db
        .select()
        .from(memberMonths)
        .where(and(eq(memberMonths.memberId, ids.ayse!), eq(memberMonths.period, '2026-03')));
      const ended = await t.db.select().from(memberMonths).where(eq(memberMonths.memberId, ids.ayse!));
      const response = await send('PUT', `/api/admin/members/${ids.ayse}`, { commissionRateBps: 1000 });
      expect(response.status).toBe(200);
      // 10 % of D diamonds x the diamond value, rounded half to even.
      const expected = commissionEarningsCents(current!.diamonds, current!.diamondValueMicros, 1000);
      expect(expected).not.toBe(current!.earningsCents);
      expect(response.body.data).toMatchObject({ diamonds: current!.diamonds, earningsCents: expected });
      const after = await t.db.select().from(memberMonths).where(eq(memberMonths.memberId, ids.ayse!));
      expect(after.find((row) => row.period === '2026-03')).toMatchObject({ rateBps: 1000, personalRate: true, earningsCents: expected });
      expect(after.filter((row) => row.period !== '2026-03')).toEqual(ended.filter((row) => row.period !== '2026-03'));
      await send('PUT', `/api/admin/members/${ids.ayse}`, { commissionRateBps: null });
      const [restored] = await t.db
        .select()
        .from(memberMonths)
        .where(and(eq(memberMonths.memberId, ids.ayse!), eq(memberMonths.period, '2026-03')));
      expect(restored).toMatchObject({ rateBps: current!.rateBps, earningsCents: current!.earningsCents, personalRate: false });
    });
  });

  describe('POST /api/admin/members', () => {
    it('creates a member: "User create successfully", phone in E.164, activity entry', async () => {
      const response = await send('POST', '/api/admin/members', {
        firstName: 'Selin',
        lastName: 'Aydın',
        phone: '0532 111 22 33',
        email: 'Selin@Example.com',
        commissionRateBps: 250,
        referredBy: ids.ayse,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toMatchObject({
        message: 'User create successfully',
        messageCode: 'USER_CREATED',
        data: { phone: '+905321112233', email: 'selin@example.com', status: 'active', commissionRateBps: 250, affiliatedWith: { uid: ids.ayse } },
      });
      const uid = (response.body.data as Row).uid;
      const entries = await t.db.select().from(activityLog).where(eq(activityLog.entityId, uid));
      expect(entries.map((entry) => entry.action)).toEqual(['member.create']);
      expect(entries[0]!.actorId).toBe(adminId);
    });

    it('refuses a registered phone or e-mail with the catalogue message, changing nothing', async () => {
      const before = await userCount();
      const phone = await send('POST', '/api/admin/members', { firstName: 'A', lastName: 'B', phone: '+905320000002' });
      expect(phone.status).toBe(409);
      expect(phone.body).toEqual({ error: true, code: 'PHONE_ALREADY_REGISTERED', message: 'Phone number already registered' });
      const email = await send('POST', '/api/admin/members', { firstName: 'A', lastName: 'B', phone: '+905329990001', email: 'AYSE@example.com' });
      expect(email.status).toBe(409);
      expect(email.body).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });
      expect(await userCount()).toBe(before);
    });

    it('refuses invalid input, changing nothing', async () => {
      const before = await userCount();
      const cases: [unknown, string][] = [
        [{ firstName: 'A', lastName: 'B', phone: '12345' }, 'PHONE_INVALID'],
        [{ firstName: '', lastName: 'B', phone: '+905329990002' }, 'VALIDATION_FAILED'],
        [{ firstName: 'A', lastName: 'B', phone: '+905329990002', commissionRateBps: 10001 }, 'VALIDATION_FAILED'],
        [{ firstName: 'A', lastName: 'B', phone: '+905329990002', email: 'not-an-email' }, 'VALIDATION_FAILED'],
        [{ firstName: 'A', lastName: 'B', phone: '+905329990002', role: 'admin' }, 'VALIDATION_FAILED'],
        [{ firstName: 'A', lastName: 'B', phone: '+905329990002', referredBy: '00000000-0000-4000-8000-000000000000' }, 'MEMBER_REFERENCE_INVALID'],
      ];
      for (const [body, code] of cases) {
        const response = await send('POST', '/api/admin/members', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body, JSON.stringify(body)).toMatchObject({ code });
      }
      expect(await userCount()).toBe(before);
    });
  });

  describe('GET /api/admin/members/:id', () => {
    it('answers the member with creators and their figures, bank details and change history', async () => {
      await send('PUT', `/api/admin/members/${ids.elif}`, { commissionRateBps: 300 });
      const response = await get(`/api/admin/members/${ids.elif}`);
      expect(response.status).toBe(200);
      const detail = response.body.data as Row & {
        bank: unknown;
        creators: { tiktokUsername: string; diamonds: number }[];
        history: { action: string; before: unknown; after: unknown; actor: { uid: string } }[];
      };
      expect(detail.creators.map((creator) => creator.tiktokUsername).sort()).toEqual(['anka.gaming', 'deniz_dance', 'elif.demir.tv']);
      expect(detail.creators.find((creator) => creator.tiktokUsername === 'anka.gaming')!.diamonds).toBeGreaterThan(0);
      expect(detail.history[0]).toMatchObject({
        action: 'member.update',
        before: { commissionRateBps: null },
        after: { commissionRateBps: 300 },
        actor: { uid: adminId },
      });
      const ayse = await get(`/api/admin/members/${ids.ayse}`);
      expect(ayse.body.data).toMatchObject({ bank: { iban: 'TR360001000123456789012345', verifiedAt: expect.any(String) } });
    });

    it('404 for an unknown member or an admin', async () => {
      expect((await get('/api/admin/members/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await get(`/api/admin/members/${adminId}`)).status).toBe(404);
      expect((await get('/api/admin/members/not-a-uuid')).status).toBe(400);
    });
  });

  describe('PUT /api/admin/members/:id', () => {
    it('updates: "User Update successfully", before/after of the changed fields only', async () => {
      const response = await send('PUT', `/api/admin/members/${ids.mehmet}`, { firstName: 'Mehmet Ali', lastName: 'Kaya', commissionRateBps: 150 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ message: 'User Update successfully', data: { firstName: 'Mehmet Ali', commissionRateBps: 150 } });
      const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'member.update')).orderBy(activityLog.at);
      expect(entry).toBeDefined();
      const last = (await t.db.select().from(activityLog).where(eq(activityLog.entityId, ids.mehmet!))).at(-1)!;
      expect(last.before).toEqual({ firstName: 'Mehmet', commissionRateBps: null });
      expect(last.after).toEqual({ firstName: 'Mehmet Ali', commissionRateBps: 150 });
    });

    it('refuses another member\'s phone and bad rates, changing nothing', async () => {
      const [before] = await t.db.select().from(users).where(eq(users.id, ids.zeynep!));
      const phone = await send('PUT', `/api/admin/members/${ids.zeynep}`, { phone: '+905320000002' });
      expect(phone.status).toBe(409);
      expect(phone.body).toMatchObject({ code: 'PHONE_ALREADY_REGISTERED', message: 'Phone number already registered' });
      expect((await send('PUT', `/api/admin/members/${ids.zeynep}`, { commissionRateBps: -1 })).status).toBe(400);
      expect((await send('PUT', `/api/admin/members/${ids.zeynep}`, { referredBy: ids.zeynep })).status).toBe(400);
      const [after] = await t.db.select().from(users).where(eq(users.id, ids.zeynep!));
      expect(after).toEqual(before);
    });

    it('disabling a member ends their sessions', async () => {
      const member = await createUser(t.db, { email: 'disable.me@example.com', password: 'Disable-me-1' });
      const token = await signInWithPassword(t.app, 'disable.me@example.com', 'Disable-me-1');
      expect((await get('/api/me', token)).status).toBe(200);
      const response = await send('PUT', `/api/admin/members/${member.id}`, { status: 'disabled' });
      expect(response.status).toBe(200);
      expect((await get('/api/me', token)).status).toBe(401);
    });
  });

  describe('DELETE /api/admin/members/:id', () => {
    it('erases a member without money history: "User deleted successfully"', async () => {
      const member = await createUser(t.db, { email: 'erase.me@example.com' });
      const response = await send('DELETE', `/api/admin/members/${member.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ message: 'User deleted successfully', data: { uid: member.id, outcome: 'deleted' } });
      expect(await t.db.$count(users, eq(users.id, member.id))).toBe(0);
      expect(await t.db.$count(activityLog, eq(activityLog.action, 'member.delete'))).toBe(1);
    });

    it('disables (never erases) a member with money history and ends their sessions', async () => {
      const before = await t.db.$count(creators);
      const response = await send('DELETE', `/api/admin/members/${ids.ayse}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ messageCode: 'USER_DISABLED', data: { uid: ids.ayse, outcome: 'disabled' } });
      const [ayse] = await t.db.select().from(users).where(eq(users.id, ids.ayse!));
      expect(ayse!.status).toBe('disabled');
      expect(await t.db.$count(bankDetails, eq(bankDetails.userId, ids.ayse!))).toBe(1);
      expect(await t.db.$count(creators)).toBe(before);
      const live = await t.db.select().from(sessions).where(eq(sessions.userId, ids.ayse!));
      expect(live.every((session) => session.revokedAt !== null)).toBe(true);
      expect((await get('/api/me', memberToken)).status).toBe(401);
    });

    it('refuses to delete yourself or an admin: "Failed to delete user"', async () => {
      const self = await send('DELETE', `/api/admin/members/${adminId}`);
      expect(self.status).toBe(409);
      expect(self.body).toEqual({ error: true, code: 'USER_DELETE_FAILED', message: 'Failed to delete user' });
      const otherAdmin = await createUser(t.db, { role: 'admin' });
      const admin = await send('DELETE', `/api/admin/members/${otherAdmin.id}`);
      expect(admin.status).toBe(409);
      expect(admin.body).toMatchObject({ message: 'Failed to delete user' });
      expect(await t.db.$count(users, eq(users.id, otherAdmin.id))).toBe(1);
      expect((await send('DELETE', '/api/admin/members/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });

  describe('POST /api/admin/members/:id/bank/verify', () => {
    it('marks the current bank details Verified; 404 when there are none', async () => {
      await t.db.update(bankDetails).set({ verifiedAt: null }).where(eq(bankDetails.userId, ids.mehmet!));
      const hasBank = await t.db.$count(bankDetails, eq(bankDetails.userId, ids.mehmet!));
      if (hasBank === 0) {
        await t.db.insert(bankDetails).values({ userId: ids.mehmet!, holderName: 'Mehmet Kaya', identityNumber: '10000000146', bankName: 'Bank', iban: 'TR330006100519786457841326' });
      }
      const response = await send('POST', `/api/admin/members/${ids.mehmet}/bank/verify`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ messageCode: 'BANK_VERIFIED', data: { bankStatus: 'Verified' } });
      expect((await list('?q=mehmet.kaya')).items.find((item) => item.uid === ids.mehmet)!.bankStatus).toBe('Verified');
      // One entry for this verification (the demo's history holds the verification of Elif's details).
      expect(await t.db.$count(activityLog, and(eq(activityLog.action, 'member.bank.verify'), eq(activityLog.entityId, ids.mehmet!)))).toBe(1);

      const nobody = await createUser(t.db);
      const missing = await send('POST', `/api/admin/members/${nobody.id}/bank/verify`);
      expect(missing.status).toBe(404);
    });
  });

  it('a member token gets 403 on every admin members route', async () => {
    const routes: [('GET' | 'POST' | 'PUT' | 'DELETE'), string][] = [
      ['GET', '/api/admin/members'],
      ['POST', '/api/admin/members'],
      ['GET', `/api/admin/members/${ids.elif}`],
      ['PUT', `/api/admin/members/${ids.elif}`],
      ['DELETE', `/api/admin/members/${ids.elif}`],
      ['POST', `/api/admin/members/${ids.elif}/bank/verify`],
    ];
    const token = await signInWithPassword(t.app, 'elif@example.com', 'Member!2026demo');
    for (const [method, url] of routes) {
      const response = await call(t.app, method, url, { token, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    expect(await t.db.$count(users, eq(users.id, ids.elif!))).toBe(1);
  });
});
