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

/**
 * SQLSTATEs that mean the database cannot serve us right now, not that the request was wrong:
 * class 08 (connection exception), 57P01 admin_shutdown (restart, pg_terminate_backend), 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that could not be opened or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg and pg-pool raise these as plain errors without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout expired',
];

/**
 * True when `error` (or an error it wraps: drizzle wraps driver errors) says the database is
 * unreachable or going away: the one place that decides a request answers 503, not 500. A
 * socket error of another service (an SMTP server refusing) answers 503 too, which fits as well.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(candidate.code) || candidate.code.startsWith('08') || UNAVAILABLE_SOCKET_CODES.has(candidate.code)) return true;
    }
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.some((text) => (candidate.message as string).startsWith(text))) return true;
    current = candidate.cause;
  }
  return false;
}
