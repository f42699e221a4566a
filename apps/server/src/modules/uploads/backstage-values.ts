/**
 * Parsing of the values of the backstage export (docs/product.md §6). Pure functions: each returns
 * `{ value }` or `{ error }` (a code of the row report, UPLOAD_ERROR_CODES, which the web app
 * translates; the cell as written goes with it), never throws.
 *
 * Number rules (docs/decisions/006-backstage-upload.md):
 * - `-`, `–`, `—` or an empty cell is 0 (null for dates);
 * - suffixes K, M, B multiply: `12.5K` = 12,500, `2.98M` = 2,980,000 (a dot or comma before the
 *   suffix is always the decimal mark);
 * - with both `,` and `.`, the last one is the decimal mark (`1,234.5`, `1.234,5`);
 * - `,` alone: thousands when every group after it has exactly three digits (`1,055`,
 *   `1,234,567`), else the decimal mark (`12,5`);
 * - `.` alone: the decimal mark, EXCEPT in a whole-number field (diamonds, matches, days) when
 *   every group after it has exactly three digits (`1.055` = 1,055, `1.234.567`): a count cannot
 *   have a fraction, and Turkish exports group thousands with dots. `1.5` in a count is an error;
 * - counts must end as non-negative whole numbers (after the suffix is applied, rounded to the
 *   nearest whole number only when a suffix was used).
 */

import type { UploadErrorCode } from '@agency/shared';
import { plainDays, plainDurationSeconds, UNIT_SECONDS } from './backstage-plain-values.ts';

export type CellValue = string | number | boolean | Date | null;
/** `approximate`: the figure was written rounded (`2.98M`), the stored number is a rounding. */
export type Parsed<T> = { value: T; error?: undefined; approximate?: boolean } | { value?: undefined; error: UploadErrorCode };

const EMPTY = /^[-–—]?$/;
const SUFFIX: Record<string, number> = { k: 1_000, m: 1_000_000, b: 1_000_000_000 };

function isEmptyText(text: string): boolean {
  return EMPTY.test(text);
}

/** Spaces (also no-break and thin spaces, used as thousands separators) removed. */
function compact(text: string): string {
  return text.replace(/[\s\u00a0\u202f']/g, '');
}

/**
 * A decimal number written with `.`/`,` per the rules above; `wholeField` turns on the
 * `1.055` = thousands reading. Returns NaN when it is not a number.
 */
function parseDecimal(text: string, wholeField: boolean): number {
  const value = compact(text);
  if (!/^\+?\d[\d.,]*$|^\+?[.,]\d+$/.test(value)) return Number.NaN;
  const unsigned = value.replace(/^\+/, '');
  const lastDot = unsigned.lastIndexOf('.');
  const lastComma = unsigned.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const [whole, fraction, ...rest] = unsigned.split(decimal);
    if (rest.length > 0 || !/^\d{1,3}([.,]\d{3})*$/.test(whole!)) return Number.NaN;
    normalized = `${whole!.split(thousands).join('')}.${fraction}`;
  } else if (lastComma >= 0) {
    normalized = /^\d{1,3}(,\d{3})+$/.test(unsigned) ? unsigned.replaceAll(',', '') : unsigned.split(',').length === 2 ? unsigned.replace(',', '.') : 'x';
  } else if (lastDot >= 0) {
    if (wholeField && /^\d{1,3}(\.\d{3})+$/.test(unsigned)) normalized = unsigned.replaceAll('.', '');
    else normalized = unsigned.split('.').length === 2 ? unsigned : 'x';
  } else {
    normalized = unsigned;
  }
  const number = Number(normalized);
  return Number.isFinite(number) ? number : Number.NaN;
}

function textOf(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/** Diamonds, matches, followers: a non-negative whole number. */
export function parseCount(value: CellValue): Parsed<number> {
  if (value === null) return { value: 0 };
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return { error: 'notANumber' };
    if (!Number.isInteger(value)) return { error: 'notAWholeNumber' };
    return Number.isSafeInteger(value) ? { value } : { error: 'numberTooLarge' };
  }
  const text = textOf(value);
  if (isEmptyText(text)) return { value: 0 };
  const match = /^(.*?)\s*([kmb])$/i.exec(text);
  let number: number;
  if (match) {
    const base = parseDecimal(match[1]!.replace(',', '.'), false);
    number = Math.round(base * SUFFIX[match[2]!.toLowerCase()]!);
  } else {
    number = parseDecimal(text, true);
  }
  if (Number.isNaN(number)) return { error: 'notANumber' };
  if (!Number.isInteger(number)) return { error: 'notAWholeNumber' };
  if (!Number.isSafeInteger(number)) return { error: 'numberTooLarge' };
  return match ? { value: number, approximate: true } : { value: number };
}

/**
 * LIVE duration in whole seconds: `119h 47m 31s`, `88.46h`, `45m`, `30s`, `2d 3h`, `01:30:00`;
 * a bare number (a numeric spreadsheet cell or text) is hours, as the export writes it.
 */
export function parseDurationSeconds(value: CellValue): Parsed<number> {
  if (value === null) return { value: 0 };
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? { value: Math.round(value * 3600) } : { error: 'notADuration' };
  }
  const text = textOf(value);
  const plain = plainDurationSeconds(text);
  return plain === undefined ? durationSecondsByRules(text) : { value: plain };
}

