import type { PaymentStatus } from '@agency/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankDetails } from '../../db/tables/members.table.ts';
import { payments, type PaymentRow } from '../../db/tables/payments.table.ts';

/** Reads and locks of a batch of payments chosen by an admin (transfer list, mark as paid). */

/** One payment as a transfer list needs it: with the member's current bank details (null when none). */
export interface TransferRow {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  invoiceNumber: string | null;
  holderName: string | null;
  bankName: string | null;
  iban: string | null;
  bankVerifiedAt: Date | null;
}

const anyOf = (ids: readonly string[]) => sql`${payments.id} = any(${sql.param([...ids])}::uuid[])`;

export async function readTransferRows(db: Executor, ids: readonly string[]): Promise<TransferRow[]> {
  return db
    .select({
      id: payments.id,
      status: payments.status,
      amountCents: payments.amountCents,
      invoiceNumber: payments.invoiceNumber,
      holderName: bankDetails.holderName,
      bankName: bankDetails.bankName,
      iban: bankDetails.iban,
      bankVerifiedAt: bankDetails.verifiedAt,
    })
    .from(payments)
    .leftJoin(bankDetails, eq(bankDetails.userId, payments.memberId))
    .where(anyOf(ids));
}

/**
 * The payments locked for the rest of the transaction (`SELECT ... FOR UPDATE`), in id order, so
 * that two batches sharing payments lock them in the same order and cannot deadlock.
 */
export async function lockPayments(db: Executor, ids: readonly string[]): Promise<PaymentRow[]> {
  return db.select().from(payments).where(anyOf(ids)).orderBy(asc(payments.id)).for('update');
}
