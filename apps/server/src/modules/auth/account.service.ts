import { PASSWORD_RESET_TTL_SECONDS, type RegisterInput, type ResetInput } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { createOpaqueToken, hashToken } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { findUserByEmail, insertUser, updateUserPassword } from '../members/members.repository.ts';
import { createUniqueReferralCode } from '../members/members.service.ts';
import type { EmailSender } from '../messaging/messaging.types.ts';
import {
  expireOtherPasswordResets,
  insertPasswordReset,
  revokeAllSessionsOfUser,
  usePasswordReset,
} from './auth.repository.ts';
import type { RequestContext } from './auth.service.ts';

export interface AccountDeps {
  db: Database;
  clock: Clock;
  mail: EmailSender;
  publicUrl: string;
  companyId: string;
}

/** E-mail accounts: registration and the forgot/reset flow (PRODUCT section 3). */
export function createAccountService(deps: AccountDeps) {
  const { db, clock } = deps;

  return {
    /** E-mails a single-use link valid for 30 minutes. */
    async requestPasswordReset(email: string): Promise<{ expiresInSeconds: number }> {
      const user = await findUserByEmail(db, email);
      if (!user || !user.email) throw new AppError('EMAIL_NOT_FOUND');
      const token = createOpaqueToken();
      const now = clock.now();
      await insertPasswordReset(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: addSeconds(now, PASSWORD_RESET_TTL_SECONDS),
      });
      const link = `${deps.publicUrl}/app/sessions/reset?token=${encodeURIComponent(token)}`;
      await deps.mail.sendEmail(
        user.email,
        'Reset your password',
        `Someone asked to reset the password of this account.\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this e-mail; your password stays the same.`,
        { purpose: 'password.reset', secret: token },
      );
      return { expiresInSeconds: PASSWORD_RESET_TTL_SECONDS };
    },

    /** Sets the new password and signs the user out everywhere. */
    async resetPassword(input: ResetInput, context: RequestContext): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const tokenHash = hashToken(input.token);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const userId = await usePasswordReset(tx, tokenHash, now);
        if (!userId) throw new AppError('RESET_TOKEN_INVALID');
        await updateUserPassword(tx, userId, passwordHash, now);
        await expireOtherPasswordResets(tx, userId, tokenHash, now);
        await revokeAllSessionsOfUser(tx, userId, now);
        await recordActivity(tx, {
          actorId: userId,
          action: 'auth.password_reset',
          entityType: 'user',
          entityId: userId,
          ip: context.ip,
          at: now,
        });
      });
    },

    /** `POST /api/register`: a pending e-mail account; an admin activates it. */
    async register(input: RegisterInput, context: RequestContext): Promise<{ user: { uid: string } }> {
      if (input.companyId !== deps.companyId) throw new AppError('COMPANY_ID_INVALID');
      if (await findUserByEmail(db, input.email)) throw new AppError('EMAIL_ALREADY_REGISTERED');
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await db.transaction(async (tx) => {
          const now = clock.now();
          const created = await insertUser(tx, {
            email: input.email,
            passwordHash,
            role: 'user',
            status: 'pending',
            referralCode: await createUniqueReferralCode(tx),
            joinedAt: now,
            createdAt: now,
            updatedAt: now,
          });
          await recordActivity(tx, {
            actorId: created.id,
            action: 'auth.register',
            entityType: 'user',
            entityId: created.id,
            ip: context.ip,
            at: now,
          });
          return created;
        });
        return { user: { uid: user.id } };
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('EMAIL_ALREADY_REGISTERED');
        throw error;
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
