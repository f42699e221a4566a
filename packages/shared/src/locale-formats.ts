import type { Locale } from './locales.ts';
import { DATE_SPECS, localeOf, NUMBER_SPECS } from './locale-format-specs.ts';
import { tableDate, tableDateTime, tableMicros, tableMoney, tableMonth, tableNumber, type MonthStyle } from './locale-format-tables.ts';
import { dateSource, intlDate, intlDateTime, intlMoney, intlMonth, intlNumber, intlPercent, numberSource } from './locale-format-intl.ts';

/**
 * Dates, numbers and money of the six languages, in one place (docs/product.md §18).
 *
 * Intl is used where the runtime really has the language's data. A browser can claim a language
 * and still format with the root locale: Debian's Chromium answers
 * `Intl.DateTimeFormat.supportedLocalesOf('az')` with `['az']`, then writes "2026 M11 24" and
 * "1,215,000.5". So the check is not `supportedLocalesOf` but a probe: a few sample values are
 * formatted with Intl (locale-format-intl.ts) and compared with the formats written out
 * (locale-format-specs.ts, locale-format-tables.ts); when one differs, the written-out formats are
 * used for that language. The probe runs once per language.
 *
 * The written-out formats are CLDR's for tr, en (en-GB), de, ru and ro, character for character
 * (no-break spaces included; a unit test compares them with full ICU). Azerbaijani has the
 * product's own formats, because runtimes disagree about it (Chromium has no data, ICU writes
 * "1.215.000,50 $" and "24 noy 2026"): `24.11.2026`, `noyabr 2026`, `1 215 000,50 $` with a
 * no-break space as grouping. The probe then always picks them, in the browser and on the server.
 */

export type { MonthStyle } from './locale-format-tables.ts';
export { localeFormatSource, resetLocaleFormatSources } from './locale-format-intl.ts';

// ---- the formatters ----

const finite = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Money is integer US cents everywhere; this is the only place it becomes text. */
export function formatMoney(cents: number | null | undefined, locale?: Locale): string {
  const key = localeOf(locale);
  const value = finite(cents);
  if (numberSource(key) === 'intl') return intlMoney(key, 2).format(value / 100);
  const spec = NUMBER_SPECS[key];
  return tableMoney(spec, tableNumber(spec, value / 100, 2, 2));
}

/**
 * A small dollar value given in micro-dollars (the diamond value, 5000 = $0.005) in the locale's
 * money format, with as many decimals as it needs (2 to 6): `$0,005` (tr), `0,005 $` (de).
 */
export function formatMicroDollars(micros: number | null | undefined, locale?: Locale): string {
  const key = localeOf(locale);
  const value = Math.round(finite(micros));
  if (numberSource(key) === 'intl') return intlMoney(key, 6).format(value / 1_000_000);
  const spec = NUMBER_SPECS[key];
  return tableMoney(spec, tableMicros(spec, value, 2));
}

/** Numbers (diamonds, counts) with the locale's grouping and at most 2 decimals; a missing value shows 0. */
export function formatNumber(value: number | null | undefined, locale?: Locale, maximumFractionDigits = 2): string {
  const key = localeOf(locale);
  const safe = finite(value);
  if (numberSource(key) === 'intl') return intlNumber(key, maximumFractionDigits).format(safe);
  return tableNumber(NUMBER_SPECS[key], safe, 0, maximumFractionDigits);
}

