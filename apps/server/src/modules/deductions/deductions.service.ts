import type { Deduction, DeductionCreateInput } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/index.ts';
import { insertLedgerEntries, lockMemberLedger } from '../ledger/index.ts';
import { findDeductionMember, insertDeduction, listDeductions, lockDeduction, markDeductionDeleted, type DeductionMember } from './deductions.repository.ts';
import { checkDeductionMember, checkDeletable, checkNotDeleted, deductionReason } from './deductions.rules.ts';
import type { DeductionRow } from '../../db/tables/deductions.table.ts';
import { personId, type Actor } from '../../lib/actor.ts';


export interface DeductionPage {
  items: Deduction[];
  total: number;
  page: number;
  pageSize: number;
}

function toDeduction(row: DeductionRow, member?: DeductionMember | null): Deduction {
  return {
    id: row.id,
    memberId: row.memberId,
    ...(member ? { member: { uid: member.id, firstName: member.firstName, lastName: member.lastName } } : {}),
    amountCents: row.amountCents,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    paymentId: row.paymentId,
  };
}

/**
 * Deductions (PRODUCT section 2, deductions.rules.ts): added by an admin, consumed by the member's
 * next payment, deleted only while open. Each change writes its ledger entry and activity entry in
 * the same transaction, under the member's ledger lock.
 */
export function createDeductionsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async add(input: DeductionCreateInput, actor: Actor): Promise<Deduction> {
      return db.transaction(async (tx) => {
        const member = await findDeductionMember(tx, input.memberId);
        checkDeductionMember(member);
        const now = clock.now();
        await lockMemberLedger(tx, input.memberId);
        const row = await insertDeduction(tx, {
          memberId: input.memberId,
          amountCents: input.amountCents,
          reason: deductionReason(input.reason),
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
    async remove(id: string, actor: Actor): Promise<Deduction> {
      return db.transaction(async (tx) => {
        const found = await lockDeduction(tx, id);
        checkNotDeleted(found);
        // The member's ledger lock first (the order a payment request takes), then the row again.
        await lockMemberLedger(tx, found.memberId);
        const current = await lockDeduction(tx, id);
        checkDeletable(current);
        const now = clock.now();
        const row = await markDeductionDeleted(tx, id, personId(actor), now);
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

    async list(query: { memberId?: string | undefined; page: number; pageSize: number }): Promise<DeductionPage> {
      const { rows, total } = await listDeductions(db, query);
      return { items: rows.map((row) => toDeduction(row.deduction, row.member)), total, page: query.page, pageSize: query.pageSize };
    },

    async listOwn(memberId: string, query: { page: number; pageSize: number }): Promise<DeductionPage> {
      const { rows, total } = await listDeductions(db, { ...query, memberId });
      return { items: rows.map((row) => toDeduction(row.deduction)), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type DeductionsService = ReturnType<typeof createDeductionsService>;
