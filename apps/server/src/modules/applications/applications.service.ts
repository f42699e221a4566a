import {
  isValidTiktokUsername,
  normalizeTiktokUsername,
  type ApplicationInput,
  type ApplicationListQuery,
  type ApplicationDecision,
  type ApplicationReviewItem,
  DEFAULT_LOCALE,
  REASON_MIN_LENGTH,
} from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { uniqueViolationConstraint } from '../../lib/db-errors.ts';
import { recordActivity } from '../activity/index.ts';
import { requireMobilePhone, type OtpService } from '../auth/index.ts';
import { findCreatorByUsername, insertCreator } from '../creators/index.ts';
import { toCreator } from '../creators/index.ts';
import { findUserByPhone, findUserByReferralCode, insertUser } from '../users/index.ts';
import { createUniqueReferralCode, toMember } from '../users/index.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import { lockPendingCreatorsOwnedBy, setCreatorsStatus } from '../creators/index.ts';
import { lockUser, updateUser } from '../members/index.ts';
import { messageTexts, portalLinks } from '../messaging/index.ts';
import type { SmsSender } from '../messaging/index.ts';
import type { UserRow } from '../../db/tables/members.table.ts';
import { listApplicationRows } from './applications.repository.ts';
import type { Actor } from '../../lib/actor.ts';


export interface ApplicationsDeps {
  db: Database;
  clock: Clock;
  otp: OtpService;
  publicUrl: string;
  /** The messaging provider: the decision SMS (approval or rejection) goes through it. */
  sms: SmsSender;
  log?: { warn(object: Record<string, unknown>, message: string): void };
}

/** Unique indexes that a parallel duplicate submission can hit, and what the caller is told. */
const CONFLICTS = {
  creators_tiktok_username_unique: 'TIKTOK_USERNAME_TAKEN',
  users_phone_unique: 'PHONE_ALREADY_REGISTERED',
} as const;

export function createApplicationsService(deps: ApplicationsDeps) {
  const { db, clock } = deps;
  const links = portalLinks(deps.publicUrl);

  /**
   * The decision SMS, in the applicant's language (the one they applied in, or chose since), sent
   * after the decision is committed: a failed SMS is logged, the decision stands.
   */
  async function tellDecision(member: UserRow, decision: 'approved' | 'rejected'): Promise<void> {
    if (!member.phone) return;
    const texts = messageTexts(member.locale);
    const text = decision === 'approved' ? texts.applicationApproved(links.signIn) : texts.applicationRejected();
    try {
      await deps.sms.sendSms(member.phone, text, { purpose: `application-${decision}` });
    } catch (error) {
      deps.log?.warn({ err: error, memberId: member.id }, `${decision === 'approved' ? 'approval' : 'rejection'} SMS could not be sent`);
    }
  }

  return {
    /**
     * docs/product.md §4 (applications): checks everything that needs no code first, then the SMS
     * code, then creates the pending member and the pending creator in one transaction.
     */
    async submit(input: ApplicationInput, context: { ip: string }) {
      const tiktokUsername = normalizeTiktokUsername(input.tiktokUsername);
      if (!isValidTiktokUsername(tiktokUsername)) throw new AppError('TIKTOK_USERNAME_INVALID');
      const phone = requireMobilePhone(input.phone);

      let referrerId: string | null = null;
      const ref = input.ref?.trim();
      // Referral links off: the application is accepted, the referrer is not recorded (docs/decisions/004-referrals-off.md).
      if (ref && (await getSettingsRow(db)).referralsEnabled) {
        const referrer = await findUserByReferralCode(db, ref.toUpperCase());
        if (!referrer || referrer.role !== 'user' || referrer.status !== 'active') {
          throw new AppError('REFERRAL_CODE_INVALID');
        }
        referrerId = referrer.id;
      }
      if (await findCreatorByUsername(db, tiktokUsername)) throw new AppError('TIKTOK_USERNAME_TAKEN');

      // The code first: whether the number has an account is told only to whoever holds the phone
      // (a registered number gets no application code at all, docs/decisions/015).
      const codeId = await deps.otp.checkCode({ phone, purpose: 'apply', code: input.code });
      if (await findUserByPhone(db, phone)) throw new AppError('PHONE_ALREADY_REGISTERED');

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
            // The language the visitor applied in: their SMS, e-mails, invoices and interface use it.
            locale: input.locale ?? DEFAULT_LOCALE,
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

    /** Activates the applicant and their pending creators in one transaction, then sends the SMS. */
    async approve(id: string, actor: Actor): Promise<ApplicationDecision> {
      const { member, creatorIds } = await db.transaction(async (tx) => {
        const current = await lockUser(tx, id);
        if (!current || current.role !== 'user') throw new AppError('NOT_FOUND');
        if (current.status !== 'pending') throw new AppError('APPLICATION_NOT_PENDING');
        const pendingCreators = await lockPendingCreatorsOwnedBy(tx, id);
        const now = clock.now();
        const updated = await updateUser(tx, id, { status: 'active', statusReason: null, updatedAt: now });
        const ids = pendingCreators.map((creator) => creator.id);
        await setCreatorsStatus(tx, ids, { status: 'active', reason: null, updatedAt: now });
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'application.approve',
          entityType: 'user',
          entityId: id,
          before: { status: 'pending', creators: pendingCreators.map((creator) => ({ id: creator.id, status: creator.status })) },
          after: { status: 'active', creators: ids.map((creatorId) => ({ id: creatorId, status: 'active' })) },
          ip: actor.ip,
          at: now,
        });
        for (const creator of pendingCreators) {
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'creator.approve',
            entityType: 'creator',
            entityId: creator.id,
            before: { status: creator.status },
            after: { status: 'active' },
            ip: actor.ip,
            at: now,
          });
        }
        return { member: updated, creatorIds: ids };
      });
      await tellDecision(member, 'approved');
      return { id, status: 'active', creatorIds };
    },

    /**
     * Rejects the applicant and their pending creators with a reason of at least 10 characters,
     * then tells the applicant by SMS (the screens promise the decision by SMS). The reason is the
     * agency's note, typed in the admin's language, and stays internal.
     */
    async reject(id: string, rawReason: string, actor: Actor): Promise<ApplicationDecision> {
      const reason = rawReason.trim();
      if (reason.length < REASON_MIN_LENGTH) throw new AppError('REASON_TOO_SHORT');
      const { member, decision } = await db.transaction(async (tx) => {
        const current = await lockUser(tx, id);
        if (!current || current.role !== 'user') throw new AppError('NOT_FOUND');
        if (current.status !== 'pending') throw new AppError('APPLICATION_NOT_PENDING');
        const pendingCreators = await lockPendingCreatorsOwnedBy(tx, id);
        const now = clock.now();
        await updateUser(tx, id, { status: 'rejected', statusReason: reason, updatedAt: now });
        const ids = pendingCreators.map((creator) => creator.id);
        await setCreatorsStatus(tx, ids, { status: 'rejected', reason, updatedAt: now });
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'application.reject',
          entityType: 'user',
          entityId: id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason, creatorIds: ids },
          ip: actor.ip,
          at: now,
        });
        for (const creator of pendingCreators) {
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'creator.reject',
            entityType: 'creator',
            entityId: creator.id,
            before: { status: creator.status, reason: creator.reason },
            after: { status: 'rejected', reason },
            ip: actor.ip,
            at: now,
          });
        }
        return { member: current, decision: { id, status: 'rejected' as const, creatorIds: ids } };
      });
      await tellDecision(member, 'rejected');
      return decision;
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
