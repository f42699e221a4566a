import type { Locale } from './locales.ts';

/**
 * Dates, numbers and money of the six languages, in one place (docs/product.md §18).
 *
 * Intl is used where the runtime really has the language's data. A browser can claim a language
 * and still format with the root locale: Debian's Chromium answers
 * `Intl.DateTimeFormat.supportedLocalesOf('az')` with `['az']`, then writes "2026 M11 24" and
 * "1,215,000.5". So the check is not `supportedLocalesOf` but a probe: a few sample values are
 * formatted with Intl and compared with the formats written out below; when one differs, the
 * written-out formats are used for that language. The probe runs once per language.
 *
 * The written-out formats are CLDR's for tr, en (en-GB), de, ru and ro, character for character
 * (no-break spaces included; a unit test compares them with full ICU). Azerbaijani has the
 * product's own formats, because runtimes disagree about it (Chromium has no data, ICU writes
 * "1.215.000,50 $" and "24 noy 2026"): `24.11.2026`, `noyabr 2026`, `1 215 000,50 $` with a
 * no-break space as grouping. The probe then always picks them, in the browser and on the server.
 */

const NBSP = '\u00a0';

/** How a language writes numbers: separators, and where "$" and "%" go. */
interface NumberSpec {
  /** BCP 47 tag handed to Intl. */
  numberTag: string;
  decimal: string;
  group: string;
  /** Around the amount: `$1.234,56` (tr), `1.234,56 $` (de). */
  moneyPrefix: string;
  moneySuffix: string;
  /** Around a percentage: `%12,5` (tr), `12,5 %` (de), `12.5%` (en). */
  percentPrefix: string;
  percentSuffix: string;
}

/** How a language writes dates and months (a separate table: number formatting alone stays small). */
interface DateSpec {
  /** BCP 47 tag handed to Intl. */
  dateTag: string;
  /** Month names as in "November 2026", then as in "Nov 2026" (standalone forms), `|`-separated. */
  monthsLong: string;
  monthsShort: string;
  /** Abbreviations inside a day-month-year date ("24 нояб. 2026 г."); '' writes the date as `24.11.2026`. */
  monthsInDate: string;
  /** After the year ("2026 г." in Russian). */
  yearSuffix: string;
  /** Between the date and the time. */
  dateTimeSeparator: string;
}

const NUMBER_SPECS: Record<Locale, NumberSpec> = {
  tr: {
    numberTag: 'tr-TR',
    decimal: ',',
    group: '.',
    moneyPrefix: '$',
    moneySuffix: '',
    percentPrefix: '%',
    percentSuffix: '',
  },
  en: {
    numberTag: 'en-GB',
    decimal: '.',
    group: ',',
    moneyPrefix: '$',
    moneySuffix: '',
    percentPrefix: '',
    percentSuffix: '%',
  },
  de: {
    numberTag: 'de-DE',
    decimal: ',',
    group: '.',
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: `${NBSP}%`,
  },
  az: {
    numberTag: 'az-AZ',
    decimal: ',',
    group: NBSP,
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: '%',
  },
  ru: {
    numberTag: 'ru-RU',
    decimal: ',',
    group: NBSP,
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: `${NBSP}%`,
  },
  ro: {
    numberTag: 'ro-RO',
    decimal: ',',
    group: '.',
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: `${NBSP}%`,
  },
};

const DATE_SPECS: Record<Locale, DateSpec> = {
  tr: {
    dateTag: 'tr',
    monthsLong: 'Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık',
    monthsShort: 'Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara',
    monthsInDate: 'Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara',
    yearSuffix: '',
    dateTimeSeparator: ' ',
  },
  en: {
    dateTag: 'en-GB',
    monthsLong: 'January|February|March|April|May|June|July|August|September|October|November|December',
    monthsShort: 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec',
    monthsInDate: 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec',
    yearSuffix: '',
    dateTimeSeparator: ', ',
  },
  de: {
    dateTag: 'de',
    monthsLong: 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember',
    monthsShort: 'Jan.|Feb.|März|Apr.|Mai|Juni|Juli|Aug.|Sept.|Okt.|Nov.|Dez.',
    monthsInDate: '',
    yearSuffix: '',
    dateTimeSeparator: ', ',
  },
  az: {
    dateTag: 'az',
    monthsLong: 'yanvar|fevral|mart|aprel|may|iyun|iyul|avqust|sentyabr|oktyabr|noyabr|dekabr',
    monthsShort: 'yan|fev|mar|apr|may|iyn|iyl|avq|sen|okt|noy|dek',
    monthsInDate: '',
    yearSuffix: '',
    dateTimeSeparator: ' ',
  },
  ru: {
    dateTag: 'ru',
    monthsLong: 'январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь',
    monthsShort: 'янв.|февр.|март|апр.|май|июнь|июль|авг.|сент.|окт.|нояб.|дек.',
    monthsInDate: 'янв.|февр.|мар.|апр.|мая|июн.|июл.|авг.|сент.|окт.|нояб.|дек.',
    yearSuffix: ' г.',
    dateTimeSeparator: ', ',
  },
  ro: {
    dateTag: 'ro',
    monthsLong: 'ianuarie|februarie|martie|aprilie|mai|iunie|iulie|august|septembrie|octombrie|noiembrie|decembrie',
    monthsShort: 'ian.|feb.|mar.|apr.|mai|iun.|iul.|aug.|sept.|oct.|nov.|dec.',
    monthsInDate: 'ian.|feb.|mar.|apr.|mai|iun.|iul.|aug.|sept.|oct.|nov.|dec.',
    yearSuffix: '',
    dateTimeSeparator: ', ',
  },
};

