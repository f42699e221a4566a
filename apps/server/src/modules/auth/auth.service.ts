import type { LoginInput, OtpVerifyInput, SessionResponse } from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { createOpaqueToken, hashToken } from '../../lib/crypto.ts';
import { dummyVerifyPassword, verifyPassword } from '../../lib/passwords.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/index.ts';
import { findBankDetails, findUserByEmail, findUserByPhone } from '../users/index.ts';
import { toMe } from '../users/index.ts';
import type { UserRow } from '../../db/tables/members.table.ts';
import { findLiveSession, insertSession, revokeSession, touchSession } from './auth.repository.ts';
import { requireMobilePhone, type OtpService } from './otp.service.ts';
import type { PasswordThrottle } from './password-throttle.ts';

const SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** last_seen_at is written at most this often, not on every request. */
const SESSION_TOUCH_SECONDS = 300;

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface AuthDeps {
  db: Database;
  clock: Clock;
  otp: OtpService;
  /** Counts failed passwords by account and address (docs/decisions/015). */
  throttle: PasswordThrottle;
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
  const { db, clock, throttle } = deps;
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

  async function refuse(email: string, ip: string): Promise<never> {
    await throttle.recordFailure(email, ip);
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
      const user = await findUserByEmail(db, input.email);
      await throttle.check(input.email, context.ip, user?.id ?? null);
      if (!user || !user.passwordHash) {
        await dummyVerifyPassword(input.password);
        return refuse(input.email, context.ip);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) return refuse(input.email, context.ip);
      await throttle.recordSuccess(input.email, context.ip);
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
