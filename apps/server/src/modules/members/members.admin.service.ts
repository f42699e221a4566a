import type {
  MemberAdminListQuery,
  MemberCreate,
  MemberDeleteResult,
  MemberDetail,
  MemberListItem,
  MemberUpdate,
} from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { uniqueViolationConstraint } from '../../lib/db-errors.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { listHistoryOf, recordActivity } from '../activity/index.ts';
import { revokeAllSessionsOfUser } from '../auth/index.ts';
import { changedFields, currentPeriod, toCreatorListItem, toHistoryEntry } from '../creators/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { listCreatorRowsOfMember } from '../creators/index.ts';
import { recomputeMemberMonths } from '../earnings/index.ts';
import { tellContactChange, type ContactChange } from '../messaging/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { completePaymentRegistration } from '../payments/index.ts';
import { createUniqueReferralCode, findUserByEmail, findUserByPhone, insertUser, isMember, toMember } from '../users/index.ts';
import {
  deleteUser,
  findBankDetailsOf,
  findMemberListRow,
  hasMoneyHistory,
  listMemberAdminRows,
  lockUser,
  markBankDetailsVerified,
  updateUser,
  type MemberListRow,
} from './members.admin.repository.ts';
import type { UserRow } from '../../db/tables/members.table.ts';

const CONFLICTS = {
  users_phone_unique: 'PHONE_ALREADY_REGISTERED',
  users_email_unique: 'EMAIL_ALREADY_REGISTERED',
} as const;

function toListItem(row: MemberListRow, publicUrl: string): MemberListItem {
  return {
    ...toMember(row.user, row.bankVerified, publicUrl),
    tiktokUsernames: row.tiktokUsernames,
    affiliatedWith: row.referrer ? { uid: row.referrer.id, firstName: row.referrer.firstName, lastName: row.referrer.lastName } : null,
    creatorCount: row.creatorCount,
    diamonds: row.diamonds,
    earningsCents: row.earningsCents,
  };
}

function requirePhone(raw: string): string {
  const phone = normalizeMobilePhone(raw);
  if (!phone) throw new AppError('PHONE_INVALID');
  return phone;
}

function normaliseEmail(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  return raw === null || raw.trim() === '' ? null : raw.trim().toLowerCase();
}

/** The member fields the activity log records (never secrets). */
function auditFields(row: UserRow): Record<string, unknown> {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    status: row.status,
    commissionRateBps: row.commissionRateBps,
    referredBy: row.referredBy,
  };
}

