// The written-out formats: numbers, money, dates and months from the specs, without Intl (locale-formats.ts).
import type { DateSpec, NumberSpec } from './locale-format-specs.ts';

export type MonthStyle = 'short' | 'long';

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

export function tableNumber(spec: NumberSpec, value: number, minimum: number, maximum: number): string {
  const { negative, whole, fraction } = splitDecimal(value, minimum, maximum);
  return (negative ? '-' : '') + groupDigits(whole, spec.group) + (fraction ? spec.decimal + fraction : '');
}

/** Money: the sign, then the locale's `$` before or after the amount (`-$5,00` tr, `-5,00 $` de). */
export function tableMoney(spec: NumberSpec, amount: string): string {
  const negative = amount.startsWith('-');
  return `${negative ? '-' : ''}${spec.moneyPrefix}${negative ? amount.slice(1) : amount}${spec.moneySuffix}`;
}

/** Micro-units (an integer) as digits with at least `minimum` decimals, exactly. */
export function tableMicros(spec: NumberSpec, micros: number, minimum: number): string {
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

export function tableDate(spec: DateSpec, parts: DayParts): string {
  if (!spec.monthsInDate) return `${twoDigits(parts.day)}.${twoDigits(parts.month + 1)}.${parts.year}`;
  return `${parts.day} ${monthName(spec.monthsInDate, parts.month)} ${parts.year}${spec.yearSuffix}`;
}

export function tableDateTime(spec: DateSpec, date: Date): string {
  const day = tableDate(spec, { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() });
  return `${day}${spec.dateTimeSeparator}${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

export function tableMonth(spec: DateSpec, year: number, month: number, style: MonthStyle): string {
  return `${monthName(style === 'long' ? spec.monthsLong : spec.monthsShort, month)} ${year}${spec.yearSuffix}`;
}
