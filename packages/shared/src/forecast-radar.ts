import { periodBounds } from './earnings.ts';
import { DAY_MS, PACE_WINDOW_DAYS, daily, dayOf, type MonthSnapshot } from './forecast-days.ts';

/** The went-dark radar of the month forecasts (forecast.ts states the method): pure, no clock. */

export interface DarkCreator {
  /** Whole days since the last LIVE, up to the latest snapshot's day's end. */
  daysDark: number;
  /** The last day with LIVE (`YYYY-MM-DD`), or null when there was none this month. */
  lastLiveDay: string | null;
}

/**
 * Went dark: no LIVE for `minDays` or more (default 3) by the end of `asOf`. The last LIVE is
 * `lastLiveAt` when the export gave it; else the last day whose snapshot shows more LIVE time than
 * the one before (a creator with no LIVE at all this month counts from the month's or the joining's
 * start). Null when the creator is not dark, or when the snapshots cannot tell (one snapshot, no
 * `lastLiveAt`, some LIVE).
 */
export function wentDark(input: { period: string; joinedAt: Date; snapshots: readonly MonthSnapshot[]; lastLiveAt: Date | null; minDays?: number }): DarkCreator | null {
  const days = daily(input.period, input.snapshots);
  if (days.length === 0) return null;
  const minDays = input.minDays ?? 3;
  const latest = days.at(-1)!;
  let lastLiveDay: number | null = null;
  if (input.lastLiveAt) lastLiveDay = dayOf(input.lastLiveAt);
  else if (latest.snapshot.liveSeconds === 0) lastLiveDay = null;
  else {
    for (let index = days.length - 1; index > 0; index -= 1) {
      if (days[index]!.snapshot.liveSeconds > days[index - 1]!.snapshot.liveSeconds) {
        lastLiveDay = days[index]!.day;
        break;
      }
    }
    // Only one snapshot with LIVE in it, or LIVE only before the first: the day is not known.
    if (lastLiveDay === null) return null;
  }
  const fromDay = lastLiveDay ?? Math.max(dayOf(periodBounds(input.period).start), dayOf(input.joinedAt)) - 1;
  const daysDark = latest.day - fromDay;
  if (daysDark < minDays) return null;
  return { daysDark, lastLiveDay: lastLiveDay === null ? null : new Date(lastLiveDay * DAY_MS).toISOString().slice(0, 10) };
}

/**
 * Pace fell by half: the LIVE time of the last 7 days against the 7 days before them, both read
 * from snapshots exactly 7 and 14 days before the latest. Null when the snapshots do not reach back
 * 14 days, or when the earlier week had no LIVE.
 */
export function paceFell(snapshots: readonly MonthSnapshot[], period: string): { lastWeekSeconds: number; weekBeforeSeconds: number } | null {
  const days = daily(period, snapshots);
  const latest = days.at(-1);
  if (!latest) return null;
  const at = (day: number) => days.find((entry) => entry.day === day)?.snapshot;
  const weekAgo = at(latest.day - PACE_WINDOW_DAYS);
  const twoWeeksAgo = at(latest.day - 2 * PACE_WINDOW_DAYS);
  if (!weekAgo || !twoWeeksAgo) return null;
  const lastWeekSeconds = latest.snapshot.liveSeconds - weekAgo.liveSeconds;
  const weekBeforeSeconds = weekAgo.liveSeconds - twoWeeksAgo.liveSeconds;
  if (weekBeforeSeconds <= 0 || lastWeekSeconds * 2 > weekBeforeSeconds) return null;
  return { lastWeekSeconds, weekBeforeSeconds };
}
