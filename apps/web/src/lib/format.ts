import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { capitalizeFirst } from './capitalize.ts';
import {
  DEFAULT_LOCALE,
  formatDate,
  formatDateTime,
  formatDay,
  formatMicroDollars,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  isLocale,
  numberInputFormat,
  type Locale,
  type MonthStyle,
  type NumberInputFormat,
} from '@agency/shared';

export interface Formatters {
  locale: Locale;
  /** Integer US cents as dollars in the locale's format: `$1.234,56` (tr), `1.234,56 $` (de). */
  money(cents: number | null | undefined): string;
  /** Whole numbers (diamonds, counts) with the locale's grouping; a missing value shows 0. */
  number(value: number | null | undefined): string;
  /** A percentage given as a number of percent (12.5 -> `%12,5` in tr). */
  percent(value: number | null | undefined): string;
  /** Micro-dollars (the diamond value, 5000 -> `$0,005` in tr) with the decimals they need. */
  microDollars(micros: number | null | undefined): string;
  date(value: string | Date | null | undefined): string;
  dateTime(value: string | Date | null | undefined): string;
  /** A calendar day (`2026-10-15`) without moving it across time zones. */
  day(value: string | null | undefined): string;
  /** `2026-11` as `Kasım 2026` (long, the default) or `Kas 2026` (short): never `2026-11` on a screen. */
  month(period: string | null | undefined, style?: MonthStyle): string;
  /**
   * month() for a month that stands alone (a table cell, a card's title, a chart's axis): with a
   * capital first letter in every language (ru `Ноябрь 2026 г.`, not `ноябрь 2026 г.`). Inside a
   * sentence month() stays as the language writes it.
   */
  monthLabel(period: string | null | undefined, style?: MonthStyle): string;
  /** Separators, prefixes and suffixes for number inputs in the locale. */
  input: NumberInputFormat;
  /** Seconds as `119 h 47 min` in the user's language. */
  duration(seconds: number | null | undefined): string;
}

/** Seconds as hours and minutes (`119 h 47 min`, `47 min`), translated through `common:duration.*`. */
function formatDuration(seconds: number | null | undefined, locale: Locale, t: TFunction): string {
  const safe = Number.isFinite(seconds) && (seconds as number) > 0 ? (seconds as number) : 0;
  const totalMinutes = Math.floor(safe / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return t('common:duration.minutes', { minutes: formatNumber(minutes, locale) });
  return t('common:duration.hoursMinutes', { hours: formatNumber(hours, locale), minutes: formatNumber(minutes, locale) });
}

/** Formatters bound to the current language; they change when the language changes. */
export function useFormatters(): Formatters {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale: Locale = isLocale(language) ? language : DEFAULT_LOCALE;
  return useMemo(
    () => ({
      locale,
      money: (cents) => formatMoney(cents, locale),
      number: (value) => formatNumber(value, locale),
      percent: (value) => formatPercent(value, locale),
      microDollars: (micros) => formatMicroDollars(micros, locale),
      date: (value) => formatDate(value, locale),
      dateTime: (value) => formatDateTime(value, locale),
      day: (value) => formatDay(value, locale),
      month: (period, style) => formatMonth(period, locale, style),
      monthLabel: (period, style) => capitalizeFirst(formatMonth(period, locale, style), locale),
      input: numberInputFormat(locale),
      duration: (seconds) => formatDuration(seconds, locale, t),
    }),
    [locale, t],
  );
}
