import type { Executor } from '../../db/client.ts';
import { bankDetails, type BankDetailsRow } from '../../db/tables/members.table.ts';

/** Saves a member's bank details; any save clears the verification (docs/product.md §5). */
export async function upsertBankDetails(
  db: Executor,
  userId: string,
  values: { holderName: string; identityNumber: string; bankName: string; iban: string },
  at: Date,
): Promise<BankDetailsRow> {
  const [row] = await db
    .insert(bankDetails)
    .values({ userId, ...values, verifiedAt: null, updatedAt: at })
    .onConflictDoUpdate({ target: bankDetails.userId, set: { ...values, verifiedAt: null, updatedAt: at } })
    .returning();
  if (!row) throw new Error('upsert of bank_details returned nothing');
  return row;
}
