import { AVATAR_MAX_SIDE, bpsToPercent, type MyCreator, type MyCreatorsQuery, type MyProfile, type ProfileUpdateInput } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { dummyVerifyPassword, verifyPassword } from '../../lib/passwords.ts';
import { imageContentType, imageExtension, normalizeImage } from '../../lib/images.ts';
import { createStorageKey, type FileStorage } from '../../lib/storage/index.ts';
import { recordActivity } from '../activity/index.ts';
import type { OtpService } from '../auth/index.ts';
import { accountKeyOf, type PasswordThrottle } from '../auth/index.ts';
import { changedFields, toCreator } from '../creators/index.ts';
import { findBankDetails, findUserByEmail, findUserById } from '../users/index.ts';
import { toMember } from '../users/index.ts';
import type { UserRow } from '../../db/tables/members.table.ts';
import { tellContactChange } from '../messaging/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import { listCreatorsOfMember, updateUserFields } from './profile.repository.ts';

export interface ProfileDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  publicUrl: string;
  /** Checks the code that confirms an e-mail change. */
  otp: OtpService;
  /** Counts wrong current passwords with the sign-in's counters. */
  throttle: PasswordThrottle;
  /** Tells the old address or phone of an e-mail change. */
  messaging: Messaging;
  log?: { warn(object: Record<string, unknown>, message: string): void };
}

