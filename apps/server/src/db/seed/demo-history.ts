import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../../modules/activity/activity.repository.ts';
import { createBankService } from '../../modules/bank/bank.service.ts';
import { createDeductionsService } from '../../modules/deductions/index.ts';
import { insertUploadSnapshot, snapshotLists } from '../../modules/forecasts/index.ts';
import { createMembersAdminService } from '../../modules/members/members.admin.service.ts';
import { createNotificationsService } from '../../modules/notifications/notifications.service.ts';
import { runAutomaticPayments } from '../../modules/payments/auto-run.ts';
import { createPaymentsService } from '../../modules/payments/payments.service.ts';
import type { Database, Transaction } from '../client.ts';
import { creatorMonths, notificationRecipients, notifications, uploads } from '../schema.ts';
import { DEMO_ELIF_BANK, DEMO_TEXTS, type DemoMemberKey } from './demo-data.ts';

/**
 * The demo agency's history over its three months (oldest A, then B, then the current month C),
 * written by the product's own services on a clock the seed moves, so every payment, deduction,
 * ledger entry, notification and activity entry is what the real actions leave behind:
 *
 * - uploads: A's closing file (on the 1st of B), a mid-month file of B and B's closing file (on the
 *   1st of C), and C's file as of yesterday (Backstage runs a day behind);
 * - B: Ayşe requests $100 of A's earnings, the admin approves it, the bank returns the transfer
 *   (Unpaid); the admin adds an open deduction for Elif; the automatic run of the 15th pays Ayşe
 *   (Waiting Approval -> Approved -> Paid), Elif (Pending Registration, her deduction consumed;
 *   Waiting Approval once her bank details are verified) and Zeynep (Pending Registration: no bank
 *   details); Mehmet stays below the $50 minimum;
 * - C: Ayşe requests $150 (Approved: money on its way) and $60 (Rejected with a reason), gets a
 *   deduction that stays open; Elif requests $100 (Pending); two admin notifications, the older
 *   ones read by Ayşe. No automatic run in C: "Process all automatic payments" is the admin's to try.
 */

const MINUTE_MS = 60_000;
const SEED_IP = '127.0.0.1';

export interface DemoMonth {
  period: string;
  start: Date;
  end: Date;
  isCurrent: boolean;
}

