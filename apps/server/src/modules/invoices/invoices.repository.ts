import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatInvoiceNumber } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { recordActivity } from '../activity/index.ts';
import { bankDetails, users, type BankDetailsRow, type UserRow } from '../../db/tables/members.table.ts';
import { invoiceFiles, payments, type InvoiceFileRow, type PaymentRow } from '../../db/tables/payments.table.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import { settings, type SettingsRow } from '../../db/tables/settings.table.ts';

/**
 * The invoices module reads payments, members, bank details and settings; it writes only
 * `invoice_files`, the payment's invoice columns and the settings' invoice counter.
 */
export async function findPayment(db: Executor, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}

export interface InvoiceContext {
  member: UserRow;
  bank: BankDetailsRow | null;
  settings: SettingsRow;
}

export async function findInvoiceContext(db: Executor, memberId: string): Promise<InvoiceContext> {
  const [member] = await db.select().from(users).where(eq(users.id, memberId));
  if (!member) throw new Error('payment without member');
  const [bank] = await db.select().from(bankDetails).where(eq(bankDetails.userId, memberId));
  return { member, bank: bank ?? null, settings: await getSettingsRow(db) };
}

/**
 * The payment's invoice number, given once, at approval (or when a payment approved before numbers
 * followed approvals is paid), inside the transition's transaction on the payment row it locked:
 * the settings counter moves with one UPDATE ... RETURNING (atomic across instances) and the number
 * is stored on the payment, so it never changes afterwards. A number already taken (the prefix was
 * changed back, for instance) is skipped. Never called by a read (docs/decisions/007).
 */
export async function assignInvoiceNumber(tx: Executor, paymentId: string, actorId: string | null, at: Date): Promise<string> {
  const [current] = await tx.select({ invoiceNumber: payments.invoiceNumber }).from(payments).where(eq(payments.id, paymentId));
  if (!current) throw new Error('payment vanished while numbering its invoice');
  if (current.invoiceNumber) return current.invoiceNumber;
  await getSettingsRow(tx);
  for (;;) {
    const [counter] = await tx
      .update(settings)
      .set({ invoiceNextNumber: sql`${settings.invoiceNextNumber} + 1` })
      .where(eq(settings.id, 1))
      .returning({ next: settings.invoiceNextNumber, prefix: settings.invoicePrefix, digits: settings.invoiceNumberDigits });
    if (!counter) throw new Error('settings row missing');
    const candidate = formatInvoiceNumber(counter.prefix, Number(counter.next) - 1, counter.digits);
    const [taken] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.invoiceNumber, candidate));
    if (taken) continue;
    await tx.update(payments).set({ invoiceNumber: candidate }).where(eq(payments.id, paymentId));
    await recordActivity(tx, {
      actorId,
      action: 'invoice.number',
      entityType: 'payment',
      entityId: paymentId,
      before: { invoiceNumber: null },
      after: { invoiceNumber: candidate },
      at,
    });
    return candidate;
  }
}

export async function findInvoiceFile(db: Executor, paymentId: string, fileId: string): Promise<InvoiceFileRow | null> {
  const [row] = await db
    .select()
    .from(invoiceFiles)
    .where(and(eq(invoiceFiles.id, fileId), eq(invoiceFiles.paymentId, paymentId)));
  return row ?? null;
}

export async function listInvoiceFiles(db: Executor, paymentId: string): Promise<InvoiceFileRow[]> {
  return db.select().from(invoiceFiles).where(eq(invoiceFiles.paymentId, paymentId)).orderBy(desc(invoiceFiles.uploadedAt), desc(invoiceFiles.id));
}

/**
 * Serialises the invoice uploads of one member (a transaction-scoped advisory lock, held by every
 * instance's database connection alike), so two uploads at once cannot both pass the quota.
 */
export async function lockMemberInvoiceStorage(db: Executor, memberId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-storage:${memberId}`}))`);
}

/** Bytes of every kept custom invoice of the member's payments. */
export async function memberInvoiceBytes(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | number | null>`coalesce(sum(${invoiceFiles.sizeBytes}), 0)` })
    .from(invoiceFiles)
    .innerJoin(payments, eq(payments.id, invoiceFiles.paymentId))
    .where(eq(payments.memberId, memberId));
  return Number(row?.bytes ?? 0);
}

export async function deleteInvoiceFiles(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(invoiceFiles).where(inArray(invoiceFiles.id, ids));
}

export async function insertInvoiceFile(db: Executor, values: typeof invoiceFiles.$inferInsert): Promise<InvoiceFileRow> {
  const [row] = await db.insert(invoiceFiles).values(values).returning();
  if (!row) throw new Error('insert of invoice file returned nothing');
  return row;
}

/** Locks the payment for the rest of the transaction (two uploads at once apply one after the other). */
export async function lockPayment(db: Executor, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

export async function setPaymentInvoice(
  db: Executor,
  paymentId: string,
  values: Pick<PaymentRow, 'invoicePreference' | 'invoiceFileId'>,
  at: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: at })
    .where(eq(payments.id, paymentId))
    .returning();
  if (!row) throw new Error('update of payment returned nothing');
  return row;
}
