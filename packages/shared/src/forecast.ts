import { commissionEarningsCents, commissionRateBps, periodBounds, REQUIREMENTS } from './earnings.ts';
import { daily, dayOf, PACE_WINDOW_DAYS, type MonthSnapshot } from './forecast-days.ts';
import type { CommissionTier } from './schemas/commission.ts';

export type { MonthSnapshot } from './forecast-days.ts';
export { paceFell, wentDark, type DarkCreator } from './forecast-radar.ts';

/**
 * The month before it ends (issue "See the month before it ends"): pace forecasts of a creator's
 * month-to-date figures, the requirements' gaps, the went-dark radar and a member's projected tier,
 * as pure functions. Nothing here reads a clock or a database; money is in whole cents.
 *
 * The method, as the screens' help states it:
 * - A snapshot is an upload's month-to-date figures, as of the end of its as-of day.
 * - The pace is the change per day between the latest snapshot and the earliest one of the 7 days
 *   before it (the last 7 days' pace). When no earlier snapshot is that recent, it is the
 *   month-to-date average since the month began (or since the creator joined, when later).
 * - With a single snapshot there is no pace yet: nothing is projected, and a requirement is only
 *   called met or out of reach when the figures alone prove it.
 * - Projected = latest + pace x days left, rounded down; valid days and LIVE time never grow by
 *   more than one day (24 hours) a day.
 */

const DAY_SECONDS = 86_400;

export const PACE_METHODS = ['last7Days', 'monthToDate', 'none'] as const;
type PaceMethod = (typeof PACE_METHODS)[number];
/** From worst to best (a creator's state is the worst of its requirements'). */
export const FORECAST_STATES = ['outOfReach', 'atRisk', 'noPace', 'onPace', 'met'] as const;
export type ForecastState = (typeof FORECAST_STATES)[number];
export const FORECAST_RULES = ['firstWeekDays', 'monthDays', 'monthHours'] as const;

export interface RequirementGap {
  rule: (typeof FORECAST_RULES)[number];
  /** What the rule asks (valid days, or seconds of LIVE). */
  needed: number;
  have: number;
  /** What is still missing (0 when met). */
  gap: number;
  /** Days left to close the gap (in the first week, or in the month). */
  daysLeft: number;
  /** The figure at the end of the window at the current pace (null: no pace yet). */
  projected: number | null;
  state: ForecastState;
}

export interface CreatorForecast {
  period: string;
  /** The latest snapshot's day. */
  asOf: string;
  daysInMonth: number;
  daysLeft: number;
  method: PaceMethod;
  /** Projected month-end figures (null: no pace yet). */
  projected: { diamonds: number; validDays: number; liveSeconds: number } | null;
  requirements: RequirementGap[];
  /** The worst of the requirements: outOfReach, atRisk, noPace, onPace, met. */
  state: ForecastState;
}

export interface CreatorForecastInput {
  /** `YYYY-MM`. */
  period: string;
  /** When the creator joined the agency. */
  joinedAt: Date;
  /** This month's snapshots, in any order (one per day is used: the last given for a day). */
  snapshots: readonly MonthSnapshot[];
}

interface Pace {
  method: PaceMethod;
  /** Per-day change as a fraction: figure delta over `days`. */
  days: number;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
}

function paceOf(days: { day: number; snapshot: MonthSnapshot }[], firstCountedDay: number): Pace | null {
  if (days.length < 2) return null;
  const latest = days.at(-1)!;
  const recent = days.find((entry) => entry.day < latest.day && latest.day - entry.day <= PACE_WINDOW_DAYS);
  if (recent) {
    return {
      method: 'last7Days',
      days: latest.day - recent.day,
      diamonds: Math.max(0, latest.snapshot.diamonds - recent.snapshot.diamonds),
      validDays: Math.max(0, latest.snapshot.validDays - recent.snapshot.validDays),
      liveSeconds: Math.max(0, latest.snapshot.liveSeconds - recent.snapshot.liveSeconds),
    };
  }
  // Month to date: from the day before the first counted day (figures start at zero there).
  return {
    method: 'monthToDate',
    days: Math.max(1, latest.day - firstCountedDay + 1),
    diamonds: latest.snapshot.diamonds,
    validDays: latest.snapshot.validDays,
    liveSeconds: latest.snapshot.liveSeconds,
  };
}

/** `value` + `delta` x `daysLeft` / `days`, rounded down, at most `cap`. */
function project(value: number, delta: number, days: number, daysLeft: number, cap = Number.POSITIVE_INFINITY): number {
  return Math.min(cap, value + Math.floor((delta * daysLeft) / days));
}

function gapOf(rule: RequirementGap['rule'], needed: number, have: number, daysLeft: number, perDay: number, projected: number | null): RequirementGap {
  const gap = Math.max(0, needed - have);
  let state: ForecastState;
  if (gap === 0) state = 'met';
  else if (gap > daysLeft * perDay) state = 'outOfReach';
  else if (projected === null) state = 'noPace';
  else state = projected >= needed ? 'onPace' : 'atRisk';
  return { rule, needed, have, gap, daysLeft, projected, state };
}

