import type { PaymentListQuery, PaymentStatus } from '@agency/shared';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { foldedContains, phoneContains } from '../../db/search.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { bankDetails, users } from '../../db/tables/members.table.ts';
import { payments, payoutRuns, type PaymentRow } from '../../db/tables/payments.table.ts';

/** Payments and runs as stored (deductions: modules/deductions); every member-scoped read is bound to an id the service passes. */

export interface MemberRef {
  id: string;
  firstName: string;
  lastName: string;
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert of payments returned nothing');
  return row;
}

/** The payment row locked for the rest of the transaction (`SELECT ... FOR UPDATE`). */
export async function lockPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function updatePayment(db: Executor, id: string, values: Partial<typeof payments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  if (!row) throw new Error('update of payments returned nothing');
  return row;
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findAutomaticPayment(db: Executor, memberId: string, runPeriod: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.kind, 'automatic'), eq(payments.runPeriod, runPeriod)));
  return row;
}

/** Of `memberIds`, those that already have the automatic payment of `runPeriod`. */
export async function findAutomaticPaymentMembers(db: Executor, memberIds: readonly string[], runPeriod: string): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .select({ memberId: payments.memberId })
    .from(payments)
    .where(and(sql`${payments.memberId} = any(${sql.param([...memberIds])}::uuid[])`, eq(payments.kind, 'automatic'), eq(payments.runPeriod, runPeriod)));
  return new Set(rows.map((row) => row.memberId));
}

export interface NewAutomaticPayment {
  id: string;
  memberId: string;
  amountCents: number;
  grossCents: number;
  deductionsCents: number;
  periods: string[];
  status: PaymentStatus;
  runPeriod: string;
  /** The run writing it (payout_runs.id). */
  payoutRunId: string | null;
  at: Date;
}

