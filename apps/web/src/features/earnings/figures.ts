import { useMemo } from 'react';
import { REQUIREMENTS, type Eligibility, type MemberMonth, type MySummary } from '@agency/shared';
import { useFormatters } from '../../lib/format.ts';

/** Member screens linked from these components (the route table lives in app/, which imports features). */
export const MEMBER_LINKS = {
  earnings: '/app/setting/earnings',
  statistics: '/app/setting/statistics',
  myInformation: '/app/setting/myinformation',
  payments: '/app/setting/payment',
} as const;

/** `earnings:eligibility.<key>` of each eligibility the API sends in English. */
export const ELIGIBILITY_KEYS: Record<Eligibility, 'belowMinimum' | 'eligible' | 'complete'> = {
  'Below Minimum Threshold': 'belowMinimum',
  'Eligible for Payment': 'eligible',
  'Payment Complete': 'complete',
};

export const MONTH_LIVE_HOURS = REQUIREMENTS.monthLiveSeconds / 3600;

/** True once anything was uploaded or earned: before that the screens show their empty state. */
export function hasAnyFigures(summary: MySummary): boolean {
  return (
    summary.asOf !== null ||
    summary.diamonds > 0 ||
    summary.ownDiamonds > 0 ||
    summary.validDays > 0 ||
    summary.liveSeconds > 0 ||
    summary.unpaidCents > 0 ||
    summary.creatorCount > 0
  );
}

/** `2026-03` as "Mar 2026" / "March 2026" in the user's language (lib/format.ts, never `2026-03`). */
export function usePeriodLabel(): (period: string, style?: 'short' | 'long') => string {
  const format = useFormatters();
  return useMemo(() => (period, style = 'short') => format.month(period, style), [format]);
}

export interface ChartRow {
  period: string;
  month: string;
  diamonds: number;
  /** Dollars (the chart axis); the tables show cents through the money formatter. */
  earnings: number;
  validDays: number;
  /** Hours to a tenth (the chart's bar); the tables show the exact seconds and cents below. */
  liveHours: number;
  liveSeconds: number;
  earningsCents: number;
}

export function toChartRows(months: readonly MemberMonth[], label: (period: string) => string): ChartRow[] {
  return months.map((month) => ({
    period: month.period,
    month: label(month.period),
    diamonds: month.diamonds,
    earnings: month.earningsCents / 100,
    validDays: month.validDays,
    liveHours: Math.round(month.liveSeconds / 360) / 10,
    liveSeconds: month.liveSeconds,
    earningsCents: month.earningsCents,
  }));
}
