import type { CommissionTier } from './schemas/commission.ts';
import type { PeriodChoice } from './schemas/earnings.ts';

/**
 * The earnings rules of docs/product.md §7 and §8 as pure functions: periods, the commission rate and
 * the exact earnings in cents, and the creator requirements. The server computes with them and
 * the web app explains with them; nothing here reads a clock or a database.
 */

// ---- periods ("2026-09") ----

/** The calendar month of a date, in UTC. */
export function periodOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month of an as-of date `YYYY-MM-DD` (no time zone involved: the date is the agency's). */
export function periodOfIsoDate(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** First day (inclusive) and first day of the next month (exclusive), UTC midnight. */
export function periodBounds(period: string): { start: Date; end: Date; days: number } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1, 1));
  const end = new Date(Date.UTC(year, month, 1));
  return { start, end, days: Math.round((end.getTime() - start.getTime()) / 86_400_000) };
}

/** The month `count` months before (negative: after) `period`. */
export function shiftPeriod(period: string, count: number): string {
  const { start } = periodBounds(period);
  return periodOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - count, 1)));
}

/**
 * The months of a period choice of the history screens (docs/product.md §19), given the current month:
 * `from` inclusive (null = from the beginning), `to` inclusive. Periods compare as strings.
 * last3 / last6 = the current month and the 2 / 5 before; thisYear = January..current;
 * thisMonth = current; lastYear = January..December of the year before; all = everything up to now.
 */
export function periodRange(choice: PeriodChoice, currentPeriod: string): { from: string | null; to: string } {
  const year = Number(currentPeriod.slice(0, 4));
  switch (choice) {
    case 'all':
      return { from: null, to: currentPeriod };
    case 'last3':
      return { from: shiftPeriod(currentPeriod, 2), to: currentPeriod };
    case 'last6':
      return { from: shiftPeriod(currentPeriod, 5), to: currentPeriod };
    case 'thisYear':
      return { from: `${year}-01`, to: currentPeriod };
    case 'thisMonth':
      return { from: currentPeriod, to: currentPeriod };
    case 'lastYear':
      return { from: `${year - 1}-01`, to: `${year - 1}-12` };
  }
}

// ---- commission ----

/** The tier rate for D monthly diamonds (tiers are contiguous; see findCommissionTierProblem). */
export function tierRateBps(tiers: readonly CommissionTier[], diamonds: number): number {
  for (const tier of tiers) {
    if (diamonds >= tier.fromDiamonds && (tier.toDiamonds === null || diamonds <= tier.toDiamonds)) return tier.rateBps;
  }
  return 0;
}

/** A personal rate overrides the tiers (docs/product.md §7). */
export function commissionRateBps(options: {
  tiers: readonly CommissionTier[];
  diamonds: number;
  personalRateBps: number | null | undefined;
}): number {
  const { personalRateBps } = options;
  return personalRateBps !== null && personalRateBps !== undefined
    ? personalRateBps
    : tierRateBps(options.tiers, options.diamonds);
}

/** Round a / b half to even; a >= 0, b > 0, both bigint. */
function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator) return quotient + 1n;
  if (twiceRemainder < denominator) return quotient;
  return quotient % 2n === 0n ? quotient : quotient + 1n;
}

/**
 * earnings = round_half_even(D x diamondValue x rate) in cents, computed exactly:
 * D x micros-of-a-dollar x basis points / (10,000 micros per cent x 10,000 bps) .
 */
export function commissionEarningsCents(diamonds: number, diamondValueMicros: number, rateBps: number): number {
  if (!Number.isSafeInteger(diamonds) || diamonds < 0) throw new RangeError('diamonds must be a non-negative integer');
  if (!Number.isSafeInteger(diamondValueMicros) || diamondValueMicros < 0) throw new RangeError('bad diamond value');
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) throw new RangeError('bad rate');
  const cents = divideHalfEven(BigInt(diamonds) * BigInt(diamondValueMicros) * BigInt(rateBps), 100_000_000n);
  return Number(cents);
}

/** The agency's gross for D diamonds, in cents (round half even): the "diamonds revenue". */
export function diamondsValueCents(diamonds: number, diamondValueMicros: number): number {
  return Number(divideHalfEven(BigInt(diamonds) * BigInt(diamondValueMicros), 10_000n));
}

// ---- creator requirements ----

