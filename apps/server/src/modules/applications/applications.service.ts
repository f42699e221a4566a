import {
  isValidTiktokUsername,
  normalizeTiktokUsername,
  type ApplicationInput,
  type ApplicationListQuery,
  type ApplicationReviewItem,
} from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { uniqueViolationConstraint } from '../../lib/db-errors.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { requireMobilePhone, type OtpService } from '../auth/otp.service.ts';
import { findCreatorByUsername, insertCreator } from '../creators/creators.repository.ts';
import { toCreator } from '../creators/creators.service.ts';
import { findUserByPhone, findUserByReferralCode, insertUser } from '../members/members.repository.ts';
import { createUniqueReferralCode, toMember } from '../members/members.service.ts';
import { listApplicationRows } from './applications.repository.ts';

export interface ApplicationsDeps {
  db: Database;
  clock: Clock;
  otp: OtpService;
  publicUrl: string;
}

/** Unique indexes that a parallel duplicate submission can hit, and what the caller is told. */
const CONFLICTS = {
  creators_tiktok_username_unique: 'TIKTOK_USERNAME_TAKEN',
  users_phone_unique: 'PHONE_ALREADY_REGISTERED',
} as const;

export function createApplicationsService(deps: ApplicationsDeps) {
  const { db, clock } = deps;

  return {
    /**
     * PRODUCT section 2 "Application": checks everything that needs no code first, then the SMS
     * code, then creates the pending member and the pending creator in one transaction.
     */
    async submit(input: ApplicationInput, context: { ip: string }) {
      const tiktokUsername = normalizeTiktokUsername(input.tiktokUsername);
      if (!isValidTiktokUsername(tiktokUsername)) throw new AppError('TIKTOK_USERNAME_INVALID');
      const phone = requireMobilePhone(input.phone);

      let referrerId: string | null = null;
      const ref = input.ref?.trim();
      if (ref) {
        const referrer = await findUserByReferralCode(db, ref.toUpperCase());
        if (!referrer || referrer.role !== 'user' || referrer.status !== 'active') {
          throw new AppError('REFERRAL_CODE_INVALID');
        }
        referrerId = referrer.id;
      }
      if (await findCreatorByUsername(db, tiktokUsername)) throw new AppError('TIKTOK_USERNAME_TAKEN');
      if (await findUserByPhone(db, phone)) throw new AppError('PHONE_ALREADY_REGISTERED');

      const codeId = await deps.otp.checkCode({ phone, purpose: 'apply', code: input.code });

      try {
        return await db.transaction(async (tx) => {
          await deps.otp.consumeCode(tx, codeId);
          const now = clock.now();
          const member = await insertUser(tx, {
            firstName: input.firstName,
            lastName: input.lastName,
            phone,
            role: 'user',
            status: 'pending',
            referralCode: await createUniqueReferralCode(tx),
            referredBy: referrerId,
            joinedAt: now,
            createdAt: now,
            updatedAt: now,
          });
          const creator = await insertCreator(tx, {
            tiktokUsername,
            name: `${input.firstName} ${input.lastName}`,
            phone,
            status: 'pending',
            ownerId: member.id,
            affiliateId: referrerId,
            joinedAt: now,
            createdAt: now,
            updatedAt: now,
          });
          await recordActivity(tx, {
            actorId: member.id,
            action: 'application.submit',
            entityType: 'user',
            entityId: member.id,
            after: { creatorId: creator.id, tiktokUsername, referredBy: referrerId },
            ip: context.ip,
            at: now,
          });
          return { memberId: member.id, creatorId: creator.id, status: 'pending' as const };
        });
      } catch (error) {
        const constraint = uniqueViolationConstraint(error);
        if (constraint && constraint in CONFLICTS) throw new AppError(CONFLICTS[constraint as keyof typeof CONFLICTS]);
        throw error;
      }
    },

    async listForReview(query: ApplicationListQuery) {
      const { rows, total } = await listApplicationRows(db, query);
      const items: ApplicationReviewItem[] = rows.map((row) => ({
        id: row.member.id,
        member: toMember(row.member, row.bankVerified, deps.publicUrl),
        creator: row.creator ? toCreator(row.creator) : null,
        referrer: row.referrer
          ? { uid: row.referrer.id, firstName: row.referrer.firstName, lastName: row.referrer.lastName }
          : null,
        submittedAt: row.member.createdAt.toISOString(),
      }));
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
