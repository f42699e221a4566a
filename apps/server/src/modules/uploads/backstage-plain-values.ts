// The plain readings of the two values every row has (backstage-values.ts reads the rest by its
// rules), and the duration units both use.

/** Duration units as the exports write them in their languages (lower case), in seconds. */
export const UNIT_SECONDS: Record<string, number> = {
  d: 86_400, g: 86_400, gün: 86_400, day: 86_400, days: 86_400, tag: 86_400, tage: 86_400, д: 86_400, z: 86_400, zi: 86_400, zile: 86_400,
  h: 3_600, hr: 3_600, hrs: 3_600, hour: 3_600, hours: 3_600, sa: 3_600, saat: 3_600, std: 3_600, ч: 3_600, ore: 3_600, 'oră': 3_600,
  m: 60, min: 60, mins: 60, minute: 60, minutes: 60, dk: 60, dak: 60, dəq: 60, мин: 60,
  s: 1, sec: 1, secs: 1, second: 1, seconds: 1, sn: 1, san: 1, sek: 1, с: 1, сек: 1,
};

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isAsciiLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/**
 * The common durations without a regular expression: whole numbers each followed by an ASCII unit
 * of UNIT_SECONDS (`125h 8m 10s`, `3h`, `1h30min`), separated by spaces or tabs. Undefined for
 * anything else, which parseDurationSeconds reads by its rules; where this answers, those rules
 * give the same seconds (backstage-values.test.ts compares the two). A 100,000-row export's
 * durations allocated ~80 MB through the rules' matches and replaced strings.
 */
export function plainDurationSeconds(text: string): number | undefined {
  const length = text.length;
  let at = 0;
  let seconds = 0;
  let tokens = 0;
  while (at < length) {
    let code = text.charCodeAt(at);
    if (code === 0x20 || code === 0x09) {
      at += 1;
      continue;
    }
    if (!isDigit(code)) return undefined;
    let number = 0;
    while (at < length && isDigit((code = text.charCodeAt(at)))) {
      number = number * 10 + (code - 0x30);
      at += 1;
    }
    if (number > Number.MAX_SAFE_INTEGER) return undefined;
    while (at < length && ((code = text.charCodeAt(at)) === 0x20 || code === 0x09)) at += 1;
    const unitStart = at;
    while (at < length && isAsciiLetter(text.charCodeAt(at))) at += 1;
    if (at === unitStart) return undefined;
    const unit = UNIT_SECONDS[text.slice(unitStart, at).toLowerCase()];
    if (unit === undefined) return undefined;
    if (at < length && text.charCodeAt(at) === 0x2e /* . */) at += 1;
    if (at < length) {
      code = text.charCodeAt(at);
      if (code !== 0x20 && code !== 0x09 && !isDigit(code)) return undefined;
    }
    seconds += number * unit;
    tokens += 1;
  }
  return tokens > 0 ? Math.round(seconds) : undefined;
}

/**
 * Valid days as most exports write them, without a regular expression: a whole number alone or
 * followed by `d` (any case, an optional space before and `.` after). Undefined for anything
 * else, which parseDays reads by its rules.
 */
export function plainDays(text: string): number | undefined {
  const length = text.length;
  if (length === 0 || length > 8) return undefined;
  let at = 0;
  let number = 0;
  let code = 0;
  while (at < length && isDigit((code = text.charCodeAt(at)))) {
    number = number * 10 + (code - 0x30);
    at += 1;
  }
  if (at === 0) return undefined;
  if (at < length && text.charCodeAt(at) === 0x20) at += 1;
  if (at < length && (text.charCodeAt(at) | 0x20) === 0x64 /* d */) at += 1;
  if (at < length && text.charCodeAt(at) === 0x2e /* . */) at += 1;
  return at === length ? number : undefined;
}
