/** PostgreSQL error helpers; drizzle wraps driver errors, so the whole `cause` chain is searched. */
interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function findPgError(error: unknown): PgLikeError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** True for a unique violation (23505), optionally of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = findPgError(error);
  if (!pg || pg.code !== '23505') return false;
  return constraint === undefined || pg.constraint === constraint;
}

export function uniqueViolationConstraint(error: unknown): string | null {
  const pg = findPgError(error);
  return pg && pg.code === '23505' && typeof pg.constraint === 'string' ? pg.constraint : null;
}

/** The SQLSTATE of a driver error (e.g. `40P01` deadlock detected), null for anything else. */
export function pgErrorCode(error: unknown): string | null {
  const pg = findPgError(error);
  return pg && typeof pg.code === 'string' ? pg.code : null;
}
