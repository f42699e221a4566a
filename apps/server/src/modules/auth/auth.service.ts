import type { LoginInput, OtpVerifyInput, SessionResponse } from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { createOpaqueToken, hashToken, hmacHex } from '../../lib/crypto.ts';
import { dummyVerifyPassword, verifyPassword } from '../../lib/passwords.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { findBankDetails, findUserByEmail, findUserByPhone } from '../members/members.repository.ts';
import { toMe } from '../members/members.service.ts';
import type { UserRow } from '../members/members.table.ts';
import {
  deleteLoginFailures,
  findLiveSession,
  findRecentLoginFailures,
  insertLoginFailure,
  insertSession,
  revokeSession,
  touchSession,
} from './auth.repository.ts';
import { requireMobilePhone, type OtpService } from './otp.service.ts';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** last_seen_at is written at most this often, not on every request. */
const SESSION_TOUCH_SECONDS = 300;
/** Password sign-in for an e-mail locks for LOGIN_LOCK_SECONDS after this many failures within that time. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_SECONDS = 15 * 60;

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface AuthDeps {
  db: Database;
  clock: Clock;
  otp: OtpService;
  /** Keys the e-mail hash of the failed-password counter. */
  appSecret: string;
  /** The per-instance read cache (docs/decisions/012); without it every request reads the session. */
  readCache?: ReadCache;
}

/** A live session as the read cache keeps it, under the token's hash. */
interface CachedSession {
  user: AuthUser;
  expiresAtMs: number;
  lastSeenAtMs: number;
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock } = deps;
  const sessionCache = deps.readCache?.area<CachedSession>('sessions');

  /** Opens a session and writes the sign-in to the activity log, in the caller's transaction. */
  async function openSession(
    tx: Executor,
    user: UserRow,
    method: 'otp' | 'password',
    context: RequestContext,
  ): Promise<string> {
    const token = createOpaqueToken();
    const now = clock.now();
    await insertSession(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: addSeconds(now, SESSION_TTL_SECONDS),
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
    });
    await recordActivity(tx, {
      actorId: user.id,
      action: 'auth.login',
      entityType: 'user',
      entityId: user.id,
      after: { method },
      ip: context.ip,
      at: now,
    });
    return token;
  }

  /**
   * Seconds until password sign-in opens again for this e-mail hash: locked for LOGIN_LOCK_SECONDS
   * after the LOGIN_MAX_FAILURES-th failure within LOGIN_LOCK_SECONDS; 0 when open.
   */
  async function passwordLockSeconds(emailHash: string, now: Date): Promise<number> {
    const failures = await findRecentLoginFailures(db, emailHash, LOGIN_MAX_FAILURES);
    if (failures.length < LOGIN_MAX_FAILURES) return 0;
    const newest = failures[0]!.getTime();
    const oldest = failures[failures.length - 1]!.getTime();
    if (newest - oldest > LOGIN_LOCK_SECONDS * 1000) return 0;
    const remaining = newest + LOGIN_LOCK_SECONDS * 1000 - now.getTime();
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  }

  async function recordPasswordFailure(emailHash: string): Promise<never> {
    const now = clock.now();
    await insertLoginFailure(db, emailHash, now, addSeconds(now, -2 * LOGIN_LOCK_SECONDS));
    throw new AppError('INVALID_CREDENTIALS');
  }

  async function sessionResponse(user: UserRow, token: string): Promise<SessionResponse> {
    const bank = await findBankDetails(db, user.id);
    return { token, role: user.role, user: toMe(user, Boolean(bank?.verifiedAt)) };
  }

  return {
    /** Resolves a token to the signed-in user; null for unknown, revoked, expired or inactive. */
    async resolveSession(token: string): Promise<AuthUser | null> {
      const now = clock.now();
      const tokenHash = hashToken(token);
      // A cached session is trusted only until its own expiry (and the cache's, docs/decisions/012).
      let session = sessionCache?.get(tokenHash);
      if (!session || session.expiresAtMs <= now.getTime()) {
        const ticket = deps.readCache?.ticket() ?? null;
        const found = await findLiveSession(db, tokenHash, now);
        if (!found) return null;
        const user: AuthUser = Object.freeze({ id: found.user.id, role: found.user.role, sessionId: found.sessionId });
        session = { user, expiresAtMs: found.expiresAt.getTime(), lastSeenAtMs: found.lastSeenAt.getTime() };
        sessionCache?.set(tokenHash, session, ticket);
      }
      if (now.getTime() - session.lastSeenAtMs > SESSION_TOUCH_SECONDS * 1000) {
        await touchSession(db, session.user.sessionId, now);
        session.lastSeenAtMs = now.getTime();
      }
      return session.user;
    },

    async loginWithCode(input: OtpVerifyInput, context: RequestContext): Promise<SessionResponse> {
      const phone = requireMobilePhone(input.phone);
      const codeId = await deps.otp.checkCode({ phone, purpose: 'login', code: input.code });
      const user = await findUserByPhone(db, phone);
      if (!user) throw new AppError('PHONE_NOT_REGISTERED');
      if (user.status !== 'active') throw new AppError('ACCOUNT_NOT_ACTIVE');
      const token = await db.transaction(async (tx) => {
        await deps.otp.consumeCode(tx, codeId);
        return openSession(tx, user, 'otp', context);
      });
      return sessionResponse(user, token);
    },

    async loginWithPassword(input: LoginInput, context: RequestContext): Promise<SessionResponse> {
      // Unknown e-mails are counted and locked the same way, so the answer never tells which exist.
      const emailHash = hmacHex(deps.appSecret, `login:${input.email.trim().toLowerCase()}`);
      const lockSeconds = await passwordLockSeconds(emailHash, clock.now());
      if (lockSeconds > 0) throw new AppError('RATE_LIMITED', { retryAfterSeconds: lockSeconds });
      const user = await findUserByEmail(db, input.email);
      if (!user || !user.passwordHash) {
        await dummyVerifyPassword(input.password);
        return recordPasswordFailure(emailHash);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) return recordPasswordFailure(emailHash);
      await deleteLoginFailures(db, emailHash);
      if (user.status !== 'active') throw new AppError('ACCOUNT_NOT_ACTIVE');
      const token = await db.transaction((tx) => openSession(tx, user, 'password', context));
      return sessionResponse(user, token);
    },

    async logout(user: AuthUser): Promise<void> {
      await revokeSession(db, user.sessionId, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