export function createMembersAdminService(deps: {
  db: Database;
  clock: Clock;
  publicUrl: string;
  /** Tells the member's old phone or e-mail when an admin changes them (docs/decisions/015). */
  messaging?: Messaging;
  log?: { warn(object: Record<string, unknown>, message: string): void };
}) {
  const { db, clock, publicUrl } = deps;

  async function getListItem(executor: Executor, id: string): Promise<MemberListItem> {
    const row = await findMemberListRow(executor, id, currentPeriod(clock.now()));
    if (!row || row.user.role !== 'user') throw new AppError('NOT_FOUND');
    return toListItem(row, publicUrl);
  }

  async function checkUnique(executor: Executor, values: { phone?: string | null; email?: string | null }, selfId?: string) {
    if (values.phone) {
      const other = await findUserByPhone(executor, values.phone);
      if (other && other.id !== selfId) throw new AppError('PHONE_ALREADY_REGISTERED');
    }
    if (values.email) {
      const other = await findUserByEmail(executor, values.email);
      if (other && other.id !== selfId) throw new AppError('EMAIL_ALREADY_REGISTERED');
    }
  }

  async function translateConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolationConstraint(error);
      if (constraint && constraint in CONFLICTS) throw new AppError(CONFLICTS[constraint as keyof typeof CONFLICTS]);
      throw error;
    }
  }

  return {
    async list(query: MemberAdminListQuery) {
      const { rows, total } = await listMemberAdminRows(db, query, currentPeriod(clock.now()));
      return { items: rows.map((row) => toListItem(row, publicUrl)), total, page: query.page, pageSize: query.pageSize };
    },

    async get(id: string): Promise<MemberDetail> {
      const item = await getListItem(db, id);
      const bank = await findBankDetailsOf(db, id);
      const creators = await listCreatorRowsOfMember(db, id, currentPeriod(clock.now()));
      const history = await listHistoryOf(db, 'user', id);
      return {
        ...item,
        bank: bank
          ? {
              holderName: bank.holderName,
              identityNumber: bank.identityNumber,
              bankName: bank.bankName,
              iban: bank.iban,
              verifiedAt: bank.verifiedAt ? bank.verifiedAt.toISOString() : null,
            }
          : null,
        creators: creators.map(toCreatorListItem),
        history: history.map(toHistoryEntry),
      };
    },

    async create(input: MemberCreate, actor: Actor): Promise<MemberListItem> {
      const phone = requirePhone(input.phone);
      const email = normaliseEmail(input.email) ?? null;
      if (input.referredBy && !(await isMember(db, input.referredBy))) throw new AppError('MEMBER_REFERENCE_INVALID');
      await checkUnique(db, { phone, email });
      return translateConflicts(() =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const row = await insertUser(tx, {
            firstName: input.firstName,
            lastName: input.lastName,
            phone,
            email,
            role: 'user',
            status: input.status,
            commissionRateBps: input.commissionRateBps ?? null,
            referredBy: input.referredBy ?? null,
            referralCode: await createUniqueReferralCode(tx),
            joinedAt: now,
            createdAt: now,
            updatedAt: now,
          });
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'member.create',
            entityType: 'user',
            entityId: row.id,
            after: auditFields(row),
            ip: actor.ip,
            at: now,
          });
          return getListItem(tx, row.id);
        }),
      );
    },

    async update(id: string, input: MemberUpdate, actor: Actor): Promise<MemberListItem> {
      const changes: Partial<UserRow> = {};
      if (input.firstName !== undefined) changes.firstName = input.firstName;
      if (input.lastName !== undefined) changes.lastName = input.lastName;
      if (input.phone !== undefined) changes.phone = requirePhone(input.phone);
      const email = normaliseEmail(input.email);
      if (email !== undefined) changes.email = email;
      if (input.status !== undefined) changes.status = input.status;
      if (input.commissionRateBps !== undefined) changes.commissionRateBps = input.commissionRateBps;
      if (input.referredBy !== undefined) {
        if (input.referredBy === id) throw new AppError('MEMBER_REFERENCE_INVALID');
        if (input.referredBy && !(await isMember(db, input.referredBy))) throw new AppError('MEMBER_REFERENCE_INVALID');
        changes.referredBy = input.referredBy;
      }
      let contactChange = null as ContactChange | null;
      const item = await translateConflicts(() =>
        db.transaction(async (tx) => {
          const current = await lockUser(tx, id);
          if (!current || current.role !== 'user') throw new AppError('NOT_FOUND');
          await checkUnique(tx, { phone: changes.phone ?? null, email: changes.email ?? null }, id);
          const diff = changedFields(auditFields(current), auditFields({ ...current, ...changes }));
          if (!diff.changed) return getListItem(tx, id);
          const after = { ...current, ...changes };
          if (after.email !== current.email || after.phone !== current.phone) {
            contactChange = {
              locale: current.locale,
              before: { email: current.email, phone: current.phone },
              after: { email: after.email, phone: after.phone },
            };
          }
          const now = clock.now();
          await updateUser(tx, id, { ...changes, updatedAt: now });
          // Disabling a member ends their sessions at once.
          if (changes.status === 'disabled' && current.status !== 'disabled') await revokeAllSessionsOfUser(tx, id, now);
          // A personal rate changes this month's estimate at once; ended months keep theirs.
          if ('commissionRateBps' in diff.after) await recomputeMemberMonths(tx, currentPeriod(now), now);
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'member.update',
            entityType: 'user',
            entityId: id,
            before: diff.before,
            after: diff.after,
            ip: actor.ip,
            at: now,
          });
          return getListItem(tx, id);
        }),
      );
      if (contactChange && deps.messaging) await tellContactChange(deps.messaging, contactChange, deps.log);
      return item;
    },

    /**
     * Erases a member without money history; one with history (figures of creators they are the
     * affiliate of) is disabled instead and their sessions end. Nobody deletes themself or an admin.
     */
    async remove(id: string, actor: Actor): Promise<MemberDeleteResult> {
      if (id === actor.id) throw new AppError('USER_DELETE_FAILED');
      return db.transaction(async (tx) => {
        const current = await lockUser(tx, id);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.role !== 'user') throw new AppError('USER_DELETE_FAILED');
        const now = clock.now();
        if (await hasMoneyHistory(tx, id)) {
          if (current.status !== 'disabled') await updateUser(tx, id, { status: 'disabled', updatedAt: now });
          await revokeAllSessionsOfUser(tx, id, now);
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'member.disable',
            entityType: 'user',
            entityId: id,
            before: { status: current.status },
            after: { status: 'disabled' },
            ip: actor.ip,
            at: now,
          });
          return { uid: id, outcome: 'disabled' as const };
        }
        await deleteUser(tx, id);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'member.delete',
          entityType: 'user',
          entityId: id,
          before: auditFields(current),
          ip: actor.ip,
          at: now,
        });
        return { uid: id, outcome: 'deleted' as const };
      });
    },

    async verifyBank(id: string, actor: Actor) {
      return db.transaction(async (tx) => {
        const member = await lockUser(tx, id);
        if (!member || member.role !== 'user') throw new AppError('NOT_FOUND');
        const bank = await findBankDetailsOf(tx, id);
        if (!bank) throw new AppError('NOT_FOUND');
        const now = clock.now();
        const verified = await markBankDetailsVerified(tx, id, now);
        // Payments waiting for verified bank details move on in the same transaction.
        await completePaymentRegistration(tx, id, actor, now);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'member.bank.verify',
          entityType: 'user',
          entityId: id,
          before: { bankStatus: bank.verifiedAt ? 'Verified' : 'Not Verified' },
          after: { bankStatus: 'Verified' },
          ip: actor.ip,
          at: now,
        });
        return { uid: id, bankStatus: 'Verified' as const, verifiedAt: (verified?.verifiedAt ?? now).toISOString() };
      });
    },
  };
}

export type MembersAdminService = ReturnType<typeof createMembersAdminService>;
