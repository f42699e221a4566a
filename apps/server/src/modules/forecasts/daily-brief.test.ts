import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signInWithPassword, type TestApp } from '../../../test/helpers.ts';
import { creators, dailyBriefs, notificationRecipients, notifications } from '../../db/schema.ts';
import type { Messaging } from '../messaging/index.ts';
import { postUpload } from '../uploads/uploads-test-support.ts';
import { dailyExport, septemberDay } from './forecasts-test-support.ts';

const PASSWORD = 'Brief-pass-1';

/**
 * The daily brief after imports (forecasts-test-support.ts's agency): one per person per day
 * whatever the number of uploads, in the recipient's language, with only what is new since their
 * previous brief, and nothing to people with nothing new.
 */
describe('daily brief', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: string;
  let memberId: string;
  let quietMemberId: string;
  let noMailMemberId: string;
  const emails: { to: string; subject: string; text: string }[] = [];

  beforeAll(async () => {
    const messaging: Messaging = {
      sendSms: async () => undefined,
      sendEmail: async (to, subject, text) => {
        emails.push({ to, subject, text });
      },
    };
    // No delay between an import and the day's brief here (the default waits two minutes).
    t = await createTestApp({ now: new Date('2026-09-01T20:00:00Z'), messaging, env: { BRIEF_DELAY_SECONDS: '0' } });
    adminId = (await createUser(t.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin', locale: 'en' })).id;
    memberId = (await createUser(t.db, { email: 'mira@example.com', locale: 'de' })).id;
    quietMemberId = (await createUser(t.db, { email: 'quiet@example.com', locale: 'tr' })).id;
    noMailMemberId = (await createUser(t.db, { email: 'nomail@example.com', locale: 'ru', briefEmail: false })).id;
    adminToken = await signInWithPassword(t.app, 'boss@example.com', PASSWORD);
    const joinedAt = new Date('2025-01-01T00:00:00Z');
    await t.db.insert(creators).values([
      { tiktokUsername: 'steady.star', status: 'active', affiliateId: quietMemberId, joinedAt },
      { tiktokUsername: 'slow.sam', status: 'active', affiliateId: memberId, joinedAt },
      { tiktokUsername: 'dark.dana', status: 'active', affiliateId: memberId, joinedAt },
      { tiktokUsername: 'rare.rita', status: 'active', affiliateId: noMailMemberId, joinedAt },
    ]);
  });
  afterAll(() => t.close());

  async function importDay(day: number, hour = 20) {
    t.clock.set(new Date(`${septemberDay(day)}T${String(hour).padStart(2, '0')}:00:00Z`));
    const response = await postUpload(t.app, adminToken, { name: `creators-${day}.csv`, type: 'text/csv', data: dailyExport(day), asOf: septemberDay(day) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    await t.app.briefs.idle();
  }

  async function briefsOf(userId: string) {
    return t.db
      .select({ title: notifications.title, message: notifications.message, params: notifications.params, createdAt: notifications.createdAt })
      .from(notifications)
      .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
      .where(and(eq(notificationRecipients.userId, userId), eq(notifications.template, 'dailyBrief')))
      .orderBy(notifications.createdAt);
  }

  it('day 1: one snapshot, no pace: nothing new, so nobody gets a brief (the day is claimed all the same)', async () => {
    await importDay(1);
    for (const id of [adminId, memberId, quietMemberId, noMailMemberId]) expect(await briefsOf(id)).toEqual([]);
    expect(emails).toEqual([]);
  });

  it('day 2: the creators now at risk, to their member and to the admin, each in their own language', async () => {
    await importDay(2);
    // Day 2: slow.sam and rare.rita have had no LIVE: a pace of nothing, at risk.
    const [admin] = await briefsOf(adminId);
    expect(admin?.title).toBe('Daily brief: the month so far');
    expect(admin?.message).toBe('2 creators are at risk of missing the requirements at the current pace: @rare.rita, @slow.sam');
    expect(admin?.params).toMatchObject({ atRisk: 2, outOfReach: 0, wentDark: 0 });
    const [member] = await briefsOf(memberId);
    expect(member?.title).toBe('Tagesüberblick: Prognose zum Monatsende');
    expect(member?.message).toBe('1 Creator ist beim aktuellen Tempo gefährdet, die Anforderungen zu verfehlen: @slow.sam');
    const [russian] = await briefsOf(noMailMemberId);
    expect(russian?.message).toBe('1 автор при нынешнем темпе рискует не выполнить требования: @rare.rita');
    // steady.star is on pace: its member has nothing new.
    expect(await briefsOf(quietMemberId)).toEqual([]);
    // E-mails: the admin and the German member; the Russian member turned them off.
    expect(emails.map((email) => [email.to, email.subject])).toEqual([
      ['boss@example.com', 'Daily brief: the month so far'],
      ['mira@example.com', 'Tagesüberblick: Prognose zum Monatsende'],
    ]);
    expect(emails[1]!.text).toContain('Details finden Sie hier: http');
    expect(emails[1]!.text).toContain('/app/setting/publisher');
  });

  it('a second upload the same day sends nothing more', async () => {
    await importDay(2, 22);
    expect(await briefsOf(adminId)).toHaveLength(1);
    expect(await briefsOf(memberId)).toHaveLength(1);
    expect(emails).toHaveLength(2);
  });

  it('the next days: only what is new since the last brief, never the same news twice', async () => {
    // Day 3: rare.rita has had no LIVE for 3 days: went dark (new); slow.sam, still at risk, is old news.
    await importDay(3);
    const admin = await briefsOf(adminId);
    expect(admin).toHaveLength(2);
    expect(admin[1]!.message).toBe('1 creator has not gone LIVE for several days: @rare.rita');
    expect((await briefsOf(noMailMemberId))[1]?.message).toBe('1 автор уже несколько дней не выходит в эфир: @rare.rita');
    expect(await briefsOf(memberId)).toHaveLength(1);
    // Day 4: nothing new for anybody.
    await importDay(4);
    expect(await briefsOf(adminId)).toHaveLength(2);
    expect(await briefsOf(noMailMemberId)).toHaveLength(2);
    const rows = await t.db.select({ day: dailyBriefs.day }).from(dailyBriefs).where(eq(dailyBriefs.userId, adminId));
    expect(rows.map((row) => row.day).sort()).toEqual(['2026-09-02', '2026-09-03']);
  });

  it('a member can turn the brief e-mail off in the profile', async () => {
    await createUser(t.db, { email: 'self@example.com', password: PASSWORD });
    const token = await signInWithPassword(t.app, 'self@example.com', PASSWORD);
    expect((await call(t.app, 'GET', '/api/me/profile', { token })).body.data).toMatchObject({ briefEmail: true });
    const updated = await call(t.app, 'PUT', '/api/me/profile', { token, body: { briefEmail: false } });
    expect(updated.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me/profile', { token })).body.data).toMatchObject({ briefEmail: false });
  });
});

describe('daily brief timing', () => {
  it('goes out BRIEF_DELAY_SECONDS after the import, not with it', async () => {
    const t = await createTestApp({ now: new Date('2026-09-02T20:00:00Z'), env: { BRIEF_DELAY_SECONDS: '1' } });
    try {
      const admin = await createUser(t.db, { email: 'late@example.com', password: PASSWORD, role: 'admin', locale: 'en' });
      const token = await signInWithPassword(t.app, 'late@example.com', PASSWORD);
      await t.db.insert(creators).values({ tiktokUsername: 'slow.sam', status: 'active', joinedAt: new Date('2025-01-01T00:00:00Z') });
      for (const day of [1, 2]) {
        const response = await postUpload(t.app, token, { name: `creators-${day}.csv`, type: 'text/csv', data: dailyExport(day), asOf: septemberDay(day) });
        expect(response.status).toBe(201);
      }
      const briefs = async () =>
        (await t.db.select({ id: notifications.id }).from(notifications).innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id)).where(and(eq(notificationRecipients.userId, admin.id), eq(notifications.template, 'dailyBrief')))).length;
      await t.app.briefs.idle();
      expect(await briefs()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1300));
      await t.app.briefs.idle();
      expect(await briefs()).toBe(1);
    } finally {
      await t.close();
    }
  });
});
