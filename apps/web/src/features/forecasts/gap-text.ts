import type { TFunction } from 'i18next';
import type { ForecastCreatorItem, RequirementGap } from '@agency/shared';
import type { Formatters } from '../../lib/format.ts';

const HOUR_SECONDS = 3600;

/** A number of hours as words ("25 hours"), or as hours and minutes when it is not whole. */
function hoursText(seconds: number, t: TFunction, format: Formatters): string {
  return seconds % HOUR_SECONDS === 0 ? t('forecasts:units.hours', { count: seconds / HOUR_SECONDS }) : format.duration(seconds);
}

/**
 * One requirement's gap as a sentence: "Needs 4 more valid LIVE days in 9 days left, projected
 * 11 valid LIVE days." or "25 hours needed, 18 h 30 min so far, projected 27 h 0 min." A projected
 * figure is always called projected; without a pace nothing is projected.
 */
export function gapSentence(gap: RequirementGap, t: TFunction, format: Formatters): string {
  if (gap.rule === 'monthHours') {
    const needed = hoursText(gap.needed, t, format);
    const have = format.duration(gap.have);
    if (gap.gap === 0) return t('forecasts:gaps.met', { have, needed });
    if (gap.projected === null) return t('forecasts:gaps.hours', { needed, have });
    return t('forecasts:gaps.hoursProjected', { needed, have, projected: format.duration(gap.projected) });
  }
  const days = (count: number) => t('forecasts:units.validDays', { count });
  if (gap.gap === 0) return t('forecasts:gaps.met', { have: days(gap.have), needed: days(gap.needed) });
  const left = t('forecasts:units.daysLeft', { count: gap.daysLeft });
  if (gap.projected === null) return t('forecasts:gaps.days', { count: gap.gap, left });
  return t('forecasts:gaps.daysProjected', { count: gap.gap, left, projected: days(gap.projected) });
}

/** "4 days, last LIVE 12 Mar 2026" (or "no LIVE this month"); null when the creator is not dark. */
export function darkSentence(dark: ForecastCreatorItem['dark'], t: TFunction, format: Formatters): string | null {
  if (!dark) return null;
  const days = t('forecasts:units.days', { count: dark.daysDark });
  return dark.lastLiveDay ? t('forecasts:dark.since', { days, date: format.day(dark.lastLiveDay) }) : t('forecasts:dark.noLive', { days });
}
