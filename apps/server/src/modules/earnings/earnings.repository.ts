import { and, asc, count, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../creators/creators.table.ts';
import { memberMonths, type MemberMonthRow } from './earnings.table.ts';

/**
 * What a member sees of their figures. Every query is bound to one member id (the signed-in
 * user's, passed by the service), never to an id from the request.
 */

export interface PeriodBounds {
  /** Inclusive; null = from the first month. */
  from: string | null;
  /** Inclusive. */
  to: string;
}

function periodWhere(column: typeof memberMonths.period | typeof creatorMonths.period, range: PeriodBounds): SQL[] {
  const conditions: SQL[] = [lte(column, range.to)];
  if (range.from !== null) conditions.push(gte(column, range.from));
  return conditions;
}

export async function findMemberMonth(db: Executor, memberId: string, period: string): Promise<MemberMonthRow | null> {
  const [row] = await db
    .select()
    .from(memberMonths)
    .where(and(eq(memberMonths.memberId, memberId), eq(memberMonths.period, period)))
    .limit(1);
  return row ?? null;
}

/** The member's commission months in the range, oldest first. */
export async function listMemberMonths(db: Executor, memberId: string, range: PeriodBounds): Promise<MemberMonthRow[]> {
  return db
    .select()
    .from(memberMonths)
    .where(and(eq(memberMonths.memberId, memberId), ...periodWhere(memberMonths.period, range)))
    .orderBy(asc(memberMonths.period));
}

export interface OwnMonthTotals {
  period: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  creatorCount: number;
}

/** Sums, per month, of the creator accounts the member signs in for (owner), oldest first. */
export async function listOwnCreatorMonths(db: Executor, memberId: string, range: PeriodBounds): Promise<OwnMonthTotals[]> {
  const rows = await db
    .select({
      period: creatorMonths.period,
      diamonds: sql<number>`coalesce(sum(${creatorMonths.diamonds}), 0)`.mapWith(Number),
      validDays: sql<number>`coalesce(sum(${creatorMonths.validDays}), 0)`.mapWith(Number),
      liveSeconds: sql<number>`coalesce(sum(${creatorMonths.liveSeconds}), 0)`.mapWith(Number),
      creatorCount: count(),
    })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(and(eq(creators.ownerId, memberId), ...periodWhere(creatorMonths.period, range)))
    .groupBy(creatorMonths.period)
    .orderBy(asc(creatorMonths.period));
  return rows.map((row) => ({ ...row, creatorCount: Number(row.creatorCount) }));
}

/** The requirement states of the member's own creator accounts in `period` (null: not computed). */
export async function listOwnCreatorStates(db: Executor, memberId: string, period: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ state: creatorMonths.requirementState })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(and(eq(creators.ownerId, memberId), eq(creatorMonths.period, period)));
  return rows.map((row) => row.state);
}

/** Creators the member brought (affiliate) that are at risk or failing in `period`. */
export async function countAtRiskBroughtCreators(db: Executor, memberId: string, period: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(
      and(
        eq(creators.affiliateId, memberId),
        eq(creatorMonths.period, period),
        inArray(creatorMonths.requirementState, ['atRisk', 'failing']),
      ),
    );
  return Number(row?.value ?? 0);
}

/** Sum of the member's earnings of the months before `period` (the ended, payable months). */
export async function sumEarningsBefore(db: Executor, memberId: string, period: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${memberMonths.earningsCents}), 0)`.mapWith(Number) })
    .from(memberMonths)
    .where(and(eq(memberMonths.memberId, memberId), lt(memberMonths.period, period)));
  return row?.value ?? 0;
}
