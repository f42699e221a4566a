import {
  isValidTiktokUsername,
  normalizeTiktokUsername,
  REASON_MIN_LENGTH,
  type CreatorCreate,
  type CreatorDeleteResult,
  type CreatorDetail,
  type CreatorListItem,
  type CreatorListQuery,
  type CreatorStatus,
  type CreatorUpdate,
} from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { normalizeMobilePhone } from '../../lib/phone.ts';
import { listHistoryOf, recordActivity } from '../activity/index.ts';
import { recomputeMemberMonths } from '../earnings/index.ts';
import { isMember } from '../users/index.ts';
import {
  deleteCreator,
  findCreatorByUsername,
  findCreatorListRow,
  hasFigures,
  insertCreator,
  listCreatorRows,
  listMonthsOf,
  lockCreator,
  updateCreator,
} from './creators.repository.ts';
import type { CreatorRow } from '../../db/tables/creators.table.ts';
import { changedFields, currentPeriod, toCreatorListItem, toHistoryEntry } from './creators.records.ts';
import type { ForecastsService } from '../forecasts/index.ts';
import type { Actor } from '../../lib/actor.ts';

const NEEDS_REASON: CreatorStatus[] = ['inactive', 'rejected'];

function requireReason(reason: string | null | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (trimmed.length < REASON_MIN_LENGTH) throw new AppError('REASON_TOO_SHORT');
  return trimmed;
}

function requireUsername(raw: string): string {
  const username = normalizeTiktokUsername(raw);
  if (!isValidTiktokUsername(username)) throw new AppError('TIKTOK_USERNAME_INVALID');
  return username;
}

function optionalPhone(raw: string | null | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw.trim() === '') return null;
  const phone = normalizeMobilePhone(raw);
  if (!phone) throw new AppError('PHONE_INVALID');
  return phone;
}

async function requireMemberReference(db: Executor, id: string | null | undefined): Promise<void> {
  if (id && !(await isMember(db, id))) throw new AppError('MEMBER_REFERENCE_INVALID');
}

function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value.trim() === '' ? null : value.trim();
}