/** Many automatic payments in one insert (ids chosen by the caller; each column one array). */
export async function insertAutomaticPayments(db: Executor, rows: readonly NewAutomaticPayment[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${payments} (id, member_id, amount_cents, gross_cents, deductions_cents, periods, status, kind, run_period, payout_run_id, created_at, updated_at)
    select id, member_id, amount_cents, gross_cents, deductions_cents, periods::jsonb, status, 'automatic', run_period, payout_run_id, at, at
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::uuid[],
      ${sql.param(rows.map((row) => row.memberId))}::uuid[],
      ${sql.param(rows.map((row) => row.amountCents))}::bigint[],
      ${sql.param(rows.map((row) => row.grossCents))}::bigint[],
      ${sql.param(rows.map((row) => row.deductionsCents))}::bigint[],
      ${sql.param(rows.map((row) => JSON.stringify(row.periods)))}::text[],
      ${sql.param(rows.map((row) => row.status))}::text[],
      ${sql.param(rows.map((row) => row.runPeriod))}::text[],
      ${sql.param(rows.map((row) => row.payoutRunId))}::uuid[],
      ${sql.param(rows.map((row) => row.at.toISOString()))}::timestamptz[]
    ) as t(id, member_id, amount_cents, gross_cents, deductions_cents, periods, status, run_period, payout_run_id, at)
  `);
}

/** The member's payments waiting for verified bank details, locked. */
export async function lockPendingRegistrationPayments(db: Executor, memberId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, 'Pending Registration')))
    .orderBy(asc(payments.createdAt))
    .for('update');
}

/** The member's current bank details as the admin list shows them (`verifiedAt` null: not verified). */
export interface PaymentBankRef {
  holderName: string;
  bankName: string;
  iban: string;
  verifiedAt: Date | null;
}

export interface PaymentListRow {
  payment: PaymentRow;
  member: MemberRef | null;
  bank: PaymentBankRef | null;
}

function paymentFilter(query: Partial<PaymentListQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.kind) conditions.push(eq(payments.kind, query.kind));
  if (query.memberId) conditions.push(eq(payments.memberId, query.memberId));
  if (query.q) {
    // Folded by the Turkish and Azerbaijani i rules (db/search.ts).
    conditions.push(
      or(
        foldedContains(users.firstName, query.q),
        foldedContains(users.lastName, query.q),
        foldedContains(sql`${users.firstName} || ' ' || ${users.lastName}`, query.q),
        phoneContains(users.phone, query.q),
        foldedContains(users.email, query.q),
      )!,
    );
  }
  return and(...conditions);
}

/** One page, newest first, with the member's name and bank details. */
export async function listPayments(
  db: Executor,
  query: Partial<PaymentListQuery> & { page: number; pageSize: number },
): Promise<{ rows: PaymentListRow[]; total: number }> {
  const where = paymentFilter(query);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        payment: payments,
        member: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        bank: { holderName: bankDetails.holderName, bankName: bankDetails.bankName, iban: bankDetails.iban, verifiedAt: bankDetails.verifiedAt },
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.memberId))
      .leftJoin(bankDetails, eq(bankDetails.userId, payments.memberId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(payments).innerJoin(users, eq(users.id, payments.memberId)).where(where),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

export async function isBankVerified(db: Executor, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankDetails.userId })
    .from(bankDetails)
    .where(and(eq(bankDetails.userId, memberId), isNotNull(bankDetails.verifiedAt)));
  return row !== undefined;
}

/** Per member: verified bank details, and the gross of the payments that still cover earnings (`sumCoveredGross`). */
export async function readPaymentContext(
  db: Executor,
  memberIds: readonly string[],
  reversedStatuses: readonly PaymentStatus[],
): Promise<Map<string, { bankVerified: boolean; coveredCents: number }>> {
  const result = new Map<string, { bankVerified: boolean; coveredCents: number }>();
  if (memberIds.length === 0) return result;
  const rows = rowsOf<{ id: string; verified: boolean; covered: string | number }>(
    await db.execute(sql`
    select m.id,
      exists (select 1 from ${bankDetails} b where b.user_id = m.id and b.verified_at is not null) as verified,
      coalesce((select sum(p.gross_cents) from ${payments} p where p.member_id = m.id and p.status <> all(${sql.param([...reversedStatuses])}::text[])), 0) as covered
    from unnest(${sql.param([...memberIds])}::uuid[]) as m(id)`),
  );
  for (const row of rows) result.set(row.id, { bankVerified: row.verified === true, coveredCents: Number(row.covered) });
  return result;
}

/** Active members (role user) after `afterId`, by id: the automatic run walks them in pages. */
export async function listActiveMemberIds(db: Executor, afterId: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.status, 'active'), afterId ? gt(users.id, afterId) : undefined))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---- automatic runs ----

export async function insertPayoutRun(db: Executor, values: typeof payoutRuns.$inferInsert): Promise<string> {
  const [row] = await db.insert(payoutRuns).values(values).returning({ id: payoutRuns.id });
  return row!.id;
}

/** Adds one committed batch's outcomes to its run (inside the batch's transaction). */
export async function addPayoutRunCounts(db: Executor, id: string, counts: { skipped: number; existing: number; pendingRegistration: number }): Promise<void> {
  if (counts.skipped === 0 && counts.existing === 0 && counts.pendingRegistration === 0) return;
  await db
    .update(payoutRuns)
    .set({
      skipped: sql`${payoutRuns.skipped} + ${counts.skipped}`,
      existing: sql`${payoutRuns.existing} + ${counts.existing}`,
      pendingRegistration: sql`${payoutRuns.pendingRegistration} + ${counts.pendingRegistration}`,
    })
    .where(eq(payoutRuns.id, id));
}

/** `created` and `total_cents` of a run, counted from the payments it wrote. */
function countedFromPayments(id: string) {
  return {
    created: sql<number>`(select count(*)::int from ${payments} where ${payments.payoutRunId} = ${id})`,
    totalCents: sql<number>`(select coalesce(sum(${payments.amountCents}), 0)::bigint from ${payments} where ${payments.payoutRunId} = ${id})`,
  };
}

export type PayoutRunRow = typeof payoutRuns.$inferSelect;

/** Marks the run finished with its counts; returns the row. */
export async function finishPayoutRun(db: Executor, id: string, finishedAt: Date): Promise<PayoutRunRow> {
  const [row] = await db
    .update(payoutRuns)
    .set({ status: 'finished', finishedAt, ...countedFromPayments(id) })
    .where(eq(payoutRuns.id, id))
    .returning();
  if (!row) throw new Error('payout run not found');
  return row;
}

/** Marks a run that is still `running` as interrupted, with the counts of what it committed. Null when it was not running. */
export async function markPayoutRunInterrupted(db: Executor, id: string, at: Date): Promise<PayoutRunRow | null> {
  const [row] = await db
    .update(payoutRuns)
    .set({ status: 'interrupted', interruptedAt: at, ...countedFromPayments(id) })
    .where(and(eq(payoutRuns.id, id), eq(payoutRuns.status, 'running')))
    .returning();
  return row ?? null;
}

/** Interrupted runs of `period` or before that no run has completed yet now name `runId` as their completion. */
export async function completeInterruptedRuns(db: Executor, runId: string, period: string): Promise<number> {
  const rows = await db
    .update(payoutRuns)
    .set({ completedBy: runId })
    .where(and(eq(payoutRuns.status, 'interrupted'), isNull(payoutRuns.completedBy), sql`${payoutRuns.period} <= ${period}`))
    .returning({ id: payoutRuns.id });
  return rows.length;
}

/** Ids of the runs recorded as running (by a live process or a dead one). */
export async function listRunningPayoutRunIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.status, 'running'));
  return rows.map((row) => row.id);
}

/** The latest runs, newest first. */
export async function listPayoutRuns(db: Executor, limit: number): Promise<PayoutRunRow[]> {
  return db.select().from(payoutRuns).orderBy(desc(payoutRuns.startedAt), desc(payoutRuns.id)).limit(limit);
}