const STATE_ORDER: readonly ForecastState[] = FORECAST_STATES;

/** The worst state of the list (met when empty). */
function worstState(states: readonly ForecastState[]): ForecastState {
  for (const state of STATE_ORDER) if (states.includes(state)) return state;
  return 'met';
}

/** A creator's month forecast from this month's snapshots (at least one). */
export function forecastCreator(input: CreatorForecastInput): CreatorForecast {
  const days = daily(input.period, input.snapshots);
  if (days.length === 0) throw new RangeError('a forecast needs at least one snapshot');
  const { start, days: daysInMonth } = periodBounds(input.period);
  const latest = days.at(-1)!;
  const monthFirstDay = dayOf(start);
  const joinedDay = dayOf(input.joinedAt);
  const firstCountedDay = Math.max(monthFirstDay, joinedDay);
  const elapsed = latest.day - monthFirstDay + 1;
  const daysLeft = daysInMonth - elapsed;
  const pace = paceOf(days, firstCountedDay);
  const figures = latest.snapshot;

  const projected = pace
    ? {
        diamonds: project(figures.diamonds, pace.diamonds, pace.days, daysLeft),
        validDays: project(figures.validDays, pace.validDays, pace.days, daysLeft, figures.validDays + daysLeft),
        liveSeconds: project(figures.liveSeconds, pace.liveSeconds, pace.days, daysLeft, figures.liveSeconds + daysLeft * DAY_SECONDS),
      }
    : null;

  const requirements: RequirementGap[] = [];
  // The first 7 days after joining (the joining day is day 1), while they last.
  const firstWeekLeft = joinedDay + REQUIREMENTS.firstWeekDays - 1 - latest.day;
  if (joinedDay <= latest.day && firstWeekLeft >= 0) {
    const projectedFirstWeek = pace ? project(figures.validDays, pace.validDays, pace.days, firstWeekLeft, figures.validDays + firstWeekLeft) : null;
    requirements.push(gapOf('firstWeekDays', REQUIREMENTS.firstWeekValidDays, figures.validDays, firstWeekLeft, 1, projectedFirstWeek));
  }
  requirements.push(gapOf('monthDays', REQUIREMENTS.monthValidDays, figures.validDays, daysLeft, 1, projected?.validDays ?? null));
  requirements.push(gapOf('monthHours', REQUIREMENTS.monthLiveSeconds, figures.liveSeconds, daysLeft, DAY_SECONDS, projected?.liveSeconds ?? null));

  return {
    period: input.period,
    asOf: figures.asOf,
    daysInMonth,
    daysLeft,
    method: pace?.method ?? 'none',
    projected,
    requirements,
    state: worstState(requirements.map((requirement) => requirement.state)),
  };
}

export interface MemberForecastInput {
  /** The member's creators this month: their latest diamonds and, when known, their projection. */
  creators: readonly { diamonds: number; projectedDiamonds: number | null }[];
  tiers: readonly CommissionTier[];
  diamondValueMicros: number;
  personalRateBps: number | null;
}

export interface MemberForecast {
  /** The team's projected month-end diamonds (a creator without a pace counts with today's). */
  projectedDiamonds: number;
  /** False when some creator had no pace yet: the projection is then a lower bound. */
  complete: boolean;
  rateBps: number;
  projectedCommissionCents: number;
  /** The next tier above the projected one (none with a personal rate or at the top). */
  nextTier: { rateBps: number; diamondsNeeded: number; commissionCents: number } | null;
}

/** A member's projected team diamonds, tier and commission, and what the next tier needs. */
export function forecastMember(input: MemberForecastInput): MemberForecast {
  let projectedDiamonds = 0;
  let complete = true;
  for (const creator of input.creators) {
    if (creator.projectedDiamonds === null) complete = false;
    projectedDiamonds += creator.projectedDiamonds ?? creator.diamonds;
  }
  const rateBps = commissionRateBps({ tiers: input.tiers, diamonds: projectedDiamonds, personalRateBps: input.personalRateBps });
  let nextTier: MemberForecast['nextTier'] = null;
  if (input.personalRateBps === null) {
    const higher = [...input.tiers].sort((a, b) => a.fromDiamonds - b.fromDiamonds).find((tier) => tier.fromDiamonds > projectedDiamonds && tier.rateBps > rateBps);
    if (higher) {
      nextTier = {
        rateBps: higher.rateBps,
        diamondsNeeded: higher.fromDiamonds - projectedDiamonds,
        commissionCents: commissionEarningsCents(higher.fromDiamonds, input.diamondValueMicros, higher.rateBps),
      };
    }
  }
  return {
    projectedDiamonds,
    complete,
    rateBps,
    projectedCommissionCents: commissionEarningsCents(projectedDiamonds, input.diamondValueMicros, rateBps),
    nextTier,
  };
}