/** A percentage given as a number of percent (12.5 -> `%12,5` in tr, `12,5 %` in de). */
export function formatPercent(value: number | null | undefined, locale?: Locale, maximumFractionDigits = 1): string {
  const key = localeOf(locale);
  const safe = finite(value);
  if (numberSource(key) === 'intl') return intlPercent(key, maximumFractionDigits).format(safe / 100);
  const spec = NUMBER_SPECS[key];
  const number = tableNumber(spec, safe, 0, maximumFractionDigits);
  const negative = number.startsWith('-');
  return `${negative ? '-' : ''}${spec.percentPrefix}${negative ? number.slice(1) : number}${spec.percentSuffix}`;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment's day in the viewer's time zone: `24 Kas 2026` (tr), `24.11.2026` (de, az). */
export function formatDate(value: string | Date | null | undefined, locale: Locale): string {
  const date = toDate(value);
  if (!date) return '';
  const key = localeOf(locale);
  if (dateSource(key) === 'intl') return intlDate(key).format(date);
  return tableDate(DATE_SPECS[key], { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() });
}

/** A moment with its time (24 h) in the viewer's time zone: `24 Kas 2026 14:05`. */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale): string {
  const date = toDate(value);
  if (!date) return '';
  const key = localeOf(locale);
  if (dateSource(key) === 'intl') return intlDateTime(key).format(date);
  return tableDateTime(DATE_SPECS[key], date);
}

/** A calendar day (`2026-10-15`, a file's as-of day) as it is written, without moving it across time zones. */
export function formatDay(day: string | null | undefined, locale: Locale): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!match) return day ?? '';
  const parts = { year: Number(match[1]), month: Number(match[2]) - 1, day: Number(match[3]) };
  const key = localeOf(locale);
  if (dateSource(key) === 'intl') return intlDate(key, 'UTC').format(new Date(Date.UTC(parts.year, parts.month, parts.day)));
  return tableDate(DATE_SPECS[key], parts);
}

/** A month (`2026-11`, also the month of `2026-11-24`) as `Kasım 2026` (long) or `Kas 2026` (short); never as `2026-11`. */
export function formatMonth(period: string | null | undefined, locale: Locale, style: MonthStyle = 'long'): string {
  const match = period ? /^(\d{4})-(\d{2})/.exec(period) : null;
  if (!match) return period ?? '';
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  if (month < 0 || month > 11) return period ?? '';
  const key = localeOf(locale);
  if (dateSource(key) === 'intl') return intlMonth(key, style).format(new Date(Date.UTC(year, month, 1)));
  return tableMonth(DATE_SPECS[key], year, month, style);
}

/** What a number input needs to write numbers, money and percentages as the locale does. */
export interface NumberInputFormat {
  decimalSeparator: string;
  thousandSeparator: string;
  moneyPrefix: string;
  moneySuffix: string;
  percentPrefix: string;
  percentSuffix: string;
}

export function numberInputFormat(locale: Locale | undefined): NumberInputFormat {
  const spec = NUMBER_SPECS[localeOf(locale)];
  return {
    decimalSeparator: spec.decimal,
    thousandSeparator: spec.group,
    moneyPrefix: spec.moneyPrefix,
    moneySuffix: spec.moneySuffix,
    percentPrefix: spec.percentPrefix,
    percentSuffix: spec.percentSuffix,
  };
}

/**
 * Upper case by the language's rules: Turkish and Azerbaijani write "i" as "İ" and "ı" as "I"
 * (independent of the runtime's locale data).
 */
export function upperCaseIn(text: string, locale: Locale | undefined): string {
  if (locale === 'tr' || locale === 'az') return text.replace(/i/g, 'İ').toUpperCase();
  return text.toUpperCase();
}

/** Lower case by the language's rules: Turkish and Azerbaijani write "I" as "ı" and "İ" as "i". */
export function lowerCaseIn(text: string, locale: Locale | undefined): string {
  if (locale === 'tr' || locale === 'az') return text.replace(/I/g, 'ı').replace(/İ/g, 'i').toLowerCase();
  return text.toLowerCase();
}

/** The initials of a name for an avatar, upper-cased in the language: "ismail ırmak" -> "İI" (tr). */
export function nameInitials(firstName: string | null | undefined, lastName: string | null | undefined, locale: Locale | undefined): string {
  const first = Array.from((firstName ?? '').trim())[0] ?? '';
  const last = Array.from((lastName ?? '').trim())[0] ?? '';
  return upperCaseIn(first + last, locale);
}