export const REQUIREMENTS = {
  /** First 7 days after joining: at least 3 days with more than an hour of LIVE. */
  firstWeekDays: 7,
  firstWeekValidDays: 3,
  /** Every 30 days (the month): at least 12 valid days and 25 hours. */
  monthValidDays: 12,
  monthLiveSeconds: 25 * 3600,
} as const;

export const REQUIREMENT_STATES = ['onTrack', 'atRisk', 'failing'] as const;
export type RequirementState = (typeof REQUIREMENT_STATES)[number];

/** Achieved % = min(valid days / 12, hours / 25), capped at 100, in basis points of a whole (10,000 = 100%). */
export function achievedBps(validDays: number, liveSeconds: number): number {
  const byDays = Math.floor((validDays * 10_000) / REQUIREMENTS.monthValidDays);
  const byHours = Math.floor((liveSeconds * 10_000) / REQUIREMENTS.monthLiveSeconds);
  return Math.max(0, Math.min(10_000, byDays, byHours));
}

export interface RequirementInput {
  /** When the creator joined the agency. */
  joinedAt: Date;
  /** Month-to-date figures of `period`. */
  validDays: number;
  liveSeconds: number;
  period: string;
  /** The moment the figures describe (the upload's as-of date, end of that day). */
  asOf: Date;
}

export interface RequirementProgress {
  achievedBps: number;
  state: RequirementState;
  /** Which rule decided the state: the creator's first week, or the month. */
  rule: 'firstWeek' | 'month';
}

const DAY_MS = 86_400_000;

/** periodBounds as numbers, the last month's kept: an import asks it once per row (100,000 times) for the same month. */
let lastSpan: { period: string; startMs: number; endMs: number; days: number } | null = null;
function monthSpan(period: string): { startMs: number; endMs: number; days: number } {
  if (lastSpan?.period !== period) {
    const { start, end, days } = periodBounds(period);
    lastSpan = { period, startMs: start.getTime(), endMs: end.getTime(), days };
  }
  return lastSpan;
}

/**
 * The state of a creator against the requirements at `asOf`:
 * - rule met: on track;
 * - cannot be met any more in the days left (valid days need one day each): failing;
 * - behind the even pace (achieved share < elapsed share of the window): at risk;
 * - otherwise on track.
 * In the first 7 days after joining the first-week rule decides; the month's rule after that.
 * A month that has ended is on track when met and failing otherwise.
 */
export function requirementProgress(input: RequirementInput): RequirementProgress {
  const achieved = achievedBps(input.validDays, input.liveSeconds);
  const firstWeekEnd = input.joinedAt.getTime() + REQUIREMENTS.firstWeekDays * DAY_MS;
  if (input.asOf.getTime() < firstWeekEnd && input.asOf.getTime() >= input.joinedAt.getTime()) {
    const elapsedDays = Math.max(1, Math.ceil((input.asOf.getTime() - input.joinedAt.getTime()) / DAY_MS));
    const leftDays = REQUIREMENTS.firstWeekDays - elapsedDays;
    const needed = REQUIREMENTS.firstWeekValidDays;
    let state: RequirementState;
    if (input.validDays >= needed) state = 'onTrack';
    else if (input.validDays + leftDays < needed) state = 'failing';
    else state = input.validDays * REQUIREMENTS.firstWeekDays >= needed * elapsedDays ? 'onTrack' : 'atRisk';
    return { achievedBps: achieved, state, rule: 'firstWeek' };
  }

  const { startMs, endMs, days } = monthSpan(input.period);
  const asOf = Math.min(Math.max(input.asOf.getTime(), startMs), endMs);
  const elapsedDays = Math.min(days, Math.max(1, Math.ceil((asOf - startMs) / DAY_MS)));
  const leftDays = days - elapsedDays;
  let state: RequirementState;
  if (achieved >= 10_000) state = 'onTrack';
  else if (
    input.validDays + leftDays < REQUIREMENTS.monthValidDays ||
    input.liveSeconds + leftDays * DAY_MS / 1000 < REQUIREMENTS.monthLiveSeconds
  ) {
    state = 'failing';
  } else {
    // Pace: achieved share of the rule against the elapsed share of the month.
    state = achieved * days >= 10_000 * elapsedDays ? 'onTrack' : 'atRisk';
  }
  return { achievedBps: achieved, state, rule: 'month' };
}

/** Basis points of a whole (10,000 = 100%) as a percent with one decimal, rounded down. */
export function bpsToPercent(bps: number): number {
  return Math.floor(bps / 10) / 10;
}
