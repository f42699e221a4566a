import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import {
  bankDetails,
  creators,
  deductions,
  invoiceFiles,
  memberMonths,
  notificationRecipients,
  notifications,
  payments,
  sessions,
  settings,
  users,
} from '../../src/db/schema.ts';
import { hashToken } from '../../src/lib/crypto.ts';
import { call, createUser, signInWithPassword, type TestApp } from '../helpers.ts';

export const FIXTURE_PASSWORD = 'Security-suite-pass-1';
const IBAN_A = 'TR330006100519786457841326';
const IDENTITY_A = '10000000146';

/** A small PDF that the invoice upload accepts (starts with %PDF-, ends with %%EOF). */
export function minimalPdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
}

export function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 24, channels: 3, background: '#07c' } }).png().toBuffer();
}

export interface Member {
  id: string;
  email: string;
  phone: string;
  token: string;
}

export interface SecurityFixture {
  admin: Member;
  memberA: Member;
  memberB: Member;
  /** Records of member A that member B must not reach. */
  a: {
    /** A second sign-in of A (not the token the tests use). */
    spareSessionId: string;
    notificationId: string;
    /** Pending: cancellable by A. */
    requestedPaymentId: string;
    /** Approved, with the default invoice. */
    approvedPaymentId: string;
    deductionId: string;
    creatorId: string;
  };
}

async function member(t: TestApp, key: string, phone: string, role: 'user' | 'admin' = 'user'): Promise<Member> {
  const email = `${key}@security.test`;
  const row = await createUser(t.db, { email, phone, password: FIXTURE_PASSWORD, role, firstName: key, lastName: 'Fixture' });
  return { id: row.id, email, phone, token: await signInWithPassword(t.app, email, FIXTURE_PASSWORD) };
}

/** Admin, member A and member B, and one record of each kind that belongs to A. */
export async function createSecurityFixture(t: TestApp): Promise<SecurityFixture> {
  const admin = await member(t, 'admin', '+905320000100', 'admin');
  const memberA = await member(t, 'member-a', '+905320000101');
  const memberB = await member(t, 'member-b', '+905320000102');
  for (const who of [memberA, memberB]) {
    await t.db.insert(bankDetails).values({
      userId: who.id,
      holderName: 'Fixture Holder',
      identityNumber: IDENTITY_A,
      bankName: 'Bank',
      iban: IBAN_A,
      verifiedAt: new Date('2026-01-01T00:00:00Z'),
    });
    await t.db.insert(memberMonths).values({
      memberId: who.id,
      period: '2026-02',
      diamonds: 4_000_000,
      creatorCount: 1,
      rateBps: 100,
      diamondValueMicros: 5000,
      earningsCents: 200_000,
    });
  }
  const spareToken = await signInWithPassword(t.app, memberA.email, FIXTURE_PASSWORD);
  const [spare] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(spareToken)));
  const spareSessionId = spare!.id;

  const sent = await call(t.app, 'POST', '/api/admin/notifications', {
    token: admin.token,
    body: { title: 'For A only', message: 'A private note', memberIds: [memberA.id] },
  });
  if (sent.status !== 201 && sent.status !== 200) throw new Error(`notification: ${JSON.stringify(sent.body)}`);
  const [recipient] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id))
    .where(eq(notificationRecipients.userId, memberA.id));

  const [requested] = await t.db
    .insert(payments)
    .values({ memberId: memberA.id, amountCents: 6000, grossCents: 6000, deductionsCents: 0, status: 'Pending', kind: 'request', periods: ['2026-02'] })
    .returning();
  const [approved] = await t.db
    .insert(payments)
    .values({ memberId: memberA.id, amountCents: 7000, grossCents: 7000, deductionsCents: 0, status: 'Approved', kind: 'request', periods: ['2026-02'] })
    .returning();
  const [deduction] = await t.db.insert(deductions).values({ memberId: memberA.id, amountCents: 500, reason: 'A only' }).returning();
  const [creator] = await t.db
    .insert(creators)
    .values({ tiktokUsername: 'a_only_creator', name: 'A creator', ownerId: memberA.id, status: 'active' })
    .returning();

  return {
    admin,
    memberA,
    memberB,
    a: {
      spareSessionId,
      notificationId: recipient!.id,
      requestedPaymentId: requested!.id,
      approvedPaymentId: approved!.id,
      deductionId: deduction!.id,
      creatorId: creator!.id,
    },
  };
}

/** Everything a member's records hold, to compare before and after a refused call. */
export async function snapshotOf(t: TestApp, memberId: string) {
  const paymentRows = await t.db.select().from(payments).where(eq(payments.memberId, memberId)).orderBy(asc(payments.id));
  const paymentIds = paymentRows.map((row) => row.id);
  return {
    user: await t.db.select().from(users).where(eq(users.id, memberId)),
    bank: await t.db.select().from(bankDetails).where(eq(bankDetails.userId, memberId)),
    sessions: await t.db.select().from(sessions).where(eq(sessions.userId, memberId)).orderBy(asc(sessions.id)),
    notifications: await t.db.select().from(notificationRecipients).where(eq(notificationRecipients.userId, memberId)).orderBy(asc(notificationRecipients.notificationId)),
    payments: paymentRows,
    invoiceFiles: paymentIds.length ? await t.db.select().from(invoiceFiles).where(inArray(invoiceFiles.paymentId, paymentIds)).orderBy(asc(invoiceFiles.id)) : [],
    deductions: await t.db.select().from(deductions).where(eq(deductions.memberId, memberId)).orderBy(asc(deductions.id)),
    creators: await t.db.select().from(creators).where(eq(creators.ownerId, memberId)).orderBy(asc(creators.id)),
    settings: await t.db.select().from(settings),
  };
}