/** `2026-03` of a date, in UTC: the month the current figures belong to. */
function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function createProfileService(deps: ProfileDeps) {
  const { db, clock, storage } = deps;

  async function requireUser(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('NOT_FOUND');
    return user;
  }

  /**
   * The current password (counted like a sign-in: docs/decisions/015), or else a sign-in code sent
   * to the account's phone; returns the code's id, consumed with the change. 403 REAUTH_REQUIRED
   * without either.
   */
  async function confirmIdentity(user: UserRow, input: { currentPassword?: string | undefined; code?: string | undefined }, ip: string): Promise<string | null> {
    if (input.currentPassword !== undefined) {
      const account = accountKeyOf(user);
      await deps.throttle.check(account, ip, user.id);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
        if (!user.passwordHash) await dummyVerifyPassword(input.currentPassword);
        await deps.throttle.recordFailure(account, ip);
        throw new AppError('PASSWORD_CURRENT_INVALID', { details: [{ path: 'currentPassword', message: 'Not correct' }] });
      }
      await deps.throttle.recordSuccess(account, ip);
      return null;
    }
    if (input.code !== undefined && user.phone) {
      return deps.otp.checkCode({ phone: user.phone, purpose: 'login', code: input.code });
    }
    throw new AppError('REAUTH_REQUIRED');
  }

  /** Every call takes the signed-in user's id from the session, never from the request. */
  async function getProfile(userId: string): Promise<MyProfile> {
      const user = await requireUser(userId);
      const bank = await findBankDetails(db, userId);
      const { referralsEnabled } = await getSettingsRow(db);
      const member = toMember(user, Boolean(bank?.verifiedAt), deps.publicUrl);
      return {
        ...member,
        referralLink: referralsEnabled ? member.referralLink : '',
        bank: bank
          ? { holderName: bank.holderName, identityNumber: bank.identityNumber, bankName: bank.bankName, iban: bank.iban }
          : null,
        locale: user.locale,
        avatarUrl: user.avatarKey ? `/api/me/avatar?v=${encodeURIComponent(user.avatarKey.slice(8, 16))}` : null,
        referralsEnabled,
        hasPassword: Boolean(user.passwordHash),
        briefEmail: user.briefEmail,
      };
  }

  return {
    getProfile,

    /**
     * Own name, e-mail, language and invoice preference; a field left out keeps its value (the
     * header's language menu sends the language alone). A new (or removed) e-mail needs the
     * current password or a sign-in code just sent to the account's phone (a stolen token alone
     * must not move the account to another address, where "forgot password" would then send the
     * reset link), and the old address, or without one the phone, is told (docs/decisions/015).
     */
    async updateProfile(userId: string, input: ProfileUpdateInput & { email?: string | null | undefined }, context: { ip: string }) {
      const user = await requireUser(userId);
      const values = {
        firstName: input.firstName ?? user.firstName,
        lastName: input.lastName ?? user.lastName,
        email: input.email === undefined ? user.email : input.email,
        locale: input.locale ?? user.locale,
        invoicePreference: input.invoicePreference ?? user.invoicePreference,
        briefEmail: input.briefEmail ?? user.briefEmail,
      };
      const emailChanges = (values.email ?? null) !== (user.email ?? null);
      let codeId: string | null = null;
      if (emailChanges) {
        // Confirmed first: a token alone does not even learn which addresses have an account.
        codeId = await confirmIdentity(user, input, context.ip);
        if (values.email) {
          const holder = await findUserByEmail(db, values.email);
          if (holder && holder.id !== userId) throw new AppError('EMAIL_ALREADY_REGISTERED');
        }
      }
      const { before, after, changed } = changedFields(
        { firstName: user.firstName, lastName: user.lastName, email: user.email, locale: user.locale, invoicePreference: user.invoicePreference, briefEmail: user.briefEmail },
        values,
      );
      // Saving the form as it was changes nothing, and the activity log says nothing.
      if (!changed) return getProfile(userId);
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          if (codeId) await deps.otp.consumeCode(tx, codeId);
          await updateUserFields(tx, userId, values, now);
          await recordActivity(tx, { actorId: userId, action: 'profile.update', entityType: 'user', entityId: userId, before, after, ip: context.ip, at: now });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('EMAIL_ALREADY_REGISTERED');
        throw error;
      }
      if (emailChanges) {
        await tellContactChange(
          deps.messaging,
          { locale: values.locale, before: { email: user.email, phone: user.phone }, after: { email: values.email, phone: user.phone } },
          deps.log,
        );
      }
      return getProfile(userId);
    },

    /** Stores the picture re-encoded (at most 256x256) under a new key and removes the old file. */
    async updateAvatar(userId: string, upload: Buffer, context: { ip: string }): Promise<{ avatarUrl: string }> {
      const user = await requireUser(userId);
      const image = await normalizeImage(upload, AVATAR_MAX_SIDE);
      const key = createStorageKey('avatars', imageExtension(image.type));
      await storage.put(key, image.data);
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          await updateUserFields(tx, userId, { avatarKey: key }, now);
          await recordActivity(tx, {
            actorId: userId,
            action: 'profile.avatar',
            entityType: 'user',
            entityId: userId,
            before: { avatar: user.avatarKey },
            after: { avatar: key },
            ip: context.ip,
            at: now,
          });
        });
      } catch (error) {
        // The stored picture and the database agree: no file without its row.
        await storage.delete(key);
        throw error;
      }
      if (user.avatarKey) await storage.delete(user.avatarKey);
      return { avatarUrl: `/api/me/avatar?v=${encodeURIComponent(key.slice(8, 16))}` };
    },

    /** The picture of `userId` (the caller decided who may see it); 404 when there is none. */
    async readAvatar(userId: string): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: Buffer }> {
      const user = await requireUser(userId);
      if (!user.avatarKey) throw new AppError('NOT_FOUND');
      const data = await storage.get(user.avatarKey);
      if (!data) throw new AppError('NOT_FOUND');
      return { contentType: imageContentType(user.avatarKey), data };
    },

    async listMyCreators(userId: string, query: MyCreatorsQuery) {
      const period = periodOf(clock.now());
      const page = { page: query.page, pageSize: query.pageSize };
      const { rows, total } = await listCreatorsOfMember(db, userId, period, page, { atRiskOnly: query.requirement === 'atRisk' });
      const items: MyCreator[] = rows.map(({ creator, month }) => ({
        ...toCreator(creator),
        period,
        diamonds: month?.diamonds ?? 0,
        validDays: month?.validDays ?? 0,
        liveSeconds: month?.liveSeconds ?? 0,
        matches: month?.matches ?? 0,
        lastLiveAt: month?.lastLiveAt ? month.lastLiveAt.toISOString() : null,
        achievedPercent: bpsToPercent(month?.achievedBps ?? 0),
        requirementState: month?.requirementState ?? null,
        relation:
          creator.affiliateId === userId && creator.ownerId === userId ? 'both' : creator.affiliateId === userId ? 'affiliate' : 'owner',
      }));
      return { items, total, page: page.page, pageSize: page.pageSize };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
