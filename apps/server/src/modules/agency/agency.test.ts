import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, lastCodeSentTo, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { activityLog, users } from '../../db/schema.ts';

const PASSWORD = 'Admin!2026test';

describe('referral links', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  let member: typeof users.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { role: 'admin', email: 'admin@example.com', password: PASSWORD });
    member = await createUser(t.db, { email: 'm@example.com', password: PASSWORD, referralCode: 'REFOLD22' });
    adminToken = await signInWithPassword(t.app, 'admin@example.com', PASSWORD);
    memberToken = await signInWithPassword(t.app, 'm@example.com', PASSWORD);
  });
  afterAll(() => t.close());

  async function apply(phone: string, username: string, ref: string) {
    await call(t.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'apply' } });
    const code = await lastCodeSentTo(t.db, phone);
    return call(t.app, 'POST', '/api/applications', { body: { firstName: 'Yeni', lastName: 'Aday', tiktokUsername: username, phone, code, ref } });
  }

  it('shows the member their link on the profile', async () => {
    const profile = await call(t.app, 'GET', '/api/me/profile', { token: memberToken });
    expect(profile.body.data).toMatchObject({ referralLink: 'http://portal.test/kayit?ref=REFOLD22', referralsEnabled: true });
  });

  it('rotates a code: new unique code, the old link stops working, an activity entry', async () => {
    const response = await call(t.app, 'POST', `/api/admin/members/${member.id}/referral-code/rotate`, { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toBe('Referral code changed successfully');
    const { referralCode, referralLink } = response.body.data as { referralCode: string; referralLink: string };
    expect(referralCode).not.toBe('REFOLD22');
    expect(referralLink).toBe(`http://portal.test/kayit?ref=${referralCode}`);

    const old = await apply('+905321230001', 'old.link.user', 'REFOLD22');
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('REFERRAL_CODE_INVALID');
    const fresh = await apply('+905321230002', 'new.link.user', referralCode);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    const [applicant] = await t.db.select().from(users).where(eq(users.phone, '+905321230002'));
    expect(applicant?.referredBy).toBe(member.id);

    const [entry] = await t.db.select().from(activityLog).where(eq(activityLog.action, 'member.referral_code_rotate'));
    expect(entry).toMatchObject({ entityId: member.id, before: { referralCode: 'REFOLD22' }, after: { referralCode } });
  });

  it('refuses unknown members and members as callers', async () => {
    expect((await call(t.app, 'POST', '/api/admin/members/00000000-0000-4000-8000-000000000000/referral-code/rotate', { token: adminToken })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/admin/members/${member.id}/referral-code/rotate`, { token: memberToken })).status).toBe(403);
  });

  it('with referrals off: the link is hidden and an application with ref is accepted without a referrer', async () => {
    const off = await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body: { referralsEnabled: false } });
    expect(off.status).toBe(200);
    const profile = await call(t.app, 'GET', '/api/me/profile', { token: memberToken });
    expect(profile.body.data).toMatchObject({ referralLink: '', referralsEnabled: false });
    const [current] = await t.db.select().from(users).where(eq(users.id, member.id));
    const response = await apply('+905321230003', 'off.link.user', current!.referralCode);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [applicant] = await t.db.select().from(users).where(eq(users.phone, '+905321230003'));
    expect(applicant?.referredBy).toBeNull();
    await call(t.app, 'PUT', '/api/admin/settings', { token: adminToken, body: { referralsEnabled: true } });
  });
});
