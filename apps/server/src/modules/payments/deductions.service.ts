import type { Deduction, DeductionCreateInput } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { insertLedgerEntries, lockMemberLedger } from './ledger.ts';
import { toDeduction, type Actor } from './payment-records.ts';
import { findMember, insertDeduction, listDeductions, lockDeduction, markDeductionDeleted } from './payments.repository.ts';
import type { Page } from './payments.service.ts';

/** Deductions (PRODUCT section 2): added by an admin, consumed by the member's next payment, deleted only while open. */
export function createDeductionsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async add(input: DeductionCreateInput, actor: Actor & { id: string }): Promise<Deduction> {
      return db.transaction(async (tx) => {
        const member = await findMember(tx, input.memberId);
        if (!member || member.role !== 'user') {
          throw new AppError('DEDUCTION_ADD_FAILED', { details: [{ path: 'memberId', message: 'The selected member does not exist' }] });
        }
        const now = clock.now();
        await lockMemberLedger(tx, input.memberId);
        const row = await insertDeduction(tx, {
          memberId: input.memberId,
          amountCents: input.amountCents,
          reason: input.reason && input.reason !== '' ? input.reason : null,
          createdBy: actor.id,
          createdAt: now,
        });
        await insertLedgerEntries(tx, [
          { memberId: input.memberId, kind: 'deduction', amountCents: -input.amountCents, deductionId: row.id, createdBy: actor.id, at: now },
        ]);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'deduction.create',
          entityType: 'deduction',
          entityId: row.id,
          after: { memberId: row.memberId, amountCents: row.amountCents, reason: row.reason },
          ip: actor.ip ?? null,
          at: now,
        });
        return toDeduction(row, member);
      });
    },

    /** Soft delete with a reversal entry; a deduction consumed by a payment answers 409. */
    async remove(id: string, actor: Actor & { id: string }): Promise<Deduction> {
      return db.transaction(async (tx) => {
        const found = await lockDeduction(tx, id);
        if (!found || found.deletedAt) throw new AppError('NOT_FOUND');
        // The member's ledger lock first (the order a payment request takes), then the row again.
        await lockMemberLedger(tx, found.memberId);
        const current = await lockDeduction(tx, id);
        if (!current || current.deletedAt) throw new AppError('NOT_FOUND');
        if (current.paymentId) {
          throw new AppError('DEDUCTION_DELETE_FAILED', { details: [{ message: 'The deduction was consumed by a payment' }] });
        }
        const now = clock.now();
        const row = await markDeductionDeleted(tx, id, actor.id, now);
        await insertLedgerEntries(tx, [
          { memberId: row.memberId, kind: 'deductionReversal', amountCents: row.amountCents, deductionId: row.id, createdBy: actor.id, at: now },
        ]);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'deduction.delete',
          entityType: 'deduction',
          entityId: row.id,
          before: { memberId: row.memberId, amountCents: row.amountCents, reason: row.reason },
          ip: actor.ip ?? null,
          at: now,
        });
        return toDeduction(row);
      });
    },

    async list(query: { memberId?: string | undefined; page: number; pageSize: number }): Promise<Page<Deduction>> {
      const { rows, total } = await listDeductions(db, query);
      return { items: rows.map((row) => toDeduction(row.deduction, row.member)), total, page: query.page, pageSize: query.pageSize };
    },

    async listOwn(memberId: string, query: { page: number; pageSize: number }): Promise<Page<Deduction>> {
      const { rows, total } = await listDeductions(db, { ...query, memberId });
      return { items: rows.map((row) => toDeduction(row.deduction)), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type DeductionsService = ReturnType<typeof createDeductionsService>;
