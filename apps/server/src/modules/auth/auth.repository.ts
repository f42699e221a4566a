import { and, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Role } from '@agency/shared';
import { executePrepared, type Executor } from '../../db/client.ts';
import { users } from '../../db/tables/members.table.ts';
import { loginFailures, otpCodes, passwordResets, sessions, type OtpCodeRow } from '../../db/tables/auth.table.ts';

export type OtpPurpose = 'login' | 'apply';

// ---- sessions ----

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values({ ...values, lastSeenAt: values.createdAt });
}

/**
 * A live session (not revoked, not expired) of an active account, with its user's id and role:
 * one lookup by the unique token_hash index joined to the users key, run on every authenticated
 * request, so a named prepared statement (planned once per connection) reading only what the
 * guard needs, and the expiry (the read cache checks it on every hit, docs/decisions/012).
 */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ sessionId: string; lastSeenAt: Date; expiresAt: Date; user: { id: string; role: Role } } | undefined> {
  const [row] = await executePrepared<{ session_id: string; last_seen_at: Date | string; expires_at: Date | string; user_id: string; role: Role }>(
    db,
    'find_live_session_v2',
    sql`select s.id as session_id, s.last_seen_at, s.expires_at, u.id as user_id, u.role
        from ${sessions} s join ${users} u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz and u.status = 'active'`,
  );
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
    user: { id: row.user_id, role: row.role },
  };
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessionsOfUser(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

// ---- one-time codes ----

/**
 * Serialises code sends for one phone and one client address across every server instance
 * (a transaction-scoped advisory lock), so the counts below cannot be raced.
 */
export async function lockCodeSends(db: Executor, phone: string, ip: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-ip:${ip}`}))`);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp-phone:${phone}`}))`);
}

/**
 * The newest code of `purpose` sent to `phone`: the resend wait is per purpose, so the code that
 * confirmed an application does not hold back the first sign-in code after approval.
 */
export async function findLatestCodeForPhone(db: Executor, phone: string, purpose: OtpPurpose): Promise<OtpCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return row;
}

/** How many codes were sent after `since`, and when the oldest of them was sent. */
export async function countCodesSince(
  db: Executor,
  by: { phone: string } | { ip: string },
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const match = 'phone' in by ? eq(otpCodes.phone, by.phone) : eq(otpCodes.ip, by.ip);
  const [row] = await db
    .select({ count: count(), oldest: sql<string | Date | null>`min(${otpCodes.createdAt})` })
    .from(otpCodes)
    .where(and(match, gt(otpCodes.createdAt, since)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { count: row?.count ?? 0, oldest };
}

/** A new code makes the earlier unconsumed codes of the same phone and purpose unusable. */
export async function supersedeCodes(db: Executor, phone: string, purpose: OtpPurpose, now: Date): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
}

export async function insertCode(
  db: Executor,
  values: { phone: string; purpose: OtpPurpose; codeHash: string; ip: string; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(otpCodes).values(values).returning({ id: otpCodes.id });
  if (!row) throw new Error('insert into otp_codes returned nothing');
  return row.id;
}

export async function deleteCode(db: Executor, id: string): Promise<void> {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

export async function findLatestUnconsumedCode(
  db: Executor,
  phone: string,
  purpose: OtpPurpose,
): Promise<OtpCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return row;
}

/**
 * Takes one of the code's tries, atomically: no row comes back once the tries are used up,
 * however many requests arrive at the same moment.
 */
export async function takeCodeAttempt(db: Executor, id: string, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxAttempts), isNull(otpCodes.consumedAt)))
    .returning({ attempts: otpCodes.attempts });
  return row ? row.attempts : null;
}

/** Single use: only one caller can consume a code. */
export async function consumeCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}

// ---- password resets ----

export async function insertPasswordReset(
  db: Executor,
  values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Marks a valid (unused, unexpired) reset link used and returns its user; single use. */
export async function usePasswordReset(db: Executor, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row ? row.userId : null;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function expireOtherPasswordResets(db: Executor, userId: string, keepTokenHash: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), ne(passwordResets.tokenHash, keepTokenHash)));
}

/** The client addresses of the user's sessions opened after `since` (revoked and expired ones too). */
export async function listSessionAddressesSince(db: Executor, userId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.createdAt, since)));
  return rows.flatMap((row) => (row.ip ? [row.ip] : []));
}

// ---- failed password checks (docs/decisions/015: keyed hashes of account, address, or both) ----

/** The newest `limit` failures for a counter's key hash, newest first. */
export async function findRecentLoginFailures(db: Executor, emailHash: string, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(eq(loginFailures.emailHash, emailHash))
    .orderBy(desc(loginFailures.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/** Records a failure and drops this counter's failures that can no longer count (older than `keepSince`). */
export async function insertLoginFailure(db: Executor, emailHash: string, at: Date, keepSince: Date): Promise<void> {
  await db.insert(loginFailures).values({ emailHash, createdAt: at });
  await db.delete(loginFailures).where(and(eq(loginFailures.emailHash, emailHash), lt(loginFailures.createdAt, keepSince)));
}

export async function deleteLoginFailures(db: Executor, emailHash: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.emailHash, emailHash));
}
