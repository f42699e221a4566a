const TIKTOK_USERNAME_PATTERN = /^[a-z0-9._]{2,24}$/;

/** Normalise as docs/product.md §4: trim, no leading @, lower case. */
export function normalizeTiktokUsername(raw: string): string {
  return raw.trim().replace(/^@+/, '').toLowerCase();
}

export function isValidTiktokUsername(normalized: string): boolean {
  return TIKTOK_USERNAME_PATTERN.test(normalized);
}
