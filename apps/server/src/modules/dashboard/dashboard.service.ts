import { diamondsValueCents, periodOf, periodRange, type AdminDashboard, type AdminFinance, type PeriodChoice } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { periodAsOf } from '../earnings/index.ts';
import {
  dashboardCounts,
  financeMonths,
  topCreatorsOfMonth,
  topEarnersOfRange,
  topMembersByActiveCreators,
  topMembersOfMonth,
} from './dashboard.repository.ts';

const TOP_LIST = 5;
const TOP_EARNERS = 10;

/**
 * The admin dashboard (this month, the UTC calendar month of the clock) and the finance summary
 * over a period choice. Figures come from creator_months (what the creators did) and
 * member_months (the commission computed from them); nothing is recomputed here.
 */
export function createDashboardService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async getDashboard(): Promise<AdminDashboard> {
      const now = clock.now();
      const period = periodOf(now);
      const [asOf, byDiamonds, byEarnings, creators, byCreators, counts] = await Promise.all([
        periodAsOf(db, period, now),
        topMembersOfMonth(db, period, 'diamonds', TOP_LIST),
        topMembersOfMonth(db, period, 'earningsCents', TOP_LIST),
        topCreatorsOfMonth(db, period, TOP_LIST),
        topMembersByActiveCreators(db, TOP_LIST),
        dashboardCounts(db, period),
      ]);
      return {
        period,
        asOf: asOf.asOfDate,
        topMembersByDiamonds: byDiamonds,
        topMembersByEarnings: byEarnings,
        topCreatorsByDiamonds: creators,
        topMembersByCreators: byCreators,
        pendingMembers: counts.pendingMembers,
        pendingCreators: counts.pendingCreators,
        totalDiamonds: counts.totalDiamonds,
        creatorCount: counts.activeCreators,
        atRiskCreators: counts.atRiskCreators,
      };
    },

    /**
     * Diamonds revenue is exact per month: diamondsValueCents(the month's diamonds, the diamond
     * value that month's commission was computed with, from member_months) rounded half-even to
     * the cent; a month without commission rows (no affiliated creator) uses the current setting.
     * The range's revenue is the sum of the months' revenues, so the total equals its history.
     */
    async getFinance(choice: PeriodChoice): Promise<AdminFinance> {
      const range = periodRange(choice, periodOf(clock.now()));
      const [months, topMembers] = await Promise.all([
        financeMonths(db, range),
        topEarnersOfRange(db, range, TOP_EARNERS),
      ]);
      const history = months.map((month) => ({
        period: month.period,
        diamonds: month.diamonds,
        diamondsRevenueCents: diamondsValueCents(month.diamonds, month.diamondValueMicros),
        earningsCents: month.earningsCents,
      }));
      const sum = (pick: (month: (typeof history)[number]) => number) => history.reduce((total, month) => total + pick(month), 0);
      return {
        period: choice,
        diamonds: sum((month) => month.diamonds),
        diamondsRevenueCents: sum((month) => month.diamondsRevenueCents),
        earningsCents: sum((month) => month.earningsCents),
        history,
        topMembers,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
