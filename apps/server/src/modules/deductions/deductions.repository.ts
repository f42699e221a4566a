import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/tables/members.table.ts';
import { groupByMember } from './deductions.rules.ts';
import { deductions, type DeductionRow } from '../../db/tables/deductions.table.ts';

/** Every query of the deductions table; every member-scoped read is bound to an id the caller passes. */

export interface DeductionMember {
  id: string;
  firstName: string;
  lastName: string;
}

/** The member a deduction is for, with what `checkDeductionMember` reads. */
export async function findDeductionMember(db: Executor, id: string): Promise<(DeductionMember & { role: string }) | undefined> {
  const [row] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role }).from(users).where(eq(users.id, id));
  return row;
}

export async function insertDeduction(db: Executor, values: typeof deductions.$inferInsert): Promise<DeductionRow> {
  const [row] = await db.insert(deductions).values(values).returning();
  if (!row) throw new Error('insert of deductions returned nothing');
  return row;
}

/** The deduction row locked for the rest of the transaction (`SELECT ... FOR UPDATE`). */
export async function lockDeduction(db: Executor, id: string): Promise<DeductionRow | undefined> {
  const [row] = await db.select().from(deductions).where(eq(deductions.id, id)).for('update');
  return row;
}

export async function markDeductionDeleted(db: Executor, id: string, by: string, at: Date): Promise<DeductionRow> {
  const [row] = await db.update(deductions).set({ deletedAt: at, deletedBy: by }).where(eq(deductions.id, id)).returning();
  if (!row) throw new Error('update of deductions returned nothing');
  return row;
}

export interface DeductionListRow {
  deduction: DeductionRow;
  member: DeductionMember | null;
}

/** Deductions not deleted, newest first, with the member's name. */
export async function listDeductions(
  db: Executor,
  query: { memberId?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: DeductionListRow[]; total: number }> {
  const where = and(isNull(deductions.deletedAt), query.memberId ? eq(deductions.memberId, query.memberId) : undefined);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ deduction: deductions, member: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
      .from(deductions)
      .innerJoin(users, eq(users.id, deductions.memberId))
      .where(where)
      .orderBy(desc(deductions.createdAt), desc(deductions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(deductions).where(where),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

// ---- what payments call (through index.ts) ----

/** The member's open deductions (not taken by a payment, not deleted), oldest first, locked. */
export async function lockOpenDeductions(db: Executor, memberId: string): Promise<DeductionRow[]> {
  return db
    .select()
    .from(deductions)
    .where(and(eq(deductions.memberId, memberId), isNull(deductions.paymentId), isNull(deductions.deletedAt)))
    .orderBy(asc(deductions.createdAt))
    .for('update');
}

/** `lockOpenDeductions` for many members in one statement, grouped by member (oldest first). */
export async function lockOpenDeductionsMany(db: Executor, memberIds: readonly string[]): Promise<Map<string, DeductionRow[]>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(deductions)
    .where(and(sql`${deductions.memberId} = any(${sql.param([...memberIds])}::uuid[])`, isNull(deductions.paymentId), isNull(deductions.deletedAt)))
    .orderBy(asc(deductions.memberId), asc(deductions.createdAt))
    .for('update');
  return groupByMember(rows);
}

/** Attaches each deduction to the payment that takes it (`deductionsTakenBy`): it is consumed. */
export async function attachDeductions(db: Executor, attachments: readonly { id: string; paymentId: string }[]): Promise<void> {
  for (const { id, paymentId } of attachments) await db.update(deductions).set({ paymentId }).where(eq(deductions.id, id));
}

/** `attachDeductions` for many payments in one update. */
export async function attachDeductionsMany(db: Executor, attachments: readonly { id: string; paymentId: string }[]): Promise<void> {
  if (attachments.length === 0) return;
  await db.execute(sql`
    update ${deductions} set payment_id = t.payment_id
    from unnest(${sql.param(attachments.map((item) => item.id))}::uuid[], ${sql.param(attachments.map((item) => item.paymentId))}::uuid[]) as t(id, payment_id)
    where ${deductions.id} = t.id`);
}

/** Releases the deductions of a payment (rejected or unpaid): they are open again. Returns how many. */
export async function releaseDeductions(db: Executor, paymentId: string): Promise<number> {
  const rows = await db.update(deductions).set({ paymentId: null }).where(eq(deductions.paymentId, paymentId)).returning({ id: deductions.id });
  return rows.length;
}
