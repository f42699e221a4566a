import {
  achievedBps,
  bpsToPercent,
  commissionRateBps,
  MIN_PAYOUT_CENTS,
  periodBounds,
  periodOf,
  periodRange,
  REQUIREMENT_STATES,
  type MemberMonth,
  type MyEarnings,
  type MySummary,
  type PeriodChoice,
  type RequirementState,
} from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import { ledgerBalanceOf, periodInZone, unpostedMonthsOf } from '../ledger/index.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import { balanceEligibility } from './balance.ts';
import { listMemberMonths, listOwnCreatorMonths, readSummaryFigures, type OwnMonthTotals } from './earnings.repository.ts';

export interface EarningsDeps {
  db: Database;
  clock: Clock;
  /** The per-instance read cache (docs/decisions/012); without it every summary reads the database. */
  readCache?: ReadCache;
}

/**
 * A member's summary as the read cache keeps it: the answer's body, valid only while the month
 * (UTC) and the payout month (in the settings' time zone) it was computed for are still current.
 */
interface CachedSummary {
  period: string;
  payoutTimeZone: string | null;
  payoutPeriod: string;
  body: string;
}

/** The worst of the states (failing > atRisk > onTrack); null when none was computed. */
export function worstRequirementState(states: readonly (string | null)[]): RequirementState | null {
  let worst = -1;
  for (const state of states) worst = Math.max(worst, REQUIREMENT_STATES.indexOf(state as RequirementState));
  return worst < 0 ? null : REQUIREMENT_STATES[worst]!;
}

/**
 * A member's own LIVE of one month: valid days of several accounts are added but a month has at
 * most as many valid days as it has days.
 */
function ownLive(period: string, own: OwnMonthTotals | undefined): { validDays: number; liveSeconds: number; diamonds: number } {
  if (!own) return { validDays: 0, liveSeconds: 0, diamonds: 0 };
  return { validDays: Math.min(own.validDays, periodBounds(period).days), liveSeconds: own.liveSeconds, diamonds: own.diamonds };
}

/** The member's earnings screens. Every function takes the signed-in member's id from the session. */
export function createEarningsService(deps: EarningsDeps) {
  const { db, clock } = deps;
  const summaryCache = deps.readCache?.area<CachedSummary>('summaries');

  /**
   * One statement reads every figure (readSummaryFigures); the balance is then computed as
   * `memberBalance` computes it, from the same rows.
   */
  async function computeSummary(memberId: string, now: Date): Promise<{ summary: MySummary; payoutTimeZone: string | null; payoutPeriod: string }> {
    const period = periodOf(now);
    const figures = await readSummaryFigures(db, memberId, period);
    if (!figures.userFound) throw new AppError('NOT_FOUND');
    // The settings row is created on first use; a fresh database may not have it yet.
    const settings = figures.settings ?? (await getSettingsRow(db));

    const payoutPeriod = periodInZone(now, settings.payoutTimeZone ?? null);
    const balance = ledgerBalanceOf({
      ledgerCents: figures.ledgerCents,
      unposted: unpostedMonthsOf(figures.computedMonths, figures.postedMonths, payoutPeriod),
      postedCents: figures.postedMonths.reduce((sum, month) => sum + month.cents, 0),
      coveredCents: figures.coveredCents,
      latestPaymentStatus: figures.latestPaymentStatus,
    });

    const { month } = figures;
    // No creator brought has figures this month yet: the rate 0 diamonds would get.
    const rateBps = month?.rateBps ?? commissionRateBps({ tiers: settings.commissionTiers, diamonds: 0, personalRateBps: figures.commissionRateBps });
    const personalRate = month?.personalRate ?? figures.commissionRateBps !== null;
    const live = ownLive(period, figures.own.creatorCount > 0 ? { period, ...figures.own } : undefined);

    const summary: MySummary = {
      period,
      asOf: figures.asOfDate,
      diamonds: month?.diamonds ?? 0,
      earningsCents: month?.earningsCents ?? 0,
      rateBps,
      personalRate,
      creatorCount: month?.creatorCount ?? 0,
      ownDiamonds: live.diamonds,
      validDays: live.validDays,
      liveSeconds: live.liveSeconds,
      achievedPercent: bpsToPercent(achievedBps(live.validDays, live.liveSeconds)),
      requirementState: worstRequirementState(figures.ownStates),
      unpaidCents: balance.unpaidCents,
      availableCents: balance.availableCents,
      minimumPayoutCents: MIN_PAYOUT_CENTS,
      eligibility: balanceEligibility(balance),
      atRiskCount: figures.atRiskCount,
      onTheWay: figures.onTheWay,
    };
    return { summary, payoutTimeZone: settings.payoutTimeZone ?? null, payoutPeriod };
  }

  return {
    /**
     * The summary's answer body, `serialize`d (the route's response serializer), from the read
     * cache when it holds one for this member, this month and this payout month (docs/decisions/
     * 012), else computed and stored. The cache is cleared by every change of the figures.
     */
    async getSummaryBody(memberId: string, serialize: (summary: MySummary) => string): Promise<string> {
      const now = clock.now();
      const cached = summaryCache?.get(memberId);
      if (cached && cached.period === periodOf(now) && cached.payoutPeriod === periodInZone(now, cached.payoutTimeZone)) return cached.body;
      const ticket = deps.readCache?.ticket() ?? null;
      const { summary, payoutTimeZone, payoutPeriod } = await computeSummary(memberId, now);
      const body = serialize(summary);
      summaryCache?.set(memberId, { period: summary.period, payoutTimeZone, payoutPeriod, body }, ticket);
      return body;
    },

    /**
     * Months of the range, oldest first: every month with commission figures or figures of the
     * member's own creator accounts. The open month is an estimate.
     */
    async getEarnings(memberId: string, choice: PeriodChoice): Promise<MyEarnings> {
      const current = periodOf(clock.now());
      const range = periodRange(choice, current);
      const [commission, own] = await Promise.all([listMemberMonths(db, memberId, range), listOwnCreatorMonths(db, memberId, range)]);
      const commissionByPeriod = new Map(commission.map((row) => [row.period, row]));
      const ownByPeriod = new Map(own.map((row) => [row.period, row]));
      const periods = [...new Set([...commissionByPeriod.keys(), ...ownByPeriod.keys()])].sort();

      const months: MemberMonth[] = periods.map((period) => {
        const row = commissionByPeriod.get(period);
        const live = ownLive(period, ownByPeriod.get(period));
        return {
          period,
          diamonds: row?.diamonds ?? 0,
          earningsCents: row?.earningsCents ?? 0,
          rateBps: row?.rateBps ?? 0,
          validDays: live.validDays,
          liveSeconds: live.liveSeconds,
          creatorCount: row?.creatorCount ?? 0,
          estimated: period === current,
        };
      });
      const totals = { diamonds: 0, earningsCents: 0, validDays: 0, liveSeconds: 0 };
      for (const month of months) {
        totals.diamonds += month.diamonds;
        totals.earningsCents += month.earningsCents;
        totals.validDays += month.validDays;
        totals.liveSeconds += month.liveSeconds;
      }
      return { period: choice, months, totals };
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
