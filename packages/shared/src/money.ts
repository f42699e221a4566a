/**
 * Money, numbers and percentages are formatted in locale-formats.ts (one place for the six
 * languages, with written-out formats where the runtime lacks a language's data).
 */
export { formatMicroDollars, formatMoney, formatNumber, formatPercent } from './locale-formats.ts';

/** Parses a dollar amount typed by a person ("50", "50.5", "1.234,56" is refused) into cents. */
export function dollarsToCents(input: string): number | null {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(input);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}