/** A duration's text (trimmed) read by parseDurationSeconds' rules. */
export function durationSecondsByRules(text: string): Parsed<number> {
  if (isEmptyText(text)) return { value: 0 };
  const clock = /^(\d+):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (clock) return { value: Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0) };
  const bare = parseDecimal(text, false);
  if (!Number.isNaN(bare)) return { value: Math.round(bare * 3600) };
  const token = /(\d+(?:[.,]\d+)?)\s*([^\d\s.,:]+)\.?/gu;
  let seconds = 0;
  let found: RegExpExecArray | null;
  while ((found = token.exec(text)) !== null) {
    const unitText = found[2]!;
    const unit = UNIT_SECONDS[unitText.toLowerCase()] ?? UNIT_SECONDS[unitText.toLocaleLowerCase('tr')];
    if (unit === undefined) return { error: 'notADuration' };
    seconds += Number(found[1]!.replace(',', '.')) * unit;
  }
  // Everything must be number-unit pairs: `119h 47m 31s`, `119 h 47 m`, `2d3h`.
  if (text.replace(token, '').trim() !== '' || (seconds === 0 && !/\d/.test(text))) return { error: 'notADuration' };
  return { value: Math.round(seconds) };
}

/** Valid go LIVE days: a whole number 0..31 (`21`, `21d`, `21 days`, `21 gün`). */
export function parseDays(value: CellValue): Parsed<number> {
  let number: number;
  if (value === null) return { value: 0 };
  if (typeof value === 'number') number = value;
  else {
    const text = textOf(value);
    const plain = plainDays(text);
    if (plain === undefined) return daysByRules(text);
    number = plain;
  }
  if (!Number.isInteger(number) || number < 0 || number > 31) return { error: 'notDays' };
  return { value: number };
}

/** Valid days' text (trimmed) read by parseDays' rules. */
export function daysByRules(text: string): Parsed<number> {
  if (isEmptyText(text)) return { value: 0 };
  const match = /^(\d+)\s*(d|days?|g|gün|tage?|дн(?:ей|я)?|zile)?\.?$/i.exec(text);
  if (!match) return { error: 'notDays' };
  const number = Number(match[1]);
  if (!Number.isInteger(number) || number < 0 || number > 31) return { error: 'notDays' };
  return { value: number };
}

/** `90.13%` or `0.9013` as a fraction of one (0.9013). */
export function parsePercent(value: CellValue): Parsed<number> {
  if (value === null) return { value: 0 };
  if (typeof value === 'number') return Number.isFinite(value) ? { value } : { error: 'notANumber' };
  const text = textOf(value);
  if (isEmptyText(text)) return { value: 0 };
  const percent = /^(.*?)\s*%$/.exec(text);
  const number = parseDecimal(percent ? percent[1]! : text, false);
  if (Number.isNaN(number)) return { error: 'notANumber' };
  return { value: percent ? number / 100 : number };
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** Day and month order of a text date such as `2/3/2026`. */
export type DateOrder = 'dmy' | 'mdy';

const NUMERIC_DATE = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AaPp])\.?[Mm]\.?)?)?$/;

/**
 * What a text date says about the day/month order of its column: `dmy` when its first number
 * cannot be a month (`15/09/2026`), `mdy` when its second cannot (`9/15/2026`), `either` when both
 * can (`2/3/2026`), null when it is not such a date (ISO dates, numbers, empty cells).
 */
export function dateOrderEvidence(value: CellValue): DateOrder | 'either' | null {
  if (typeof value !== 'string') return null;
  const match = NUMERIC_DATE.exec(value.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  if (first > 12 && second <= 12) return 'dmy';
  if (second > 12 && first <= 12) return 'mdy';
  return first <= 12 && second <= 12 ? 'either' : null;
}

/**
 * Last LIVE and join time: a spreadsheet date, an Excel day number, or text `2026-09-15 21:04(:05)`,
 * `2026/09/15`, `15.09.2026 21:04`, `9/15/2026 9:04 PM`; times are UTC (the export's time zone is in
 * its first line). `order` says how to read `d/m` against `m/d` (decided for the whole column from
 * all its values by the parser; dots are always day first).
 */
export function parseDateTime(value: CellValue, order: DateOrder = 'dmy'): Parsed<Date | null> {
  if (value === null) return { value: null };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { error: 'notADate' } : { value };
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0 || value > 2_958_465) return { error: 'notADate' };
    return { value: new Date(EXCEL_EPOCH_MS + Math.round(value * 86_400_000)) };
  }
  const text = textOf(value);
  if (isEmptyText(text)) return { value: null };
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(?:\s*(?:Z|UTC(?:[+-]0)?))?$/.exec(text);
  let parts: number[] | null = null;
  if (iso) parts = iso.slice(1).map((part) => Number(part ?? 0));
  else {
    const match = NUMERIC_DATE.exec(text);
    if (match) {
      const [first, second, year, hour, minute, secondOfMinute] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
      const dotted = text.includes('.');
      const [day, month] = dotted || order === 'dmy' ? [first, second] : [second, first];
      let hours = hour;
      const meridiem = match[7]?.toLowerCase();
      if (meridiem) {
        if (hours < 1 || hours > 12) return { error: 'notADate' };
        hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
      }
      parts = [year, month, day, hours, minute, secondOfMinute];
    }
  }
  if (!parts) return { error: 'notADate' };
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23) return { error: 'notADate' };
  return { value: date };
}

/** `2026-10-01 ~ 2026-10-31` (also `–`, `-`, `to`, `/`) as its first and last day; null when the text is no such period. */
export function parsePeriodRange(value: CellValue): { from: string; to: string } | null {
  if (typeof value !== 'string') return null;
  const match = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*(?:~|–|—|-|to|bis|a|al|\/)\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/i.exec(value);
  if (!match) return null;
  const iso = (year: string, month: string, day: string) => {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
    return date.toISOString().slice(0, 10);
  };
  const from = iso(match[1]!, match[2]!, match[3]!);
  const to = iso(match[4]!, match[5]!, match[6]!);
  return from && to && from <= to ? { from, to } : null;
}
