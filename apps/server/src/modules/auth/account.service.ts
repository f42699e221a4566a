import { randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE, PASSWORD_RESET_TTL_SECONDS, type RegisterInput, type ResetInput } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSeconds, type Clock } from '../../lib/clock.ts';
import { createOpaqueToken, hashToken } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordActivity } from '../activity/index.ts';
import { findUserByEmail, insertUser, updateUserPassword } from '../users/index.ts';
import { createUniqueReferralCode } from '../users/index.ts';
import type { UserRow } from '../../db/tables/members.table.ts';
import { messageTexts, portalLinks } from '../messaging/index.ts';
import type { EmailSender } from '../messaging/index.ts';
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
  log?: { warn(object: Record<string, unknown>, message: string): void };
}

/** E-mail accounts: registration and the forgot/reset flow (docs/product.md §3). */
export function createAccountService(deps: AccountDeps) {
  const { db, clock } = deps;
  const links = portalLinks(deps.publicUrl);

  /** A registration's outcome goes by e-mail; a failed e-mail does not change the answer. */
  async function sendQuietly(to: string, subject: string, text: string, purpose: string): Promise<void> {
    try {
      await deps.mail.sendEmail(to, subject, text, { purpose });
    } catch (error) {
      deps.log?.warn({ err: error instanceof Error ? error.message : 'unknown', purpose }, 'e-mail could not be sent');
    }
  }

  /** The answer a new registration gets, for an e-mail that already has an account; its owner is told. */
  async function tellTaken(holder: UserRow): Promise<{ user: { uid: string } }> {
    const texts = messageTexts(holder.locale).registerTaken;
    await sendQuietly(holder.email ?? '', texts.subject, texts.text(links.signIn, links.forgot), 'register.taken');
    return { user: { uid: randomUUID() } };
  }

  return {
    /**
     * E-mails a single-use link valid for 30 minutes, in the account's language (its profile's). The answer is the
     * same for an address without an account (docs/decisions/015), which gets no e-mail: the portal
     * does not write to strangers on request.
     */
    async requestPasswordReset(email: string): Promise<{ expiresInSeconds: number }> {
      const user = await findUserByEmail(db, email);
      if (!user || !user.email) return { expiresInSeconds: PASSWORD_RESET_TTL_SECONDS };
      const token = createOpaqueToken();
      const now = clock.now();
      await insertPasswordReset(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: addSeconds(now, PASSWORD_RESET_TTL_SECONDS),
      });
      const texts = messageTexts(user.locale).passwordReset;
      await deps.mail.sendEmail(user.email, texts.subject, texts.text(links.reset(token), PASSWORD_RESET_TTL_SECONDS / 60), {
        purpose: 'password.reset',
        secret: token,
      });
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

    /**
     * `POST /api/register`: a pending e-mail account; an admin activates it. A taken e-mail gets
     * the same answer (a uid that belongs to no account) and its owner an e-mail saying so, so the
     * answer never tells which e-mails have an account (docs/decisions/015).
     */
    async register(input: RegisterInput, context: RequestContext): Promise<{ user: { uid: string } }> {
      if (input.companyId !== deps.companyId) throw new AppError('COMPANY_ID_INVALID');
      // Hashed in both cases, so the time of the answer does not tell either.
      const passwordHash = await hashPassword(input.password);
      const holder = await findUserByEmail(db, input.email);
      if (holder) return tellTaken(holder);
      try {
        const user = await db.transaction(async (tx) => {
          const now = clock.now();
          const created = await insertUser(tx, {
            email: input.email,
            passwordHash,
            role: 'user',
            status: 'pending',
            locale: input.locale ?? DEFAULT_LOCALE,
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
        const texts = messageTexts(user.locale).registerReceived;
        await sendQuietly(input.email, texts.subject, texts.text(links.signIn), 'register.received');
        return { user: { uid: user.id } };
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) {
          const winner = await findUserByEmail(db, input.email);
          if (winner) return tellTaken(winner);
        }
        throw error;
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
