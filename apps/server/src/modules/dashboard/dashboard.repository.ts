import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creatorMonths, creators } from '../../db/tables/creators.table.ts';
import { agencyMonths, memberMonths } from '../../db/tables/earnings.table.ts';
import { users } from '../../db/tables/members.table.ts';

/**
 * The admin's figures, aggregated in the database. Every query reads one month (or a range of
 * months) through an index whose first column is the period:
 * member_months_period_diamonds_idx / member_months_period_earnings_idx (top members),
 * creator_months_period_diamonds_idx (top creators, total diamonds, history by month),
 * creator_months_period_state_idx (at-risk count), users_role_status_idx and
 * creators_status_joined_idx (pending and active counts), creators_affiliate_idx.
 */

export interface RankedMemberRow {
  uid: string;
  firstName: string;
  lastName: string;
  value: number;
}

export interface RankedCreatorRow {
  id: string;
  tiktokUsername: string;
  name: string;
  value: number;
}

const toNumber = (value: unknown) => Number(value ?? 0);

/** Members with the highest member_months column of `period` (only those above zero). */
export async function topMembersOfMonth(
  db: Executor,
  period: string,
  by: 'diamonds' | 'earningsCents',
  limit: number,
): Promise<RankedMemberRow[]> {
  const column = by === 'diamonds' ? memberMonths.diamonds : memberMonths.earningsCents;
  const rows = await db
    .select({ uid: users.id, firstName: users.firstName, lastName: users.lastName, value: column })
    .from(memberMonths)
    .innerJoin(users, eq(users.id, memberMonths.memberId))
    .where(and(eq(memberMonths.period, period), gt(column, 0)))
    .orderBy(desc(column), asc(memberMonths.memberId))
    .limit(limit);
  return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
}

export async function topCreatorsOfMonth(db: Executor, period: string, limit: number): Promise<RankedCreatorRow[]> {
  const rows = await db
    .select({ id: creators.id, tiktokUsername: creators.tiktokUsername, name: creators.name, value: creatorMonths.diamonds })
    .from(creatorMonths)
    .innerJoin(creators, eq(creators.id, creatorMonths.creatorId))
    .where(and(eq(creatorMonths.period, period), gt(creatorMonths.diamonds, 0)))
    .orderBy(desc(creatorMonths.diamonds), desc(creatorMonths.creatorId))
    .limit(limit);
  return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
}

/** Members who brought the most active creators (creators.affiliateId, status `active`). */
export async function topMembersByActiveCreators(db: Executor, limit: number): Promise<RankedMemberRow[]> {
  const counted = db
    .select({ memberId: creators.affiliateId, value: count().as('value') })
    .from(creators)
    .where(and(eq(creators.status, 'active'), isNotNull(creators.affiliateId)))
    .groupBy(creators.affiliateId)
    .as('counted');
  const rows = await db
    .select({ uid: users.id, firstName: users.firstName, lastName: users.lastName, value: counted.value })
    .from(counted)
    .innerJoin(users, and(eq(users.id, counted.memberId), eq(users.role, 'user')))
    .orderBy(desc(counted.value), asc(users.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, value: toNumber(row.value) }));
}

export interface DashboardCountsRow {
  pendingMembers: number;
  pendingCreators: number;
  activeCreators: number;
  totalDiamonds: number;
  atRiskCreators: number;
}

/** The dashboard's counters, each a count or sum on its own index. */
export async function dashboardCounts(db: Executor, period: string): Promise<DashboardCountsRow> {
  const [pendingMembers, pendingCreators, activeCreators, totalDiamonds, atRiskCreators] = await Promise.all([
    db.select({ value: count() }).from(users).where(and(eq(users.role, 'user'), eq(users.status, 'pending'))),
    db.select({ value: count() }).from(creators).where(eq(creators.status, 'pending')),
    db.select({ value: count() }).from(creators).where(eq(creators.status, 'active')),
    db
      .select({ value: sql<string>`coalesce(sum(${creatorMonths.diamonds}), 0)` })
      .from(creatorMonths)
      .where(eq(creatorMonths.period, period)),
    db
      .select({ value: count() })
      .from(creatorMonths)
      .where(and(eq(creatorMonths.period, period), inArray(creatorMonths.requirementState, ['atRisk', 'failing']))),
  ]);
  return {
    pendingMembers: toNumber(pendingMembers[0]?.value),
    pendingCreators: toNumber(pendingCreators[0]?.value),
    activeCreators: toNumber(activeCreators[0]?.value),
    totalDiamonds: toNumber(totalDiamonds[0]?.value),
    atRiskCreators: toNumber(atRiskCreators[0]?.value),
  };
}

// ---- finance ----

export interface PeriodRangeFilter {
  from: string | null;
  to: string;
}

function rangeOf(column: typeof memberMonths.period | typeof agencyMonths.period, range: PeriodRangeFilter): SQL | undefined {
  return and(range.from ? gte(column, range.from) : undefined, lte(column, range.to));
}

export interface FinanceMonthRow {
  period: string;
  diamonds: number;
  earningsCents: number;
  /** The diamond value the month's commission was computed with. */
  diamondValueMicros: number;
}

/**
 * One row per month of the range that has figures, oldest first: the agency's diamonds (every
 * creator's, brought by a member or not) and the members' commission, from the month totals
 * (`agency_months`) that every recompute rebuilds.
 */
export async function financeMonths(db: Executor, range: PeriodRangeFilter): Promise<FinanceMonthRow[]> {
  const rows = await db
    .select({
      period: agencyMonths.period,
      diamonds: agencyMonths.diamonds,
      earningsCents: agencyMonths.earningsCents,
      diamondValueMicros: agencyMonths.diamondValueMicros,
    })
    .from(agencyMonths)
    .where(rangeOf(agencyMonths.period, range))
    .orderBy(asc(agencyMonths.period));
  return rows.map((row) => ({ ...row, diamonds: toNumber(row.diamonds), earningsCents: toNumber(row.earningsCents) }));
}

export interface TopEarnerRow extends RankedMemberRow {
  diamonds: number;
}

/** Members with the most commission over the range, with their diamonds (D) over it. */
export async function topEarnersOfRange(db: Executor, range: PeriodRangeFilter, limit: number): Promise<TopEarnerRow[]> {
  const earnings = sql<string>`sum(${memberMonths.earningsCents})`;
  const totals = db
    .select({
      memberId: memberMonths.memberId,
      value: earnings.as('value'),
      diamonds: sql<string>`sum(${memberMonths.diamonds})`.as('diamonds'),
    })
    .from(memberMonths)
    .where(rangeOf(memberMonths.period, range))
    .groupBy(memberMonths.memberId)
    .having(gt(earnings, 0))
    .orderBy(desc(earnings), asc(memberMonths.memberId))
    .limit(limit)
    .as('totals');
  const rows = await db
    .select({ uid: users.id, firstName: users.firstName, lastName: users.lastName, value: totals.value, diamonds: totals.diamonds })
    .from(totals)
    .innerJoin(users, eq(users.id, totals.memberId))
    .orderBy(desc(totals.value), asc(users.id));
  return rows.map((row) => ({ ...row, value: toNumber(row.value), diamonds: toNumber(row.diamonds) }));
}