export function createCreatorsAdminService(deps: { db: Database; clock: Clock; forecasts: ForecastsService }) {
  const { db, clock, forecasts } = deps;

  /**
   * List items with this month's forecast state and days dark. Right after an upload the month's
   * forecasts may still be being computed (seconds for a large agency): the list does not wait for
   * them, its forecast column stays empty until they are there.
   */
  async function withForecasts(items: CreatorListItem[], wait = false): Promise<CreatorListItem[]> {
    if (items.length === 0) return items;
    const outlook = wait ? await forecasts.currentOutlook() : await forecasts.readyOutlook();
    if (!outlook) return items;
    const { byCreator } = outlook;
    return items.map((item) => {
      const outlook = byCreator.get(item.id);
      return outlook ? { ...item, forecastState: outlook.forecast.state, daysDark: outlook.dark?.daysDark ?? null } : item;
    });
  }

  async function getListItem(executor: Executor, id: string): Promise<CreatorListItem> {
    const row = await findCreatorListRow(executor, id, currentPeriod(clock.now()));
    if (!row) throw new AppError('NOT_FOUND');
    return toCreatorListItem(row);
  }

  async function translateConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'creators_tiktok_username_unique')) throw new AppError('TIKTOK_USERNAME_TAKEN');
      throw error;
    }
  }

  return {
    async list(query: CreatorListQuery) {
      const forecast = query.forecast ? await forecasts.listCondition(query.forecast) : null;
      const { rows, total } = await listCreatorRows(db, query, currentPeriod(clock.now()), forecast);
      // A list filtered by forecast has waited for the forecasts already (listCondition).
      return { items: await withForecasts(rows.map(toCreatorListItem), forecast !== null), total, page: query.page, pageSize: query.pageSize };
    },

    async get(id: string): Promise<CreatorDetail> {
      const item = (await withForecasts([await getListItem(db, id)], true))[0]!;
      const months = await listMonthsOf(db, id);
      const history = await listHistoryOf(db, 'creator', id);
      return {
        ...item,
        months: months.map((month) => ({
          period: month.period,
          diamonds: month.diamonds,
          validDays: month.validDays,
          liveSeconds: month.liveSeconds,
          matches: month.matches,
          lastLiveAt: month.lastLiveAt ? month.lastLiveAt.toISOString() : null,
        })),
        history: history.map(toHistoryEntry),
      };
    },

    async create(input: CreatorCreate, actor: Actor): Promise<CreatorListItem> {
      const tiktokUsername = requireUsername(input.tiktokUsername);
      const phone = optionalPhone(input.phone) ?? null;
      const reason = NEEDS_REASON.includes(input.status) ? requireReason(input.reason) : (blankToNull(input.reason) ?? null);
      await requireMemberReference(db, input.ownerId);
      await requireMemberReference(db, input.affiliateId);
      if (await findCreatorByUsername(db, tiktokUsername)) throw new AppError('TIKTOK_USERNAME_TAKEN');
      return translateConflicts(() =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const row = await insertCreator(tx, {
            tiktokUsername,
            name: input.name?.trim() ?? '',
            phone,
            status: input.status,
            reason,
            ownerId: input.ownerId ?? null,
            affiliateId: input.affiliateId ?? null,
            agencyCenterCode: blankToNull(input.agencyCenterCode) ?? null,
            joinedAt: input.joinedAt ? new Date(input.joinedAt) : now,
            createdAt: now,
            updatedAt: now,
          });
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'creator.create',
            entityType: 'creator',
            entityId: row.id,
            after: auditFields(row),
            ip: actor.ip,
            at: now,
          });
          return getListItem(tx, row.id);
        }),
      );
    },

    async update(id: string, input: CreatorUpdate, actor: Actor): Promise<CreatorListItem> {
      const changes: Partial<CreatorRow> = {};
      if (input.tiktokUsername !== undefined) changes.tiktokUsername = requireUsername(input.tiktokUsername);
      if (input.name !== undefined) changes.name = input.name.trim();
      const phone = optionalPhone(input.phone);
      if (phone !== undefined) changes.phone = phone;
      if (input.status !== undefined) changes.status = input.status;
      if (input.reason !== undefined) changes.reason = blankToNull(input.reason) ?? null;
      if (input.ownerId !== undefined) changes.ownerId = input.ownerId;
      if (input.affiliateId !== undefined) changes.affiliateId = input.affiliateId;
      if (input.agencyCenterCode !== undefined) changes.agencyCenterCode = blankToNull(input.agencyCenterCode) ?? null;
      if (input.joinedAt !== undefined) changes.joinedAt = new Date(input.joinedAt);
      await requireMemberReference(db, input.ownerId);
      await requireMemberReference(db, input.affiliateId);

      return translateConflicts(() =>
        db.transaction(async (tx) => {
          const current = await lockCreator(tx, id);
          if (!current) throw new AppError('NOT_FOUND');
          // Deactivating or rejecting needs a reason of 10+ characters, given now.
          if (changes.status && NEEDS_REASON.includes(changes.status) && changes.status !== current.status) {
            changes.reason = requireReason(input.reason);
          }
          if (changes.tiktokUsername && changes.tiktokUsername !== current.tiktokUsername) {
            const other = await findCreatorByUsername(tx, changes.tiktokUsername);
            if (other && other.id !== id) throw new AppError('TIKTOK_USERNAME_TAKEN');
          }
          const diff = changedFields(auditFields(current), auditFields({ ...current, ...changes }));
          if (!diff.changed) return getListItem(tx, id);
          const now = clock.now();
          await updateCreator(tx, id, { ...changes, updatedAt: now });
          // The creator's diamonds now count for another affiliate: this month's commission of both
          // members is recomputed; ended months keep the affiliate they were computed with.
          // (The status does not enter the commission, so a status change recomputes nothing.)
          if ('affiliateId' in diff.after) await recomputeMemberMonths(tx, currentPeriod(now), now);
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'creator.update',
            entityType: 'creator',
            entityId: id,
            before: diff.before,
            after: diff.after,
            ip: actor.ip,
            at: now,
          });
          return getListItem(tx, id);
        }),
      );
    },

    /** A creator with figures is set inactive (kept for the money history), others are erased. */
    async remove(id: string, reason: string | undefined, actor: Actor): Promise<CreatorDeleteResult> {
      return db.transaction(async (tx) => {
        const current = await lockCreator(tx, id);
        if (!current) throw new AppError('NOT_FOUND');
        const now = clock.now();
        if (await hasFigures(tx, id)) {
          const kept = { status: 'inactive' as const, reason: reason?.trim() || current.reason };
          const diff = changedFields(auditFields(current), kept);
          await updateCreator(tx, id, { ...kept, updatedAt: now });
          await recordActivity(tx, {
            actorId: actor.id,
            action: 'creator.deactivate',
            entityType: 'creator',
            entityId: id,
            before: diff.before,
            after: diff.after,
            ip: actor.ip,
            at: now,
          });
          return { id, outcome: 'deactivated' as const };
        }
        await deleteCreator(tx, id);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'creator.delete',
          entityType: 'creator',
          entityId: id,
          before: auditFields(current),
          ip: actor.ip,
          at: now,
        });
        return { id, outcome: 'deleted' as const };
      });
    },
  };
}

/** The fields of a creator that the activity log records (dates as ISO text). */
function auditFields(row: CreatorRow): Record<string, unknown> {
  return {
    tiktokUsername: row.tiktokUsername,
    name: row.name,
    phone: row.phone,
    status: row.status,
    reason: row.reason,
    ownerId: row.ownerId,
    affiliateId: row.affiliateId,
    agencyCenterCode: row.agencyCenterCode,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export type CreatorsAdminService = ReturnType<typeof createCreatorsAdminService>;
