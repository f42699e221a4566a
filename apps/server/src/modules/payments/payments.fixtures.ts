import type { PaymentKind, PaymentStatus } from '@agency/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { bankDetails, deductions, ledgerEntries, memberMonths, payments } from '../../db/schema.ts';

/** Test fixtures of the payments module (imported by its tests only). */

export async function setMonthEarnings(db: Database, memberId: string, period: string, earningsCents: number): Promise<void> {
  await db
    .insert(memberMonths)
    .values({ memberId, period, diamonds: earningsCents * 20, creatorCount: 1, rateBps: 100, diamondValueMicros: 5000, earningsCents })
    .onConflictDoUpdate({ target: [memberMonths.memberId, memberMonths.period], set: { earningsCents } });
}

export async function addBank(db: Database, memberId: string, verified: boolean): Promise<void> {
  await db.insert(bankDetails).values({
    userId: memberId,
    holderName: 'Test Holder',
    identityNumber: '10000000146',
    bankName: 'Bank',
    iban: 'TR330006100519786457841326',
    verifiedAt: verified ? new Date('2026-01-01T00:00:00Z') : null,
  });
}

/**
 * A payment in any status, as the flow would have left it: the `payment` ledger entry (and the
 * reversal when Rejected/Unpaid) and one consumed deduction of 1,000 cents.
 */
export async function insertPaymentInStatus(db: Database, memberId: string, status: PaymentStatus, kind: PaymentKind, runPeriod?: string) {
  const [payment] = await db
    .insert(payments)
    .values({ memberId, amountCents: 6000, grossCents: 7000, deductionsCents: 1000, status, kind, runPeriod: kind === 'automatic' ? (runPeriod ?? '2026-03') : null })
    .returning();
  const reversed = status === 'Rejected' || status === 'Unpaid';
  const [deduction] = await db
    .insert(deductions)
    .values({ memberId, amountCents: 1000, paymentId: reversed ? null : payment!.id })
    .returning();
  await db.insert(ledgerEntries).values([
    { memberId, kind: 'deduction', amountCents: -1000, deductionId: deduction!.id },
    { memberId, kind: 'payment', amountCents: -6000, paymentId: payment!.id },
    ...(reversed ? [{ memberId, kind: 'paymentReversal' as const, amountCents: 6000, paymentId: payment!.id }] : []),
  ]);
  return payment!;
}

/** Everything the money tables hold about a member, to compare before and after. */
export async function moneySnapshot(db: Database, memberId: string) {
  const [paymentRows, ledgerRows, deductionRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.memberId, memberId)).orderBy(asc(payments.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, memberId)).orderBy(asc(ledgerEntries.id)),
    db.select().from(deductions).where(eq(deductions.memberId, memberId)).orderBy(asc(deductions.id)),
  ]);
  return { payments: paymentRows, ledger: ledgerRows, deductions: deductionRows };
}

export function ledgerSum(rows: readonly { amountCents: number }[]): number {
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}
