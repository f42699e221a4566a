import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { uploadFile } from '../../../test/multipart.ts';
import { activityLog, bankDetails, creatorMonths, creators, users } from '../../db/schema.ts';

const PASSWORD = 'Member!2026test';
const VALID_BANK = { holderName: 'Ayşe Yılmaz', identityNumber: '10000000146', bankName: 'Ziraat Bankası', iban: 'TR33 0006 1005 1978 6457 8413 26' };

interface ProfileBody {
  uid: string;
  firstName: string;
  email: string | null;
  locale: string;
  bankStatus: string;
  referralLink: string;
  avatarUrl: string | null;
  bank: { holderName: string; identityNumber: string; bankName: string; iban: string } | null;
}

describe('member self-service: profile, bank details, picture, creators', () => {
  let t: TestApp;
  let memberA: { id: string; token: string };
  let memberB: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'agency-profile-')) } });
    const a = await createUser(t.db, { firstName: 'Ayşe', email: 'a@example.com', password: PASSWORD, phone: '+905321110001' });
    const b = await createUser(t.db, { firstName: 'Burak', email: 'b@example.com', password: PASSWORD, phone: '+905321110002' });
    memberA = { id: a.id, token: await signInWithPassword(t.app, 'a@example.com', PASSWORD) };
    memberB = { id: b.id, token: await signInWithPassword(t.app, 'b@example.com', PASSWORD) };
  });
  afterAll(() => t.close());

  const getProfile = async (token: string) => {
    const response = await call(t.app, 'GET', '/api/me/profile', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as ProfileBody;
  };

  describe('GET/PUT /api/me/profile', () => {
    it('answers the own member fields with a referral link and no bank details yet', async () => {
      const profile = await getProfile(memberA.token);
      expect(profile).toMatchObject({ uid: memberA.id, firstName: 'Ayşe', email: 'a@example.com', bankStatus: 'Not Verified', bank: null, avatarUrl: null });
      expect(profile.referralLink).toMatch(/^http:\/\/portal\.test\/kayit\?ref=/);
    });

    it('needs a sign-in', async () => {
      expect((await call(t.app, 'GET', '/api/me/profile')).status).toBe(401);
    });

    it('changes own names, e-mail, language and invoice preference with the catalogue message', async () => {
      const response = await call(t.app, 'PUT', '/api/me/profile', {
        token: memberA.token,
        body: { firstName: 'Ayşe Nur', lastName: 'Yılmaz', email: 'ayse.nur@example.com', locale: 'de', invoicePreference: 'custom', currentPassword: PASSWORD },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.message).toBe('Details updated successfully');
      expect(response.body.data).toMatchObject({ firstName: 'Ayşe Nur', email: 'ayse.nur@example.com', locale: 'de', invoicePreference: 'custom' });
      const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'profile.update'));
      expect(entry?.after).toMatchObject({ firstName: 'Ayşe Nur', email: 'ayse.nur@example.com' });
    });

    it('saves the form unchanged without writing an activity entry', async () => {
      const entries = async () => (await t.db.select().from(activityLog).where(eq(activityLog.action, 'profile.update'))).length;
      const before = await entries();
      const response = await call(t.app, 'PUT', '/api/me/profile', {
        token: memberA.token,
        body: { firstName: 'Ayşe Nur', lastName: 'Yılmaz', email: 'ayse.nur@example.com', locale: 'de', invoicePreference: 'custom' },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data).toMatchObject({ firstName: 'Ayşe Nur', email: 'ayse.nur@example.com', locale: 'de' });
      expect(await entries()).toBe(before);
      const renamed = await call(t.app, 'PUT', '/api/me/profile', { token: memberA.token, body: { lastName: 'Yıldız' } });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(await entries()).toBe(before + 1);
      const renaming = (await t.db.select().from(activityLog).where(eq(activityLog.action, 'profile.update'))).filter((entry) => entry.after?.lastName === 'Yıldız');
      expect(renaming.map((entry) => [entry.before, entry.after])).toEqual([[{ lastName: 'Yılmaz' }, { lastName: 'Yıldız' }]]);
      await call(t.app, 'PUT', '/api/me/profile', { token: memberA.token, body: { lastName: 'Yılmaz' } });
    });

    it('refuses an e-mail of another account, unknown fields, and fields a member may not change', async () => {
      const base = { firstName: 'A', lastName: 'B', locale: 'tr', invoicePreference: 'default' };
      const taken = await call(t.app, 'PUT', '/api/me/profile', { token: memberA.token, body: { ...base, email: 'b@example.com', currentPassword: PASSWORD } });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('EMAIL_ALREADY_REGISTERED');
      for (const extra of [{ role: 'admin' }, { status: 'active' }, { uid: memberB.id }, { phone: '+905321110009' }]) {
        const response = await call(t.app, 'PUT', '/api/me/profile', { token: memberA.token, body: { ...base, email: null, currentPassword: PASSWORD, ...extra } });
        expect(response.status).toBe(400);
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, memberA.id));
      expect(row).toMatchObject({ role: 'user', email: 'ayse.nur@example.com', firstName: 'Ayşe Nur' });
    });
  });

  describe('PUT /api/me/bank', () => {
    it('saves normalised details, answers the catalogue message and Not Verified', async () => {
      const response = await call(t.app, 'PUT', '/api/me/bank', { token: memberA.token, body: VALID_BANK });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.message).toBe('Details updated successfully');
      const profile = await getProfile(memberA.token);
      expect(profile.bank).toEqual({ ...VALID_BANK, iban: 'TR330006100519786457841326' });
      expect(profile.bankStatus).toBe('Not Verified');
    });

    it('refuses an invalid IBAN and an invalid identity number, changing nothing', async () => {
      const before = await t.db.select().from(bankDetails).where(eq(bankDetails.userId, memberA.id));
      const badIban = await call(t.app, 'PUT', '/api/me/bank', { token: memberA.token, body: { ...VALID_BANK, iban: 'TR330006100519786457841327' } });
      expect(badIban.status).toBe(400);
      expect(badIban.body.code).toBe('IBAN_INVALID');
      const badId = await call(t.app, 'PUT', '/api/me/bank', { token: memberA.token, body: { ...VALID_BANK, bankName: 'Other', identityNumber: '12345678951' } });
      expect(badId.status).toBe(400);
      expect(badId.body.code).toBe('IDENTITY_NUMBER_INVALID');
      const missing = await call(t.app, 'PUT', '/api/me/bank', { token: memberA.token, body: { iban: VALID_BANK.iban } });
      expect(missing.status).toBe(400);
      expect(await t.db.select().from(bankDetails).where(eq(bankDetails.userId, memberA.id))).toEqual(before);
    });

    it('accepts a foreign IBAN without a T.C. number', async () => {
      const response = await call(t.app, 'PUT', '/api/me/bank', {
        token: memberB.token,
        body: { holderName: 'Burak Demir', identityNumber: 'C01X00T47', bankName: 'Commerzbank', iban: 'de89 3704 0044 0532 0130 00' },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect((await getProfile(memberB.token)).bank?.iban).toBe('DE89370400440532013000');
    });

    it('resets Verified to Not Verified when the details are edited', async () => {
      await t.db.update(bankDetails).set({ verifiedAt: new Date() }).where(eq(bankDetails.userId, memberA.id));
      expect((await getProfile(memberA.token)).bankStatus).toBe('Verified');
      const response = await call(t.app, 'PUT', '/api/me/bank', { token: memberA.token, body: { ...VALID_BANK, bankName: 'İş Bankası' } });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ bankStatus: 'Not Verified' });
      const profile = await getProfile(memberA.token);
      expect(profile.bankStatus).toBe('Not Verified');
      expect(profile.bank?.bankName).toBe('İş Bankası');
    });
  });

  describe('PUT/GET /api/me/avatar', () => {
    it('accepts a PNG, stores it at most 256x256 and serves it inline without sniffing', async () => {
      const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#fe2c55' } }).png().toBuffer();
      const response = await uploadFile(t.app, '/api/me/avatar', memberA.token, { name: 'me.png', type: 'image/png', data: png });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.message).toBe('Details updated successfully');
      const served = await t.app.inject({ method: 'GET', url: '/api/me/avatar', headers: { accesstoken: memberA.token } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'png', width: 256, height: 128 });
      const [row] = await t.db.select().from(users).where(eq(users.id, memberA.id));
      expect(row?.avatarKey).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
      expect((await getProfile(memberA.token)).avatarUrl).toMatch(/^\/api\/me\/avatar\?v=/);
    });

    it('accepts a picture between 1 and 2 MB (above the JSON body limit)', async () => {
      const noise = Buffer.alloc(700 * 700 * 3);
      for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251;
      const png = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(png.length).toBeGreaterThan(1024 * 1024);
      expect(png.length).toBeLessThanOrEqual(2 * 1024 * 1024);
      const response = await uploadFile(t.app, '/api/me/avatar', memberB.token, { name: 'big.png', type: 'image/png', data: png });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    });

    it('accepts a JPEG named .png (the content decides) and serves it as JPEG', async () => {
      const jpeg = await sharp({ create: { width: 100, height: 300, channels: 3, background: '#25f4ee' } }).jpeg().toBuffer();
      const response = await uploadFile(t.app, '/api/me/avatar', memberB.token, { name: 'photo.png', type: 'image/png', data: jpeg });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const served = await t.app.inject({ method: 'GET', url: '/api/me/avatar', headers: { accesstoken: memberB.token } });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 85, height: 256 });
    });

    it('refuses 2 MB + 1 byte with 413, an executable renamed .png with 415, an empty file with 400', async () => {
      const [before] = await t.db.select().from(users).where(eq(users.id, memberA.id));
      const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooLarge = Buffer.concat([pngHeader, Buffer.alloc(2 * 1024 * 1024 + 1 - pngHeader.length, 1)]);
      const large = await uploadFile(t.app, '/api/me/avatar', memberA.token, { name: 'big.png', type: 'image/png', data: tooLarge });
      expect(large.status).toBe(413);
      expect(large.body.code).toBe('IMAGE_TOO_LARGE');

      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 0x90)]);
      const executable = await uploadFile(t.app, '/api/me/avatar', memberA.token, { name: 'cat.png', type: 'image/png', data: elf });
      expect(executable.status).toBe(415);
      expect(executable.body.code).toBe('IMAGE_TYPE_INVALID');

      const broken = await uploadFile(t.app, '/api/me/avatar', memberA.token, { name: 'x.png', type: 'image/png', data: Buffer.concat([pngHeader, Buffer.alloc(100, 7)]) });
      expect(broken.status).toBe(415);

      const empty = await uploadFile(t.app, '/api/me/avatar', memberA.token, { name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) });
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('IMAGE_EMPTY');

      const json = await call(t.app, 'PUT', '/api/me/avatar', { token: memberA.token, body: { file: 'x' } });
      expect(json.status).toBe(415);

      const [after] = await t.db.select().from(users).where(eq(users.id, memberA.id));
      expect(after?.avatarKey).toBe(before?.avatarKey);
    });

    it('answers 404 when there is no picture', async () => {
      const c = await createUser(t.db, { email: 'c@example.com', password: PASSWORD });
      const token = await signInWithPassword(t.app, 'c@example.com', PASSWORD);
      expect((await call(t.app, 'GET', '/api/me/avatar', { token })).status).toBe(404);
      const admin = await createUser(t.db, { role: 'admin', email: 'admin@example.com', password: PASSWORD });
      const adminToken = await signInWithPassword(t.app, 'admin@example.com', PASSWORD);
      expect((await call(t.app, 'GET', `/api/admin/members/${c.id}/avatar`, { token: adminToken })).status).toBe(404);
      const ofA = await t.app.inject({ method: 'GET', url: `/api/admin/members/${memberA.id}/avatar`, headers: { accesstoken: adminToken } });
      expect(ofA.statusCode).toBe(200);
      expect(ofA.headers['content-type']).toBe('image/png');
      expect(admin.role).toBe('admin');
    });
  });

  describe('GET /api/me/creators', () => {
    it("lists creators the member brought or signs in for, with this month's figures, paginated", async () => {
      const [brought, owned, other] = await t.db
        .insert(creators)
        .values([
          { tiktokUsername: 'brought.one', name: 'Brought', affiliateId: memberA.id, status: 'active', joinedAt: new Date('2026-01-01') },
          { tiktokUsername: 'owned.one', name: 'Owned', ownerId: memberA.id, status: 'active', joinedAt: new Date('2026-02-01') },
          { tiktokUsername: 'of.b', name: 'Of B', affiliateId: memberB.id, ownerId: memberB.id, status: 'active' },
        ])
        .returning();
      await t.db.insert(creatorMonths).values([
        { creatorId: brought!.id, period: '2026-03', diamonds: 120_000, validDays: 9, liveSeconds: 40_000, matches: 3, lastLiveAt: new Date('2026-03-17T20:00:00Z') },
        { creatorId: brought!.id, period: '2026-02', diamonds: 999_999, validDays: 20, liveSeconds: 90_000, matches: 9 },
        { creatorId: other!.id, period: '2026-03', diamonds: 5, validDays: 1, liveSeconds: 60, matches: 0 },
      ]);
      const response = await call(t.app, 'GET', '/api/me/creators?pageSize=1', { token: memberA.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const first = response.body.data as { items: Record<string, unknown>[]; total: number };
      expect(first.total).toBe(2);
      expect(first.items).toHaveLength(1);
      expect(first.items[0]).toMatchObject({ id: owned!.id, relation: 'owner', diamonds: 0, validDays: 0, lastLiveAt: null });
      const second = (await call(t.app, 'GET', '/api/me/creators?page=2&pageSize=1', { token: memberA.token })).body.data as { items: Record<string, unknown>[] };
      expect(second.items[0]).toMatchObject({
        id: brought!.id,
        relation: 'affiliate',
        period: '2026-03',
        diamonds: 120_000,
        validDays: 9,
        liveSeconds: 40_000,
        matches: 3,
        lastLiveAt: '2026-03-17T20:00:00.000Z',
        achievedPercent: 0,
        requirementState: null,
      });
    });

    it('gives the requirement progress, lists failing and at-risk creators first, and filters the at-risk list', async () => {
      const [risky, failing, riskyOfB] = await t.db
        .insert(creators)
        .values([
          { tiktokUsername: 'risky.one', name: 'Risky', affiliateId: memberA.id, status: 'active', joinedAt: new Date('2025-06-01') },
          { tiktokUsername: 'failing.one', name: 'Failing', affiliateId: memberA.id, status: 'active', joinedAt: new Date('2025-05-01') },
          { tiktokUsername: 'risky.of.b', name: 'Risky of B', affiliateId: memberB.id, status: 'active' },
        ])
        .returning();
      await t.db.insert(creatorMonths).values([
        // 4 valid days of 12 (3333 bps), 20 hours of 25 (8000 bps): 33.3%.
        { creatorId: risky!.id, period: '2026-03', diamonds: 10, validDays: 4, liveSeconds: 72_000, achievedBps: 3333, requirementState: 'atRisk' },
        { creatorId: failing!.id, period: '2026-03', diamonds: 0, validDays: 0, liveSeconds: 0, achievedBps: 0, requirementState: 'failing' },
        { creatorId: failing!.id, period: '2026-02', diamonds: 0, validDays: 20, liveSeconds: 100_000, achievedBps: 10_000, requirementState: 'onTrack' },
        { creatorId: riskyOfB!.id, period: '2026-03', diamonds: 0, achievedBps: 0, requirementState: 'failing' },
      ]);
      const all = (await call(t.app, 'GET', '/api/me/creators', { token: memberA.token })).body.data as {
        items: { tiktokUsername: string; achievedPercent: number; requirementState: string | null }[];
        total: number;
      };
      expect(all.total).toBe(4);
      expect(all.items.map((item) => [item.tiktokUsername, item.requirementState, item.achievedPercent])).toEqual([
        ['failing.one', 'failing', 0],
        ['risky.one', 'atRisk', 33.3],
        ['owned.one', null, 0],
        ['brought.one', null, 0],
      ]);

      const atRisk = await call(t.app, 'GET', '/api/me/creators?requirement=atRisk', { token: memberA.token });
      expect(atRisk.status, JSON.stringify(atRisk.body)).toBe(200);
      const list = atRisk.body.data as { items: { tiktokUsername: string }[]; total: number };
      expect(list.total).toBe(2);
      expect(list.items.map((item) => item.tiktokUsername)).toEqual(['failing.one', 'risky.one']);
      expect((await call(t.app, 'GET', '/api/me/creators?requirement=failing', { token: memberA.token })).status).toBe(400);
    });
  });

  describe('ownership: member A can never read or change member B', () => {
    it('has no /api/me route that takes an id, and ids sent anyway are refused or ignored', async () => {
      const bBefore = await getProfile(memberB.token);
      const [bBank] = await t.db.select().from(bankDetails).where(eq(bankDetails.userId, memberB.id));

      // Attempts to name member B through the query, the path or the body.
      expect((await call(t.app, 'GET', `/api/me/profile?uid=${memberB.id}`, { token: memberA.token })).body.data).toMatchObject({ uid: memberA.id });
      expect((await call(t.app, 'GET', `/api/me/profile/${memberB.id}`, { token: memberA.token })).status).toBe(404);
      expect((await call(t.app, 'GET', `/api/me/avatar/${memberB.id}`, { token: memberA.token })).status).toBe(404);
      expect((await call(t.app, 'PUT', '/api/me/bank', { token: memberA.token, body: { ...VALID_BANK, userId: memberB.id } })).status).toBe(400);
      expect(
        (await call(t.app, 'PUT', '/api/me/profile', { token: memberA.token, body: { uid: memberB.id, firstName: 'X', lastName: 'Y', email: null, locale: 'tr', invoicePreference: 'default' } }))
          .status,
      ).toBe(400);
      const creatorsOfA = (await call(t.app, 'GET', `/api/me/creators?ownerId=${memberB.id}`, { token: memberA.token })).status;
      expect(creatorsOfA).toBe(400);
      const listed = (await call(t.app, 'GET', '/api/me/creators', { token: memberA.token })).body.data as { items: { tiktokUsername: string }[] };
      expect(listed.items.map((item) => item.tiktokUsername)).not.toContain('of.b');

      // A's own avatar is A's, not B's (B has a JPEG, A a PNG).
      const aAvatar = await t.app.inject({ method: 'GET', url: '/api/me/avatar', headers: { accesstoken: memberA.token } });
      expect(aAvatar.headers['content-type']).toBe('image/png');

      // The admin avatar route is closed to members.
      expect((await call(t.app, 'GET', `/api/admin/members/${memberB.id}/avatar`, { token: memberA.token })).status).toBe(403);

      expect(await getProfile(memberB.token)).toEqual(bBefore);
      expect(await t.db.select().from(bankDetails).where(eq(bankDetails.userId, memberB.id))).toEqual([bBank]);
    });
  });
});
