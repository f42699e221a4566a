// Intl, where it agrees: the cached Intl formats, and the probe that says per language whether they or the tables are used (locale-formats.ts).
import type { Locale } from './locales.ts';
import { DATE_SPECS, localeOf, NUMBER_SPECS } from './locale-format-specs.ts';
import { tableDate, tableDateTime, tableMoney, tableMonth, tableNumber, type MonthStyle } from './locale-format-tables.ts';

const intlCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = intlCache.get(key) as T | undefined;
  if (!format) {
    format = make();
    intlCache.set(key, format);
  }
  return format;
}

export const intlNumber = (locale: Locale, maximum: number) =>
  cached(`n|${locale}|${maximum}`, () => new Intl.NumberFormat(NUMBER_SPECS[locale].numberTag, { maximumFractionDigits: maximum }));
export const intlMoney = (locale: Locale, maximum: number) =>
  cached(
    `m|${locale}|${maximum}`,
    () =>
      new Intl.NumberFormat(NUMBER_SPECS[locale].numberTag, {
        style: 'currency',
        currency: 'USD',
        // Every amount is US dollars: "$" in every language (en-GB would otherwise write "US$").
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: maximum,
      }),
  );
export const intlPercent = (locale: Locale, maximum: number) =>
  cached(`p|${locale}|${maximum}`, () => new Intl.NumberFormat(NUMBER_SPECS[locale].numberTag, { style: 'percent', maximumFractionDigits: maximum }));
export const intlDate = (locale: Locale, timeZone?: string) =>
  cached(`d|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(DATE_SPECS[locale].dateTag, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }));
export const intlDateTime = (locale: Locale) =>
  cached(`t|${locale}`, () => new Intl.DateTimeFormat(DATE_SPECS[locale].dateTag, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }));
export const intlMonth = (locale: Locale, style: MonthStyle) =>
  cached(`y|${locale}|${style}`, () => new Intl.DateTimeFormat(DATE_SPECS[locale].dateTag, { month: style, year: 'numeric', timeZone: 'UTC' }));

/** True when this runtime's Intl writes `locale`'s numbers, money and percentages exactly as the table does. */
function numbersAgree(locale: Locale): boolean {
  const spec = NUMBER_SPECS[locale];
  try {
    for (const value of [1_215_000.5, -1234.25, 12]) if (intlNumber(locale, 2).format(value) !== tableNumber(spec, value, 0, 2)) return false;
    for (const cents of [121_500_050, -500, 5]) {
      if (intlMoney(locale, 2).format(cents / 100) !== tableMoney(spec, tableNumber(spec, cents / 100, 2, 2))) return false;
    }
    return intlPercent(locale, 1).format(0.125) === `${spec.percentPrefix}${tableNumber(spec, 12.5, 0, 1)}${spec.percentSuffix}`;
  } catch {
    return false;
  }
}

/** True when this runtime's Intl writes `locale`'s dates and months exactly as the table does. */
function datesAgree(locale: Locale): boolean {
  const spec = DATE_SPECS[locale];
  try {
    for (let month = 0; month < 12; month++) {
      const local = new Date(2026, month, month === 10 ? 24 : 5, 14, 5);
      if (intlDate(locale).format(local) !== tableDate(spec, { year: 2026, month, day: local.getDate() })) return false;
      const utc = new Date(Date.UTC(2026, month, 1));
      if (intlMonth(locale, 'long').format(utc) !== tableMonth(spec, 2026, month, 'long')) return false;
      if (intlMonth(locale, 'short').format(utc) !== tableMonth(spec, 2026, month, 'short')) return false;
    }
    const afternoon = new Date(2026, 10, 24, 14, 5);
    return intlDateTime(locale).format(afternoon) === tableDateTime(spec, afternoon);
  } catch {
    return false;
  }
}

type Source = 'intl' | 'table';
const numberSources = new Map<Locale, Source>();
const dateSources = new Map<Locale, Source>();

export function numberSource(locale: Locale): Source {
  let source = numberSources.get(locale);
  if (!source) {
    source = numbersAgree(locale) ? 'intl' : 'table';
    numberSources.set(locale, source);
  }
  return source;
}

export function dateSource(locale: Locale): Source {
  let source = dateSources.get(locale);
  if (!source) {
    source = datesAgree(locale) ? 'intl' : 'table';
    dateSources.set(locale, source);
  }
  return source;
}

/**
 * Where `locale`'s formats come from in this runtime: `intl` when its Intl data writes numbers and
 * dates as docs/product.md §18 wants, `table` when it lacks them (or writes them otherwise) for either
 * and the written-out formats stand in.
 */
export function localeFormatSource(locale: Locale): Source {
  const key = localeOf(locale);
  return numberSource(key) === 'intl' && dateSource(key) === 'intl' ? 'intl' : 'table';
}

/** Tests only: forget the probes, optionally pretending that Intl has no data at all. */
export function resetLocaleFormatSources(force?: 'table'): void {
  numberSources.clear();
  dateSources.clear();
  intlCache.clear();
  if (force) {
    for (const locale of Object.keys(NUMBER_SPECS) as Locale[]) {
      numberSources.set(locale, force);
      dateSources.set(locale, force);
    }
  }
}
