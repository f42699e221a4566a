import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signInWithPassword, type TestApp } from '../../../test/helpers.ts';

interface ListBody<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
interface MemberItem {
  uid: string;
  firstName: string;
  lastName: string;
  email: string | null;
  status: string;
  joinedAt: string;
  referredBy: string | null;
  referralCode: string;
  referralLink: string;
  bankStatus: string;
}

describe('members (demo agency)', () => {
  let t: TestApp;
  let adminToken: string;
  let ayseToken: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', 'Admin!2026demo');
    ayseToken = await signInWithPassword(t.app, 'ayse@example.com', 'Member!2026demo');
  });
  afterAll(() => t.close());

  async function listMembers(query = '') {
    const response = await call(t.app, 'GET', `/api/admin/members${query}`, { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as ListBody<MemberItem>;
  }

  it('lists members (not admins) with the PRODUCT fields, newest first by default', async () => {
    const list = await listMembers();
    expect(list).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(list.items.map((item) => item.email)).toEqual([
      'can@example.com',
      'zeynep@example.com',
      'elif@example.com',
      'mehmet@example.com',
      'ayse@example.com',
    ]);
    const ayse = list.items.find((item) => item.email === 'ayse@example.com')!;
    expect(ayse).toMatchObject({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      phone: '+905320000002',
      status: 'active',
      role: 'user',
      referralCode: 'AYSE2026',
      referralLink: 'http://portal.test/kayit?ref=AYSE2026',
      bankStatus: 'Verified',
      commissionRateBps: null,
      invoicePreference: 'default',
    });
    const mehmet = list.items.find((item) => item.email === 'mehmet@example.com')!;
    expect(mehmet.referredBy).toBe(ayse.uid);
    expect(mehmet.bankStatus).toBe('Not Verified');
  });

  it('searches, filters, sorts and pages on the server', async () => {
    expect((await listMembers('?q=y%C4%B1lmaz')).items.map((item) => item.email)).toEqual(['ayse@example.com']);
    expect((await listMembers('?q=0000004')).items.map((item) => item.email)).toEqual(['elif@example.com']);
    expect((await listMembers('?q=%25')).total).toBe(0); // a literal %, not a wildcard
    expect((await listMembers('?status=pending')).items.map((item) => item.email)).toEqual(['can@example.com']);
    const byName = await listMembers('?sort=firstName');
    expect(byName.items.map((item) => item.firstName)).toEqual(['Ayşe', 'Can', 'Elif', 'Mehmet', 'Zeynep']);
    const page2 = await listMembers('?sort=-firstName&page=2&pageSize=2');
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((item) => item.firstName)).toEqual(['Elif', 'Can']);
  });

  it('refuses unknown sort fields and out-of-range pages', async () => {
    for (const query of ['?sort=passwordHash', '?pageSize=1000', '?page=0', '?bogus=1']) {
      const response = await call(t.app, 'GET', `/api/admin/members${query}`, { token: adminToken });
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('GET /api/me/profile answers the member with bank details', async () => {
    const response = await call(t.app, 'GET', '/api/me/profile', { token: ayseToken });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      email: 'ayse@example.com',
      bankStatus: 'Verified',
      bank: { holderName: 'Ayşe Yılmaz', bankName: 'T.C. Ziraat Bankası', iban: 'TR360001000123456789012345', identityNumber: '10000000146' },
    });
    const admin = await call(t.app, 'GET', '/api/me/profile', { token: adminToken });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ role: 'admin', bank: null });
  });

  it('GET /api/admin/applications lists pending applicants with their creator', async () => {
    const response = await call(t.app, 'GET', '/api/admin/applications?status=pending', { token: adminToken });
    expect(response.status).toBe(200);
    const list = response.body.data as ListBody<{ id: string; member: MemberItem; creator: { tiktokUsername: string; status: string; ownerId: string } | null; referrer: unknown }>;
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.items[0]).toMatchObject({
      member: { email: 'can@example.com', status: 'pending' },
      creator: { tiktokUsername: 'can.ozturk', status: 'pending' },
      referrer: null,
    });
    expect(list.items[0]!.id).toBe(list.items[0]!.member.uid);
    expect(list.items[0]!.creator!.ownerId).toBe(list.items[0]!.member.uid);

    const noStatus = await call(t.app, 'GET', '/api/admin/applications', { token: adminToken });
    expect((noStatus.body.data as ListBody<unknown>).total).toBe(1);
  });
});
