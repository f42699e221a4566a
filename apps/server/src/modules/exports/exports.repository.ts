import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import { deductions } from '../../db/tables/deductions.table.ts';
import { bankDetails, users } from '../../db/tables/members.table.ts';
import { payments } from '../../db/tables/payments.table.ts';

const BATCH = 1000;

/**
 * Reads a table in primary-key order, one batch at a time, so an export never holds it whole:
 * `read` gets the last row of the previous batch (null for the first) and reads the rows after it.
 */
async function* inKeyBatches<Row>(read: (after: Row | null) => Promise<Row[]>): AsyncGenerator<Row> {
  let after: Row | null = null;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!;
  }
}

/** inKeyBatches for a table keyed by its `id`. */
function inBatches<Row extends { id: string }>(read: (afterId: string | null) => Promise<Row[]>): AsyncGenerator<Row> {
  return inKeyBatches<Row>((after) => read(after?.id ?? null));
}

/** Members and admins with their bank details; never the password hash. */
export function readMembersForExport(db: Executor) {
  return inBatches((afterId) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        email: users.email,
        role: users.role,
        status: users.status,
        locale: users.locale,
        referralCode: users.referralCode,
        referredBy: users.referredBy,
        commissionRateBps: users.commissionRateBps,
        invoicePreference: users.invoicePreference,
        joinedAt: users.joinedAt,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
        bankHolderName: bankDetails.holderName,
        bankIdentityNumber: bankDetails.identityNumber,
        bankName: bankDetails.bankName,
        bankIban: bankDetails.iban,
        bankVerifiedAt: bankDetails.verifiedAt,
      })
      .from(users)
      .leftJoin(bankDetails, eq(bankDetails.userId, users.id))
      .where(afterId ? gt(users.id, afterId) : undefined)
      .orderBy(asc(users.id))
      .limit(BATCH),
  );
}

export function readCreatorsForExport(db: Executor) {
  return inBatches((afterId) =>
    db
      .select()
      .from(creators)
      .where(afterId ? gt(creators.id, afterId) : undefined)
      .orderBy(asc(creators.id))
      .limit(BATCH),
  );
}

/** A creator's months, keyed by (creator, period). */
export function readCreatorMonthsForExport(db: Executor) {
  return inKeyBatches((after: { creatorId: string; period: string } | null) =>
    db
      .select({
        creatorId: creatorMonths.creatorId,
        tiktokUsername: creators.tiktokUsername,
        period: creatorMonths.period,
        diamonds: creatorMonths.diamonds,
        validDays: creatorMonths.validDays,
        liveSeconds: creatorMonths.liveSeconds,
        matches: creatorMonths.matches,
        lastLiveAt: creatorMonths.lastLiveAt,
        updatedAt: creatorMonths.updatedAt,
      })
      .from(creatorMonths)
      .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
      .where(
        after
          ? or(gt(creatorMonths.creatorId, after.creatorId), and(eq(creatorMonths.creatorId, after.creatorId), gt(creatorMonths.period, after.period)))
          : undefined,
      )
      .orderBy(asc(creatorMonths.creatorId), asc(creatorMonths.period))
      .limit(BATCH),
  );
}

/** Payments of every status, requests and automatic ones alike; the custom invoice's file key stays out. */
export function readPaymentsForExport(db: Executor) {
  return inBatches((afterId) =>
    db
      .select({
        id: payments.id,
        memberId: payments.memberId,
        kind: payments.kind,
        status: payments.status,
        amountCents: payments.amountCents,
        grossCents: payments.grossCents,
        deductionsCents: payments.deductionsCents,
        periods: payments.periods,
        runPeriod: payments.runPeriod,
        notes: payments.notes,
        reason: payments.reason,
        invoicePreference: payments.invoicePreference,
        invoiceNumber: payments.invoiceNumber,
        decidedBy: payments.decidedBy,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(afterId ? gt(payments.id, afterId) : undefined)
      .orderBy(asc(payments.id))
      .limit(BATCH),
  );
}

/** Every deduction, the deleted ones too (they are kept, with their reversal in the ledger). */
export function readDeductionsForExport(db: Executor) {
  return inBatches((afterId) =>
    db
      .select()
      .from(deductions)
      .where(afterId ? gt(deductions.id, afterId) : undefined)
      .orderBy(asc(deductions.id))
      .limit(BATCH),
  );
}
