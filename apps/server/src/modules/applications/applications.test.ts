import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, lastCodeSentTo, type TestApp } from '../../../test/helpers.ts';
import { activityLog, creators, otpCodes, outboxMessages, users } from '../../db/schema.ts';

describe('POST /api/applications', () => {
  let t: TestApp;
  let referrer: Awaited<ReturnType<typeof createUser>>;
  let phoneCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    referrer = await createUser(t.db, { phone: '+905330000001', referralCode: 'REFER001', firstName: 'Ayşe' });
  });
  afterAll(() => t.close());

  /** A phone that belongs to nobody, with an apply code already sent to it. */
  async function phoneWithCode(): Promise<{ phone: string; code: string; ip: string }> {
    phoneCounter += 1;
    const phone = `+90533200${String(phoneCounter).padStart(4, '0')}`;
    const ip = `10.5.0.${phoneCounter}`;
    const sent = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'apply' }, ip });
    expect(sent.status).toBe(200);
    return { phone, code: await lastCodeSentTo(t.db, phone), ip };
  }

  async function rowCounts() {
    const [u] = await t.db.select({ value: count() }).from(users);
    const [c] = await t.db.select({ value: count() }).from(creators);
    return { users: u!.value, creators: c!.value };
  }

  function apply(body: Record<string, unknown>, ip?: string) {
    return call(t.app, 'POST', '/api/applications', { body, ...(ip ? { ip } : {}) });
  }

  it('creates a pending member and a pending creator with the referrer, in one go', async () => {
    const { phone, code, ip } = await phoneWithCode();
    const response = await apply(
      { firstName: 'Can', lastName: 'Öztürk', tiktokUsername: '  @Can.Ozturk ', phone, code, ref: 'refer001' },
      ip,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      error: false,
      message: 'Application Submitted!',
      messageCode: 'APPLICATION_SUBMITTED',
      data: { memberId: expect.any(String), creatorId: expect.any(String), status: 'pending' },
    });
    const { memberId, creatorId } = response.body.data as { memberId: string; creatorId: string };

    const [member] = await t.db.select().from(users).where(eq(users.id, memberId));
    expect(member).toMatchObject({
      firstName: 'Can',
      lastName: 'Öztürk',
      phone,
      role: 'user',
      status: 'pending',
      referredBy: referrer.id,
    });
    expect(member!.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(member!.referralCode).not.toBe(referrer.referralCode);

    const [creator] = await t.db.select().from(creators).where(eq(creators.id, creatorId));
    expect(creator).toMatchObject({
      tiktokUsername: 'can.ozturk',
      status: 'pending',
      ownerId: memberId,
      affiliateId: referrer.id,
      phone,
    });
    expect(await t.db.$count(activityLog, eq(activityLog.action, 'application.submit'))).toBe(1);

    // The applicant cannot sign in until an admin approves: the SMS says so instead of carrying a code.
    const login = await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip: '10.5.9.9' });
    expect(login.status).toBe(200);
    const sent = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
    expect(sent.filter((message) => message.code === null)).toHaveLength(1);
  });

  it('without a referral code the creator has no affiliate', async () => {
    const { phone, code, ip } = await phoneWithCode();
    const response = await apply({ firstName: 'Ece', lastName: 'Tan', tiktokUsername: 'ece_tan', phone, code }, ip);
    expect(response.status).toBe(201);
    const { memberId, creatorId } = response.body.data as { memberId: string; creatorId: string };
    const [creator] = await t.db.select().from(creators).where(eq(creators.id, creatorId));
    expect(creator!.affiliateId).toBeNull();
    const [member] = await t.db.select().from(users).where(eq(users.id, memberId));
    expect(member!.referredBy).toBeNull();
  });

  describe('refusals change nothing', () => {
    it('an invalid username: "Invalid TikTok username format"', async () => {
      const { phone, code, ip } = await phoneWithCode();
      const before = await rowCounts();
      for (const tiktokUsername of ['a', 'has space', 'dash-name', 'x'.repeat(25), 'ümlaut']) {
        const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername, phone, code }, ip);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          error: true,
          code: 'TIKTOK_USERNAME_INVALID',
          message: 'Invalid TikTok username format',
        });
      }
      expect(await rowCounts()).toEqual(before);
      // The code was not touched: it still works.
      const fine = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'valid.name', phone, code }, ip);
      expect(fine.status).toBe(201);
    });

    it('a taken username: "TikTok username already exists" (case and @ ignored)', async () => {
      const { phone, code, ip } = await phoneWithCode();
      const before = await rowCounts();
      const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: '@CAN.OZTURK', phone, code }, ip);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: true, code: 'TIKTOK_USERNAME_TAKEN', message: 'TikTok username already exists' });
      expect(await rowCounts()).toEqual(before);
    });

    it('an invalid phone: "Invalid phone number"', async () => {
      const before = await rowCounts();
      const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'new.one', phone: '12345', code: '123456' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: true, code: 'PHONE_INVALID', message: 'Invalid phone number' });
      expect(await rowCounts()).toEqual(before);
    });

    it('a phone that already belongs to a member: 409', async () => {
      const { phone, code, ip } = await phoneWithCode();
      await createUser(t.db, { phone });
      const before = await rowCounts();
      const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'another.one', phone, code }, ip);
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'PHONE_ALREADY_REGISTERED' });
      expect(await rowCounts()).toEqual(before);
    });

    it('a wrong code: "Invalid otp try again"; 5 wrong tries kill the code', async () => {
      const { phone, code, ip } = await phoneWithCode();
      const before = await rowCounts();
      const wrong = code === '000000' ? '999999' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'wrong.code', phone, code: wrong }, ip);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: true, code: 'OTP_INVALID', message: 'Invalid otp try again' });
      }
      const sixth = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'wrong.code', phone, code }, ip);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ code: 'OTP_TOO_MANY_ATTEMPTS' });
      expect(await rowCounts()).toEqual(before);
    });

    it('an expired code is refused', async () => {
      const { phone, code, ip } = await phoneWithCode();
      t.clock.advanceSeconds(301);
      const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'late.one', phone, code }, ip);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'OTP_EXPIRED', message: 'This code has expired; please request a new one' });
    });

    it('a login code is not an apply code', async () => {
      const member = await createUser(t.db, { phone: '+905332999999' });
      await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone: member.phone, purpose: 'login' }, ip: '10.5.8.1' });
      const code = await lastCodeSentTo(t.db, member.phone!);
      await t.db.delete(users).where(eq(users.id, member.id));
      const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'login.code', phone: member.phone, code });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'OTP_INVALID' });
    });

    it('an unknown referral code is 400', async () => {
      const { phone, code, ip } = await phoneWithCode();
      const before = await rowCounts();
      const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'ref.less', phone, code, ref: 'NOPE1234' }, ip);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'REFERRAL_CODE_INVALID' });
      expect(await rowCounts()).toEqual(before);
    });

    it('unknown fields are rejected', async () => {
      const { phone, code, ip } = await phoneWithCode();
      const response = await apply({ firstName: 'A', lastName: 'B', tiktokUsername: 'extra.field', phone, code, status: 'active' }, ip);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  it('the code is single use: the same submission twice creates one application', async () => {
    const { phone, code, ip } = await phoneWithCode();
    const body = { firstName: 'Ali', lastName: 'Er', tiktokUsername: 'ali.er', phone, code };
    const first = await apply(body, ip);
    expect(first.status).toBe(201);
    const second = await apply(body, ip);
    expect(second.status).toBe(409);
    expect(await t.db.$count(creators, eq(creators.tiktokUsername, 'ali.er'))).toBe(1);
  });

  it('parallel submissions for one username create one application (unique index -> 409)', async () => {
    const one = await phoneWithCode();
    const two = await phoneWithCode();
    const results = await Promise.all([
      apply({ firstName: 'P', lastName: 'One', tiktokUsername: 'same.name', phone: one.phone, code: one.code }, one.ip),
      apply({ firstName: 'P', lastName: 'Two', tiktokUsername: 'same.name', phone: two.phone, code: two.code }, two.ip),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    const loser = results.find((result) => result.status === 409)!;
    expect(loser.body).toMatchObject({ code: 'TIKTOK_USERNAME_TAKEN' });
    expect(await t.db.$count(creators, eq(creators.tiktokUsername, 'same.name'))).toBe(1);
    // The loser's member row was rolled back with the creator.
    expect(await t.db.$count(users, eq(users.lastName, 'Two')) + (await t.db.$count(users, eq(users.lastName, 'One')))).toBe(1);
  });

  it('parallel submissions with one phone and one code create one application', async () => {
    const { phone, code, ip } = await phoneWithCode();
    const results = await Promise.all([
      apply({ firstName: 'Q', lastName: 'One', tiktokUsername: 'q.one', phone, code }, ip),
      apply({ firstName: 'Q', lastName: 'Two', tiktokUsername: 'q.two', phone, code }, ip),
    ]);
    expect(results.map((result) => result.status).sort()[0]).toBe(201);
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(await t.db.$count(users, eq(users.phone, phone))).toBe(1);
    const [otp] = await t.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(otp!.consumedAt).not.toBeNull();
  });
});