/** The as-of date of the current month's upload: yesterday, or today on the 1st (YYYY-MM-DD, UTC). */
export function currentAsOfDay(now: Date): number {
  return Math.max(1, now.getUTCDate() - 1);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A moving clock: every service the story calls reads the time the seed set last. */
class StoryClock implements Clock {
  private current = new Date(0);
  now(): Date {
    return new Date(this.current);
  }
  at(date: Date): this {
    this.current = new Date(date);
    return this;
  }
}

export interface DemoUpload {
  id: string;
  period: string;
  asOf: string;
  fileName: string;
  createdAt: Date;
  rows: number;
  imported: number;
  skipped: number;
  /** The closing file of its month: the creator_months rows of the month carry its id. */
  final: boolean;
}

/**
 * The upload history: 4 committed imports over the three months. `creatorCount` is the number of
 * creators with figures (each file lists them all; A's closing file also has the agency's total
 * row, skipped as Backstage's "Total" rows are).
 */
export function demoUploads(months: readonly DemoMonth[], now: Date, creatorCount: number, inCurrentMonth: (fraction: number) => Date): DemoUpload[] {
  const [a, b, c] = months as [DemoMonth, DemoMonth, DemoMonth];
  const day = (month: DemoMonth, dayOfMonth: number, hours = 0, minutes = 0) =>
    new Date(Date.UTC(month.start.getUTCFullYear(), month.start.getUTCMonth(), dayOfMonth, hours, minutes));
  const name = (month: DemoMonth, to: string) => `creator_data_${isoDay(month.start)}_${to}.xlsx`;
  const cAsOf = isoDay(day(c, currentAsOfDay(now)));
  // Yesterday's figures are pulled today (00:30, or now if earlier): never before the day they describe.
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const cUploadedAt = new Date(Math.min(now.getTime(), Math.max(inCurrentMonth(0.9).getTime(), todayStart + 30 * MINUTE_MS)));
  return [
    { id: randomUUID(), period: a.period, asOf: isoDay(a.end), fileName: name(a, isoDay(a.end)), createdAt: day(b, 1, 9, 30), rows: creatorCount + 1, imported: creatorCount, skipped: 1, final: true },
    { id: randomUUID(), period: b.period, asOf: isoDay(day(b, 15)), fileName: name(b, isoDay(day(b, 15))), createdAt: day(b, 16, 11), rows: creatorCount, imported: creatorCount, skipped: 0, final: false },
    { id: randomUUID(), period: b.period, asOf: isoDay(b.end), fileName: name(b, isoDay(b.end)), createdAt: inCurrentMonth(0.02), rows: creatorCount, imported: creatorCount, skipped: 0, final: true },
    { id: randomUUID(), period: c.period, asOf: cAsOf, fileName: name(c, cAsOf), createdAt: cUploadedAt, rows: creatorCount, imported: creatorCount, skipped: 0, final: true },
  ];
}

/** The upload rows and their activity entries, as the import writes them (uploads.service.ts); the files themselves are not kept. */
export async function insertDemoUploads(tx: Transaction, list: readonly DemoUpload[], adminId: string): Promise<void> {
  const seen = new Set<string>();
  for (const upload of list) {
    const sha256 = createHash('sha256').update(`${upload.fileName}:${upload.asOf}`).digest('hex');
    const firstOfMonth = !seen.has(upload.period);
    seen.add(upload.period);
    await tx.insert(uploads).values({
      id: upload.id,
      uploadedBy: adminId,
      fileName: upload.fileName,
      sizeBytes: 9_000 + upload.rows * 180,
      sha256,
      fileKey: null,
      period: upload.period,
      asOf: upload.asOf,
      rows: upload.rows,
      imported: upload.imported,
      created: 0,
      skipped: upload.skipped,
      missing: 0,
      createdAt: upload.createdAt,
    });
    await recordActivity(tx, {
      actorId: adminId,
      action: 'upload.committed',
      entityType: 'upload',
      entityId: upload.id,
      after: {
        fileName: upload.fileName,
        sha256,
        period: upload.period,
        asOf: upload.asOf,
        dataPeriod: { from: `${upload.period}-01`, to: upload.asOf },
        figureKind: 'monthToDate',
        mappingSource: 'headers',
        missingAction: 'keep',
        rows: upload.rows,
        imported: upload.imported,
        created: 0,
        skipped: upload.skipped,
        new: firstOfMonth ? upload.imported : 0,
        changed: firstOfMonth ? 0 : upload.imported,
        unchanged: 0,
        unknown: 0,
        missing: 0,
        zeroed: 0,
        quit: 0,
        duplicates: 0,
        approximate: 0,
        notifiedMembers: 0,
      },
      ip: SEED_IP,
      at: upload.createdAt,
    });
  }
}

/** The closing upload of each month becomes the upload of that month's figures. */
export async function linkFiguresToUploads(tx: Transaction, list: readonly DemoUpload[]): Promise<void> {
  for (const upload of list.filter((item) => item.final)) {
    await tx.update(creatorMonths).set({ uploadId: upload.id, updatedAt: upload.createdAt }).where(eq(creatorMonths.period, upload.period));
    // The month-to-date figures the import keeps for the month's pace forecasts (uploads.commit.ts):
    // without them the dashboard would say this month has no upload yet.
    const rows = await tx
      .select({ creatorId: creatorMonths.creatorId, diamonds: creatorMonths.diamonds, validDays: creatorMonths.validDays, liveSeconds: creatorMonths.liveSeconds })
      .from(creatorMonths)
      .where(eq(creatorMonths.period, upload.period))
      .orderBy(asc(creatorMonths.creatorId));
    await insertUploadSnapshot(tx, { uploadId: upload.id, period: upload.period, asOf: upload.asOf, lists: snapshotLists(rows), at: upload.createdAt });
  }
}

/** Payments, deductions, bank details, notifications and sign-ins, through the services (see the file comment). */
export async function writeDemoMoneyHistory(
  tx: Transaction,
  input: { months: readonly DemoMonth[]; now: Date; adminId: string; memberIds: ReadonlyMap<DemoMemberKey, string>; inCurrentMonth: (fraction: number) => Date },
): Promise<void> {
  const [, b] = input.months as [DemoMonth, DemoMonth, DemoMonth];
  const { adminId, inCurrentMonth } = input;
  const member = (key: DemoMemberKey) => input.memberIds.get(key)!;
  const inB = (dayOfMonth: number, hours: number, minutes = 0) =>
    new Date(Date.UTC(b.start.getUTCFullYear(), b.start.getUTCMonth(), dayOfMonth, hours, minutes));

  // The services open their own transactions: inside the seed's they are savepoints, so the
  // whole demo is still written or not at all.
  const db = tx as unknown as Database;
  const clock = new StoryClock();
  const payments = createPaymentsService({ db, clock });
  const deductions = createDeductionsService({ db, clock });
  const bank = createBankService({ db, clock });
  const membersAdmin = createMembersAdminService({ db, clock, publicUrl: '' });
  const notify = createNotificationsService({ db, clock });
  const admin = { id: adminId, ip: SEED_IP };
  const signIn = (userId: string, at: Date) =>
    recordActivity(tx, { actorId: userId, action: 'auth.login', entityType: 'user', entityId: userId, after: { method: 'password' }, ip: SEED_IP, at });

  // ---- month B ----
  await signIn(adminId, inB(1, 9, 20));
  clock.at(inB(2, 10));
  await notify.createByAdmin({ title: DEMO_TEXTS.payoutCalendarTitle, message: DEMO_TEXTS.payoutCalendarMessage }, admin);
  clock.at(inB(3, 14, 5));
  const rentRequest = await payments.request(member('ayse'), { amountCents: 10_000, notes: DEMO_TEXTS.ayseRentRequest }, SEED_IP);
  clock.at(inB(4, 10, 15));
  await payments.review(rentRequest.id, 'approve', admin);
  clock.at(inB(7, 16, 40));
  await payments.review(rentRequest.id, 'unpaid', admin, DEMO_TEXTS.transferReturned);
  clock.at(inB(10, 11));
  await deductions.add({ memberId: member('elif'), amountCents: 1_500, reason: DEMO_TEXTS.microphoneAdvance }, admin);
  // The scheduler's run of the 15th (00:05), exactly as the job runs it.
  await runAutomaticPayments(db, { period: b.period, trigger: 'schedule', now: inB(15, 0, 5) });
  const { items: run } = await payments.list({ page: 1, pageSize: 20, kind: 'automatic' });
  const automaticOf = (key: DemoMemberKey) => run.find((payment) => payment.memberId === member(key))!;
  clock.at(inB(16, 10));
  await payments.review(automaticOf('ayse').id, 'approve', admin);
  clock.at(inB(17, 11, 30));
  await payments.review(automaticOf('ayse').id, 'paid', admin);
  clock.at(inB(18, 20, 15));
  await bank.updateOwnBankDetails(member('elif'), DEMO_ELIF_BANK, { ip: SEED_IP });
  clock.at(inB(19, 9, 40));
  // Elif's automatic payment moves from Pending Registration to Waiting Approval.
  await membersAdmin.verifyBank(member('elif'), admin);

  // ---- the current month C, spread over the days gone so far ----
  await signIn(adminId, inCurrentMonth(0.01));
  await signIn(member('ayse'), inCurrentMonth(0.08));
  clock.at(inCurrentMonth(0.1));
  const monthly = await payments.request(member('ayse'), { amountCents: 15_000, notes: DEMO_TEXTS.ayseMonthlyRequest }, SEED_IP);
  clock.at(inCurrentMonth(0.15));
  const extra = await payments.request(member('ayse'), { amountCents: 6_000, notes: DEMO_TEXTS.ayseExtraRequest }, SEED_IP);
  clock.at(inCurrentMonth(0.2));
  await payments.review(extra.id, 'reject', admin, DEMO_TEXTS.secondRequestRejected);
  clock.at(inCurrentMonth(0.25));
  await deductions.add({ memberId: member('ayse'), amountCents: 2_500, reason: DEMO_TEXTS.ringLightAdvance }, admin);
  clock.at(inCurrentMonth(0.3));
  await payments.review(monthly.id, 'approve', admin);
  await signIn(member('elif'), inCurrentMonth(0.34));
  clock.at(inCurrentMonth(0.35));
  await payments.request(member('elif'), { amountCents: 10_000 }, SEED_IP);
  clock.at(inCurrentMonth(0.5));
  await notify.createByAdmin({ title: DEMO_TEXTS.tournamentTitle, message: DEMO_TEXTS.tournamentMessage, memberIds: [member('ayse'), member('elif'), member('zeynep')] }, admin);
  await signIn(adminId, inCurrentMonth(0.88));

  // Ayşe has read what came before the middle of this month; the newer ones are unread.
  const readBefore = inCurrentMonth(0.28);
  const older = tx.select({ id: notifications.id }).from(notifications).where(lt(notifications.createdAt, readBefore));
  await tx
    .update(notificationRecipients)
    .set({ readAt: new Date(Math.min(readBefore.getTime() + 30 * MINUTE_MS, input.now.getTime())) })
    .where(and(eq(notificationRecipients.userId, member('ayse')), inArray(notificationRecipients.notificationId, older)));
}