const FALLBACK_LOCALE: Locale = 'tr';

function localeOf(locale: Locale | undefined): Locale {
  return locale && NUMBER_SPECS[locale] ? locale : FALLBACK_LOCALE;
}

// ---- the written-out formats ----

const monthLists = new Map<string, string[]>();
function monthName(list: string, month: number): string {
  let names = monthLists.get(list);
  if (!names) {
    names = list.split('|');
    monthLists.set(list, names);
  }
  return names[month] ?? String(month + 1);
}

function groupDigits(digits: string, group: string): string {
  let out = '';
  for (let index = 0; index < digits.length; index++) {
    if (index > 0 && (digits.length - index) % 3 === 0) out += group;
    out += digits[index];
  }
  return out;
}

/** `value` rounded half away from zero to `maximum` decimals, as digits: ['1234', '5']. */
function splitDecimal(value: number, minimum: number, maximum: number): { negative: boolean; whole: string; fraction: string } {
  const absolute = Math.abs(value);
  // Shifting the decimal point in the text avoids 1.005 * 100 = 100.49999...: the rounding works on
  // the shortest decimal, as Intl's does.
  const text = String(absolute);
  const rounded = text.includes('e')
    ? Math.round(absolute * 10 ** maximum) / 10 ** maximum
    : Number(`${Math.round(Number(`${text}e${maximum}`))}e-${maximum}`);
  const [whole = '0', decimals = ''] = rounded.toFixed(maximum).split('.');
  let fraction = decimals.replace(/0+$/, '');
  if (fraction.length < minimum) fraction = fraction.padEnd(minimum, '0');
  // No "-0": a value that rounds to zero has no sign.
  return { negative: value < 0 && rounded !== 0, whole, fraction };
}

function tableNumber(spec: NumberSpec, value: number, minimum: number, maximum: number): string {
  const { negative, whole, fraction } = splitDecimal(value, minimum, maximum);
  return (negative ? '-' : '') + groupDigits(whole, spec.group) + (fraction ? spec.decimal + fraction : '');
}

/** Money: the sign, then the locale's `$` before or after the amount (`-$5,00` tr, `-5,00 $` de). */
function tableMoney(spec: NumberSpec, amount: string): string {
  const negative = amount.startsWith('-');
  return `${negative ? '-' : ''}${spec.moneyPrefix}${negative ? amount.slice(1) : amount}${spec.moneySuffix}`;
}

/** Micro-units (an integer) as digits with at least `minimum` decimals, exactly. */
function tableMicros(spec: NumberSpec, micros: number, minimum: number): string {
  const absolute = Math.abs(Math.round(micros));
  const whole = String(Math.floor(absolute / 1_000_000));
  let fraction = String(absolute % 1_000_000).padStart(6, '0').replace(/0+$/, '');
  if (fraction.length < minimum) fraction = fraction.padEnd(minimum, '0');
  return (micros < 0 ? '-' : '') + groupDigits(whole, spec.group) + (fraction ? spec.decimal + fraction : '');
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

interface DayParts {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
}

function tableDate(spec: DateSpec, parts: DayParts): string {
  if (!spec.monthsInDate) return `${twoDigits(parts.day)}.${twoDigits(parts.month + 1)}.${parts.year}`;
  return `${parts.day} ${monthName(spec.monthsInDate, parts.month)} ${parts.year}${spec.yearSuffix}`;
}

function tableDateTime(spec: DateSpec, date: Date): string {
  const day = tableDate(spec, { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() });
  return `${day}${spec.dateTimeSeparator}${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

function tableMonth(spec: DateSpec, year: number, month: number, style: MonthStyle): string {
  return `${monthName(style === 'long' ? spec.monthsLong : spec.monthsShort, month)} ${year}${spec.yearSuffix}`;
}

// ---- Intl, where it agrees ----

export type MonthStyle = 'short' | 'long';

const intlCache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = intlCache.get(key) as T | undefined;
  if (!format) {
    format = make();
    intlCache.set(key, format);
  }
  return format;
}

const intlNumber = (locale: Locale, maximum: number) =>
  cached(`n|${locale}|${maximum}`, () => new Intl.NumberFormat(NUMBER_SPECS[locale].numberTag, { maximumFractionDigits: maximum }));
const intlMoney = (locale: Locale, maximum: number) =>
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
const intlPercent = (locale: Locale, maximum: number) =>
  cached(`p|${locale}|${maximum}`, () => new Intl.NumberFormat(NUMBER_SPECS[locale].numberTag, { style: 'percent', maximumFractionDigits: maximum }));
const intlDate = (locale: Locale, timeZone?: string) =>
  cached(`d|${locale}|${timeZone ?? ''}`, () => new Intl.DateTimeFormat(DATE_SPECS[locale].dateTag, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }));
const intlDateTime = (locale: Locale) =>
  cached(`t|${locale}`, () => new Intl.DateTimeFormat(DATE_SPECS[locale].dateTag, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }));
const intlMonth = (locale: Locale, style: MonthStyle) =>
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

function numberSource(locale: Locale): Source {
  let source = numberSources.get(locale);
  if (!source) {
    source = numbersAgree(locale) ? 'intl' : 'table';
    numberSources.set(locale, source);
  }
  return source;
}

function dateSource(locale: Locale): Source {
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
