import { numberLocaleTag, type Locale } from './locales.ts';

/** One formatter per locale tag: creating an Intl.NumberFormat costs far more than formatting with it. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money is integer US cents everywhere; this is the only place it becomes text. */
export function formatMoney(cents: number | null | undefined, locale?: Locale): string {
  const value = Number.isFinite(cents) ? (cents as number) : 0;
  const tag = numberLocaleTag(locale);
  let format = moneyFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: 'USD',
      // Every amount is US dollars: "$" in every language (en-GB would otherwise write "US$").
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
    });
    moneyFormats.set(tag, format);
  }
  return format.format(value / 100);
}

/** Whole numbers (diamonds, counts) with the locale's grouping; a missing value shows 0. */
export function formatNumber(value: number | null | undefined, locale?: Locale): string {
  const safe = Number.isFinite(value) ? (value as number) : 0;
  return new Intl.NumberFormat(numberLocaleTag(locale), { maximumFractionDigits: 2 }).format(safe);
}

/** Parses a dollar amount typed by a person ("50", "50.5", "1.234,56" is refused) into cents. */
export function dollarsToCents(input: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(input);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}
