import type { PasswordChangeInput, Session } from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/index.ts';
import type { SessionRow } from '../../db/tables/auth.table.ts';
import { accountKeyOf, type OtpService, type PasswordThrottle } from '../auth/index.ts';
import { findUserById, updateUserPassword } from '../users/index.ts';
import { endSession, endSessionsOfUser, findSessionById, listLiveSessionsOfUser } from './sessions.repository.ts';

function toSession(row: SessionRow, currentSessionId: string | null): Session {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.id === currentSessionId,
  };
}

export function createSessionsService(deps: {
  db: Database;
  clock: Clock;
  /** Counts wrong current passwords with the sign-in's counters (docs/decisions/015). */
  throttle?: PasswordThrottle;
  /** Checks the SMS code that confirms an account's first password. */
  otp: Pick<OtpService, 'checkCode' | 'consumeCode'>;
}) {
  const { db, clock } = deps;

  /**
   * Ends every session of a user (for disabling or deleting a member): call it inside the same
   * transaction as the status change, with `tx`.
   */
  async function revokeAllForUser(userId: string, executor: Executor = db): Promise<number> {
    return endSessionsOfUser(executor, userId, clock.now());
  }

  return {
    revokeAllForUser,

    async listOwn(user: AuthUser): Promise<Session[]> {
      const rows = await listLiveSessionsOfUser(db, user.id, clock.now());
      return rows.map((row) => toSession(row, user.sessionId));
    },

    /** Someone else's session answers 404, exactly like one that does not exist. */
    async endOwn(user: AuthUser, sessionId: string, context: { ip: string }): Promise<void> {
      const session = await findSessionById(db, sessionId);
      if (!session || session.userId !== user.id || session.revokedAt) throw new AppError('NOT_FOUND');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await endSession(tx, sessionId, now);
        await recordActivity(tx, { actorId: user.id, action: 'session.end', entityType: 'session', entityId: sessionId, after: { userId: user.id }, ip: context.ip, at: now });
      });
    },

    async listForUser(userId: string): Promise<Session[]> {
      if (!(await findUserById(db, userId))) throw new AppError('NOT_FOUND');
      const rows = await listLiveSessionsOfUser(db, userId, clock.now());
      return rows.map((row) => toSession(row, null));
    },

    async endAny(admin: AuthUser, sessionId: string, context: { ip: string }): Promise<void> {
      const session = await findSessionById(db, sessionId);
      if (!session || session.revokedAt) throw new AppError('NOT_FOUND');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await endSession(tx, sessionId, now);
        await recordActivity(tx, { actorId: admin.id, action: 'session.end', entityType: 'session', entityId: sessionId, after: { userId: session.userId }, ip: context.ip, at: now });
      });
    },

    /**
     * argon2id hash of the new password; every other session of the account ends, the one that
     * made the change stays. An account without a password (phone sign-in) sets its first one.
     */
    async changePassword(user: AuthUser, input: PasswordChangeInput, context: { ip: string }): Promise<{ endedSessions: number }> {
      const row = await findUserById(db, user.id);
      if (!row) throw new AppError('UNAUTHENTICATED');
      if (row.passwordHash) {
        // The current password is one more guess: counted like a sign-in, so a stolen token gives no extra tries.
        const account = accountKeyOf(row);
        await deps.throttle?.check(account, context.ip, row.id);
        if (!(await verifyPassword(row.passwordHash, input.currentPassword ?? ''))) {
          await deps.throttle?.recordFailure(account, context.ip);
          throw new AppError('PASSWORD_CURRENT_INVALID', { details: [{ path: 'currentPassword', message: 'Not correct' }] });
        }
        await deps.throttle?.recordSuccess(account, context.ip);
      }
      // No password yet: the first one needs a sign-in code sent to the account's phone (403 REAUTH_REQUIRED without one).
      let codeId: string | null = null;
      if (!row.passwordHash) {
        if (input.code === undefined || !row.phone) throw new AppError('REAUTH_REQUIRED');
        codeId = await deps.otp.checkCode({ phone: row.phone, purpose: 'login', code: input.code });
      }
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      return db.transaction(async (tx) => {
        if (codeId) await deps.otp.consumeCode(tx, codeId);
        await updateUserPassword(tx, user.id, passwordHash, now);
        const endedSessions = await endSessionsOfUser(tx, user.id, now, user.sessionId);
        await recordActivity(tx, { actorId: user.id, action: 'auth.password_change', entityType: 'user', entityId: user.id, after: { endedSessions }, ip: context.ip, at: now });
        return { endedSessions };
      });
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
