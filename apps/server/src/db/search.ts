import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `%text%` for LIKE with the wildcards of `text` taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * `expression` contains `text`, case-insensitively by the Turkish and Azerbaijani rules for the
 * dotted and dotless i ("ırmak" finds "Irmak", "istanbul" finds "İstanbul"): both sides go through
 * the database function search_fold (migration 0015), the same on PGlite and PostgreSQL. The
 * trigram indexes of the lists are built on search_fold(column), so they serve these searches.
 */
export function foldedContains(expression: SQLWrapper, text: string): SQL {
  return sql`search_fold(${expression}) like search_fold(${containsPattern(text)})`;
}

/**
 * The same for a column stored already folded (TikTok usernames: lower-case `a-z0-9._` only, which
 * search_fold leaves as they are): only `text` is folded, so the column's plain trigram index
 * (creators_tiktok_username_trgm_idx) serves the search.
 */
export function foldedColumnContains(foldedColumn: SQLWrapper, text: string): SQL {
  return sql`${foldedColumn} like search_fold(${containsPattern(text)})`;
}

/** Characters people put between the digits of a phone number: spaces, `+`, `-`, `.`, `/`, brackets. */
const PHONE_LIKE = /^[\d\s+\-./()]+$/;

/**
 * The digits of a search written as people write phone numbers (`+90 532 000 00 02`,
 * `0532 000 00 02`, `(532) 000-0002`: at least 6 digits and nothing but digits and the marks
 * between them; fewer, as in an amount like `60.75`, are no phone), without the national trunk
 * `0` of a number written without `+`; null for any other search. Phones are stored in E.164
 * (`+905320000002`) and shown grouped (`+90 532 000 00 02`), so a number copied from a screen or
 * typed the Turkish way is found by these digits.
 */
function phoneSearchDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_LIKE.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 6) return null;
  return trimmed.startsWith('+') ? digits : digits.replace(/^0/, '');
}

/**
 * `phoneColumn` (E.164: digits and `+`, no letters to fold) contains the search as typed, or, for
 * a search written as a phone number, its digits (phoneSearchDigits). A plain LIKE, which the
 * phone's trigram index (creators_phone_trgm_idx) serves.
 */
export function phoneContains(phoneColumn: SQLWrapper, text: string): SQL {
  const typed = sql`${phoneColumn} like ${containsPattern(text)}`;
  const digits = phoneSearchDigits(text);
  return digits ? sql`(${typed} or ${phoneColumn} like ${containsPattern(digits)})` : typed;
}
