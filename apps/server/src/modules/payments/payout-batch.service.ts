import { canTransition, DEFAULT_LOCALE, type PaymentBatchResult, type TransferListRequest } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/index.ts';
import { datedFileName } from '../exports/index.ts';
import { readUserLocales } from '../notifications/index.ts';
import { applyTransition, toPayment } from './payment-records.ts';
import type { Actor } from '../../lib/actor.ts';
import { lockPayments, readTransferRows } from './payout-batch.repository.ts';
import { TRANSFER_LIST_TYPES, writeTransferList, type TransferLine } from './transfer-list.ts';

/**
 * Paying approved payments in a batch (issue 17): the transfer list for the bank, then one "mark
 * as paid" for all of them. Both refuse the whole batch when one payment does not fit (404 when
 * unknown, 409 when not Approved), so nothing is produced or changed.
 */

function refuseMissing(ids: readonly string[], found: ReadonlySet<string>): void {
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError('NOT_FOUND', { details: missing.map((id) => ({ path: id, message: 'No payment with this id' })) });
}

function refuseNotApproved(rows: readonly { id: string; status: string }[]): void {
  if (rows.length > 0) {
    throw new AppError('PAYMENTS_NOT_APPROVED', { details: rows.map((row) => ({ path: row.id, message: `The payment is ${row.status}` })) });
  }
}

export interface TransferListFile {
  body: Buffer;
  fileName: string;
  contentType: string;
}

export function createPayoutBatchService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /**
     * The transfer list of approved payments whose members' bank details are verified, in the order
     * of `ids`, headers in the admin's language; the download is written to the activity log.
     */
    async transferList(input: TransferListRequest, actor: Actor & { id: string }): Promise<TransferListFile> {
      return db.transaction(async (tx) => {
        const rows = await readTransferRows(tx, input.ids);
        refuseMissing(input.ids, new Set(rows.map((row) => row.id)));
        // The shared state machine: a payment may be paid (so transferred) only from Approved.
        refuseNotApproved(rows.filter((row) => !canTransition(row.status, 'paid', 'admin')));
        const unverified = rows.filter((row) => !row.bankVerifiedAt || !row.iban);
        if (unverified.length > 0) {
          throw new AppError('PAYMENT_BANK_NOT_VERIFIED', {
            details: unverified.map((row) => ({ path: row.id, message: row.iban ? 'Bank details not verified' : 'No bank details' })),
          });
        }
        const byId = new Map(rows.map((row) => [row.id, row]));
        const lines: TransferLine[] = input.ids.map((id) => {
          const row = byId.get(id)!;
          return { holderName: row.holderName!, iban: row.iban!, bankName: row.bankName!, amountCents: row.amountCents, reference: row.invoiceNumber ?? row.id };
        });
        const now = clock.now();
        const locale = (await readUserLocales(tx, [actor.id])).get(actor.id) ?? DEFAULT_LOCALE;
        const body = await writeTransferList(input.format, lines, locale, now);
        await recordActivity(tx, {
          actorId: actor.id,
          action: 'payment.transferList',
          entityType: 'payment',
          after: { format: input.format, count: lines.length, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0), paymentIds: input.ids },
          ip: actor.ip ?? null,
          at: now,
        });
        return { body, fileName: datedFileName('transfer-list', input.format, now), contentType: TRANSFER_LIST_TYPES[input.format] };
      });
    },

    /**
     * Marks every payment Paid in one transaction, through the same transition as the single
     * "paid" (activity entry, invoice number, the member's notification for each). All rows are
     * locked first, in id order: of two identical requests (a double click, two admins), the second
     * waits, then finds them Paid and is refused with nothing changed.
     */
    async markPaid(ids: readonly string[], actor: Actor): Promise<PaymentBatchResult> {
      return db.transaction(async (tx) => {
        const rows = await lockPayments(tx, ids);
        refuseMissing(ids, new Set(rows.map((row) => row.id)));
        refuseNotApproved(rows.filter((row) => !canTransition(row.status, 'paid', 'admin')));
        const at = clock.now();
        const paid = [];
        for (const row of rows) paid.push(await applyTransition(tx, row, { action: 'paid', by: 'admin', actor, at }));
        const order = new Map(ids.map((id, index) => [id, index]));
        paid.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        return { count: paid.length, totalCents: paid.reduce((sum, row) => sum + row.amountCents, 0), payments: paid.map((row) => toPayment(row)) };
      });
    },
  };
}

export type PayoutBatchService = ReturnType<typeof createPayoutBatchService>;
