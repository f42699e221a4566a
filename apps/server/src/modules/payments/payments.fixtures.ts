import type { PaymentKind, PaymentStatus } from '@agency/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { bankDetails, deductions, ledgerEntries, memberMonths, payments } from '../../db/schema.ts';
import { memberBalance } from '../earnings/index.ts';

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

/** A member of the automatic-run tests: `unverified` and `nobank` get Pending Registration, `disabled` is never paid. */
export interface RunMember {
  id: string;
  kind: string;
}

/**
 * What an automatic run of `period` must have left, however many processes or crashed attempts
 * made it (auto-run.processes.test.ts, test/faults/auto-run-crash.test.ts): exactly one payment
 * per eligible member, of the whole balance it had (`before`), in the right status, none for
 * anyone else; every open deduction of a paid member consumed; every active member's ledger sum
 * equal to its balance, 0 for the paid ones and unchanged for the others; a disabled member's
 * ledger empty. Returns the period's automatic payments for the caller's own checks.
 */
export async function expectEachEligiblePaidOnce(
  db: Database,
  run: { period: string; now: Date; members: readonly RunMember[]; eligibleIds: ReadonlySet<string>; before: ReadonlyMap<string, number> },
) {
  const { period, now, members, eligibleIds, before } = run;
  const rows = await db.select().from(payments).where(and(eq(payments.kind, 'automatic'), eq(payments.runPeriod, period)));
  for (const member of members) {
    const own = rows.filter((row) => row.memberId === member.id);
    if (!eligibleIds.has(member.id)) {
      expect(own, `${member.kind} ${member.id}`).toHaveLength(0);
      continue;
    }
    expect(own, `${member.kind} ${member.id}`).toHaveLength(1);
    expect(own[0]!.amountCents).toBe(before.get(member.id));
    expect(own[0]!.status).toBe(member.kind === 'unverified' || member.kind === 'nobank' ? 'Pending Registration' : 'Waiting Approval');
  }
  expect(rows).toHaveLength(eligibleIds.size);

  const open = await db.select().from(deductions).where(inArray(deductions.memberId, [...eligibleIds]));
  for (const deduction of open) expect(deduction.paymentId, `deduction of ${deduction.memberId}`).not.toBeNull();

  for (const member of members) {
    const entries = await db.select({ amountCents: ledgerEntries.amountCents }).from(ledgerEntries).where(eq(ledgerEntries.memberId, member.id));
    if (member.kind === 'disabled') {
      expect(entries).toHaveLength(0);
      continue;
    }
    const after = (await memberBalance(db, member.id, now)).availableCents;
    expect(ledgerSum(entries), `${member.kind} ${member.id}`).toBe(after);
    expect(after).toBe(eligibleIds.has(member.id) ? 0 : before.get(member.id));
  }
  return rows;
}
