import { z } from 'zod';
import { FORECAST_RULES, FORECAST_STATES, PACE_METHODS } from '../forecast.ts';
import { memberRef, periodSchema } from './earnings-common.ts';

/**
 * Contracts of the month forecasts (issue "See the month before it ends"): a creator's pace
 * forecast and requirement gaps, the went-dark radar and a member's projected tier. Computed by
 * `forecast.ts` from the month's snapshots (one per committed upload of month-to-date figures).
 * Diamonds and days are integers, LIVE time integer seconds, money integer cents, rates basis points.
 */

export const forecastStateSchema = z.enum(FORECAST_STATES);

const requirementGapSchema = z.object({
  rule: z.enum(FORECAST_RULES),
  /** What the rule asks: valid days, or seconds of LIVE. */
  needed: z.number().int(),
  have: z.number().int(),
  gap: z.number().int(),
  daysLeft: z.number().int(),
  /** At the current pace, at the end of the rule's window; null without a pace. */
  projected: z.number().int().nullable(),
  state: forecastStateSchema,
});

export const creatorForecastSchema = z.object({
  period: periodSchema,
  /** The latest snapshot's day (`YYYY-MM-DD`). */
  asOf: z.string(),
  daysInMonth: z.number().int(),
  daysLeft: z.number().int(),
  method: z.enum(PACE_METHODS),
  projected: z.object({ diamonds: z.number().int(), validDays: z.number().int(), liveSeconds: z.number().int() }).nullable(),
  requirements: z.array(requirementGapSchema),
  state: forecastStateSchema,
});

/** One creator of a forecast list: the figures of the latest snapshot and what they project. */
export const forecastCreatorItemSchema = z.object({
  creatorId: z.string(),
  tiktokUsername: z.string(),
  /** The creator's display name ('' when none). */
  name: z.string(),
  affiliate: memberRef.nullable(),
  diamonds: z.number().int(),
  validDays: z.number().int(),
  liveSeconds: z.number().int(),
  forecast: creatorForecastSchema,
  /** No LIVE for the agency's "went dark" days or more; null when not dark (or not known). */
  dark: z.object({ daysDark: z.number().int(), lastLiveDay: z.string().nullable() }).nullable(),
  /** LIVE time of the last 7 days at most half of the 7 days before; null otherwise. */
  paceFell: z.object({ lastWeekSeconds: z.number().int(), weekBeforeSeconds: z.number().int() }).nullable(),
});
export type ForecastCreatorItem = z.infer<typeof forecastCreatorItemSchema>;

const forecastCountsSchema = z.object({
  met: z.number().int(),
  onPace: z.number().int(),
  atRisk: z.number().int(),
  outOfReach: z.number().int(),
  noPace: z.number().int(),
  wentDark: z.number().int(),
  paceFell: z.number().int(),
});

/** `GET /api/admin/forecasts`: the agency's month forecast (the current month). */
export const adminForecastsSchema = z.object({
  period: periodSchema,
  /** The latest snapshot's day; null when the month has no snapshot yet. */
  asOf: z.string().nullable(),
  /** Days of the month with at least one snapshot. */
  snapshotDays: z.number().int(),
  /** The agency's setting: no LIVE for this many days counts as went dark. */
  darkAfterDays: z.number().int(),
  counts: forecastCountsSchema,
  /** At most 10 each: at risk and out of reach by diamonds (highest first), went dark by days dark (longest first). */
  atRisk: z.array(forecastCreatorItemSchema),
  outOfReach: z.array(forecastCreatorItemSchema),
  wentDark: z.array(forecastCreatorItemSchema),
});
export type AdminForecasts = z.infer<typeof adminForecastsSchema>;

const memberForecastSchema = z.object({
  /** The team's projected month-end diamonds (a creator without a pace counts with today's). */
  projectedDiamonds: z.number().int(),
  /** False when some creator has no pace yet: the projection is then a lower bound. */
  complete: z.boolean(),
  rateBps: z.number().int(),
  personalRate: z.boolean(),
  projectedCommissionCents: z.number().int(),
  nextTier: z.object({ rateBps: z.number().int(), diamondsNeeded: z.number().int(), commissionCents: z.number().int() }).nullable(),
});

/** `GET /api/me/forecast`: the member's month forecast (the current month). */
export const myForecastSchema = z.object({
  period: periodSchema,
  asOf: z.string().nullable(),
  darkAfterDays: z.number().int(),
  /** Null when none of the member's creators has a snapshot this month. */
  member: memberForecastSchema.nullable(),
  /** The member's creators with a snapshot this month, worst state first (at most 200). */
  creators: z.array(forecastCreatorItemSchema),
});
export type MyForecast = z.infer<typeof myForecastSchema>;

/**
 * The creators list's forecast filter (`GET /api/admin/creators?forecast=`): a forecast state,
 * the creators who went dark, or those whose LIVE time of the last 7 days fell below half of the
 * 7 days before (`paceFell`, the dashboard's count).
 */
export const FORECAST_FILTERS = ['atRisk', 'outOfReach', 'wentDark', 'paceFell'] as const;
export type ForecastFilter = (typeof FORECAST_FILTERS)[number];
