import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `%text%` for LIKE with the wildcards of `text` taken literally. */
export function containsPattern(text: string): string {
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
