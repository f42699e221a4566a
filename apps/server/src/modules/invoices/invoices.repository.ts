import { and, desc, eq, sql } from 'drizzle-orm';
import { formatInvoiceNumber } from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { bankDetails, users, type BankDetailsRow, type UserRow } from '../members/members.table.ts';
import { invoiceFiles, payments, type InvoiceFileRow, type PaymentRow } from '../payments/payments.table.ts';
import { getSettingsRow } from '../settings/settings.repository.ts';
import { settings, type SettingsRow } from '../settings/settings.table.ts';

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
 * The payment's invoice number, given once: the payment row is locked, and when it has none the
 * settings counter is moved with one UPDATE ... RETURNING (atomic across instances) and the number
 * stored on the payment, so it never changes afterwards. A number already taken (the prefix was
 * changed back, for instance) is skipped.
 */
export async function assignInvoiceNumber(db: Database, paymentId: string, actorId: string | null, at: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!locked) throw new Error('payment vanished while numbering its invoice');
    if (locked.invoiceNumber) return locked.invoiceNumber;
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
  });
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
