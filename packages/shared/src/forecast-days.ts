/** The days of a month's snapshots (forecast.ts and forecast-radar.ts): pure, no clock. */

export const DAY_MS = 86_400_000;
/** How far back the recent pace (and a week of the radar) looks. */
export const PACE_WINDOW_DAYS = 7;

export interface MonthSnapshot {
  /** `YYYY-MM-DD`: the figures are as of the end of this day. */
  asOf: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
}

/** Days of `YYYY-MM-DD` already worked out: a month has at most 31, and a month's forecast asks for them a million times. */
const dayNumbers = new Map<string, number>();

/** Day of `YYYY-MM-DD` counted from the Unix epoch. */
function dayNumber(isoDate: string): number {
  let day = dayNumbers.get(isoDate);
  if (day === undefined) {
    day = Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
    if (dayNumbers.size > 1000) dayNumbers.clear();
    dayNumbers.set(isoDate, day);
  }
  return day;
}

/** The last daily() of each list of snapshots: forecastCreator, wentDark and paceFell of one creator share it. */
const dailyOf = new WeakMap<readonly MonthSnapshot[], { period: string; days: { day: number; snapshot: MonthSnapshot }[] }>();

/** The snapshots of the month by day, one per day, oldest first (the list must not change once given). */
export function daily(period: string, snapshots: readonly MonthSnapshot[]): { day: number; snapshot: MonthSnapshot }[] {
  const known = dailyOf.get(snapshots);
  if (known?.period === period) return known.days;
  const days = dailyUncached(period, snapshots);
  dailyOf.set(snapshots, { period, days });
  return days;
}

function dailyUncached(period: string, snapshots: readonly MonthSnapshot[]): { day: number; snapshot: MonthSnapshot }[] {
  const byDay = new Map<number, MonthSnapshot>();
  for (const snapshot of snapshots) {
    if (snapshot.asOf.slice(0, 7) !== period) throw new RangeError(`snapshot ${snapshot.asOf} is not in ${period}`);
    byDay.set(dayNumber(snapshot.asOf), snapshot);
  }
  return [...byDay].map(([day, snapshot]) => ({ day, snapshot })).sort((a, b) => a.day - b.day);
}

/** Day number of a moment (UTC). */
export function dayOf(moment: Date): number {
  return Math.floor(moment.getTime() / DAY_MS);
}
