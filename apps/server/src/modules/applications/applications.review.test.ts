import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, signInWithPhone, type TestApp } from '../../../test/helpers.ts';
import { activityLog, creators, outboxMessages, users } from '../../db/schema.ts';

describe('admin application review', () => {
  let t: TestApp;
  let adminToken: string;
  let memberToken: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.db, { email: 'boss@example.com', password: 'Boss-pass-1', role: 'admin' });
    await createUser(t.db, { email: 'member@example.com', password: 'Member-pass-1' });
    adminToken = await signInWithPassword(t.app, 'boss@example.com', 'Boss-pass-1');
    memberToken = await signInWithPassword(t.app, 'member@example.com', 'Member-pass-1');
  });
  afterAll(() => t.close());

  /** A pending applicant with a pending creator, as the application form leaves them. */
  async function pendingApplication(locale: 'tr' | 'en' = 'tr') {
    counter += 1;
    const phone = `+90533400${String(counter).padStart(4, '0')}`;
    const member = await createUser(t.db, { phone, status: 'pending', locale });
    const [creator] = await t.db
      .insert(creators)
      .values({ tiktokUsername: `applicant.${counter}`, name: 'Applicant', phone, status: 'pending', ownerId: member.id })
      .returning();
    return { member, creator: creator!, phone };
  }

  const review = (id: string, action: 'approve' | 'reject', body?: unknown, token = adminToken) =>
    call(t.app, 'POST', `/api/admin/applications/${id}/${action}`, { token, ...(body !== undefined ? { body } : {}) });

  async function statuses(memberId: string, creatorId: string) {
    const [member] = await t.db.select().from(users).where(eq(users.id, memberId));
    const [creator] = await t.db.select().from(creators).where(eq(creators.id, creatorId));
    return { member: member!.status, creator: creator!.status, creatorReason: creator!.reason, memberReason: member!.statusReason };
  }

  it('lists pending applications for review', async () => {
    const { member } = await pendingApplication();
    const response = await call(t.app, 'GET', '/api/admin/applications?status=pending', { token: adminToken });
    expect(response.status).toBe(200);
    const ids = (response.body.data as { items: { id: string }[] }).items.map((item) => item.id);
    expect(ids).toContain(member.id);
  });

  it('approve activates the member and the creator together, sends the SMS, and the applicant can sign in', async () => {
    const { member, creator, phone } = await pendingApplication('en');
    const response = await review(member.id, 'approve');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      messageCode: 'APPLICATION_APPROVED',
      data: { id: member.id, status: 'active', creatorIds: [creator.id] },
    });
    expect(await statuses(member.id, creator.id)).toMatchObject({ member: 'active', creator: 'active' });

    const [sms] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone)).orderBy(desc(outboxMessages.createdAt));
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.text).toContain('approved');
    expect(sms!.text).toContain('http://portal.test/app/sessions/signIn');

    const actions = (await t.db.select().from(activityLog).where(eq(activityLog.entityId, member.id))).map((entry) => entry.action);
    expect(actions).toContain('application.approve');
    expect(await t.db.$count(activityLog, eq(activityLog.entityId, creator.id))).toBe(1);

    await expect(signInWithPhone(t, phone, '10.9.0.1')).resolves.toEqual(expect.any(String));
  });

  it('the SMS goes out in the applicant\'s language', async () => {
    const { member, phone } = await pendingApplication('tr');
    await review(member.id, 'approve');
    const [sms] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
    expect(sms!.text).toContain('Başvurunuz onaylandı');
  });

  it('reject needs a reason of at least 10 characters and then rejects both with it', async () => {
    const { member, creator } = await pendingApplication();
    for (const reason of ['', 'too short', '   short    ']) {
      const response = await review(member.id, 'reject', { reason });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: true,
        code: 'REASON_TOO_SHORT',
        message: 'Please enter a cancel reason with at least 10 characters',
      });
    }
    expect((await review(member.id, 'reject', {})).status).toBe(400);
    expect(await statuses(member.id, creator.id)).toMatchObject({ member: 'pending', creator: 'pending' });

    const response = await review(member.id, 'reject', { reason: 'Username does not match the platform' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ messageCode: 'APPLICATION_REJECTED', data: { status: 'rejected', creatorIds: [creator.id] } });
    expect(await statuses(member.id, creator.id)).toEqual({
      member: 'rejected',
      creator: 'rejected',
      creatorReason: 'Username does not match the platform',
      memberReason: 'Username does not match the platform',
    });
  });

  it('only pending applications: 409 otherwise, 404 for unknown ones', async () => {
    const { member, creator } = await pendingApplication();
    expect((await review(member.id, 'approve')).status).toBe(200);
    const again = await review(member.id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'APPLICATION_NOT_PENDING' });
    const reject = await review(member.id, 'reject', { reason: 'Changed my mind about this one' });
    expect(reject.status).toBe(409);
    expect(await statuses(member.id, creator.id)).toMatchObject({ member: 'active', creator: 'active' });
    expect((await review('00000000-0000-4000-8000-000000000000', 'approve')).status).toBe(404);
  });

  it('a member token gets 403 and changes nothing', async () => {
    const { member, creator } = await pendingApplication();
    expect((await review(member.id, 'approve', undefined, memberToken)).status).toBe(403);
    expect((await review(member.id, 'reject', { reason: 'I am not allowed to do this' }, memberToken)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/applications', { token: memberToken })).status).toBe(403);
    expect(await statuses(member.id, creator.id)).toMatchObject({ member: 'pending', creator: 'pending' });
  });
});
