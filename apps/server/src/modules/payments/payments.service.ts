import {
  formatMoney,
  MIN_PAYOUT_CENTS,
  REASON_MIN_LENGTH,
  type Payment,
  type PaymentAction,
  type PaymentListQuery,
  type PaymentRequestInput,
} from '@agency/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { lockMemberLedger, payoutPeriodAt, postEndedMonths, sumLedger } from '../ledger/index.ts';
import { applyTransition, createPaymentRecord, toPayment, toPaymentBank } from './payment-records.ts';
import type { Actor } from '../../lib/actor.ts';
import { findPayment, listPayments, lockPayment, lockPendingRegistrationPayments } from './payments.repository.ts';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type AdminPaymentAction = Extract<PaymentAction, 'approve' | 'reject' | 'paid' | 'unpaid'>;

/** Rejecting, cancelling and marking unpaid need a reason of at least 10 characters. */
function requireReason(reason: string | undefined): string {
  const trimmed = (reason ?? '').trim();
  if (trimmed.length < REASON_MIN_LENGTH) throw new AppError('REASON_TOO_SHORT');
  return trimmed;
}

function requestFailed(message: string): AppError {
  return new AppError('PAYMENT_REQUEST_FAILED', { details: [{ path: 'amountCents', message }] });
}

/**
 * Moves the member's `Pending Registration` payments on once their bank details are verified
 * (request -> Pending, automatic -> Waiting Approval). Runs inside the verification's transaction.
 */
export async function completePaymentRegistration(db: Executor, memberId: string, actor: Actor, at: Date): Promise<number> {
  const waiting = await lockPendingRegistrationPayments(db, memberId);
  for (const payment of waiting) await applyTransition(db, payment, { action: 'registrationComplete', by: 'system', actor, at });
  return waiting.length;
}

export function createPaymentsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** `POST /api/me/payments`: at least $50 and at most the available balance; consumes the open deductions. */
    async request(memberId: string, input: PaymentRequestInput, ip: string | null): Promise<Payment> {
      if (input.amountCents < MIN_PAYOUT_CENTS) throw requestFailed(`The minimum payment is ${formatMoney(MIN_PAYOUT_CENTS, 'en')}`);
      return db.transaction(async (tx) => {
        const now = clock.now();
        await lockMemberLedger(tx, memberId);
        await postEndedMonths(tx, memberId, await payoutPeriodAt(tx, now), now);
        const availableCents = await sumLedger(tx, memberId);
        if (input.amountCents > availableCents) {
          throw requestFailed(`The amount exceeds the available balance of ${formatMoney(Math.max(availableCents, 0), 'en')}`);
        }
        const payment = await createPaymentRecord(tx, {
          memberId,
          kind: 'request',
          amountCents: input.amountCents,
          notes: input.notes && input.notes !== '' ? input.notes : null,
          actor: { id: memberId, ip },
          at: now,
        });
        return toPayment(payment);
      });
    },

    async listOwn(memberId: string, query: PaymentListQuery): Promise<Page<Payment>> {
      const { rows, total } = await listPayments(db, { ...query, memberId, q: undefined });
      return { items: rows.map((row) => toPayment(row.payment)), total, page: query.page, pageSize: query.pageSize };
    },

    /** A member cancels their own `Pending` request; another member's payment is not found. */
    async cancelOwn(memberId: string, paymentId: string, reason: string | undefined, ip: string | null): Promise<Payment> {
      const text = requireReason(reason);
      return db.transaction(async (tx) => {
        const current = await lockPayment(tx, paymentId);
        if (!current || current.memberId !== memberId) throw new AppError('NOT_FOUND');
        const updated = await applyTransition(tx, current, { action: 'cancel', by: 'member', actor: { id: memberId, ip }, reason: text, at: clock.now() });
        return toPayment(updated);
      });
    },

    /** The admin list: with the member's name and current bank details (full IBAN: the admin transfers to it). */
    async list(query: PaymentListQuery): Promise<Page<Payment>> {
      const { rows, total } = await listPayments(db, query);
      return {
        items: rows.map((row) => ({ ...toPayment(row.payment, row.member), bank: toPaymentBank(row.bank) })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(paymentId: string): Promise<Payment> {
      const row = await findPayment(db, paymentId);
      if (!row) throw new AppError('NOT_FOUND');
      return toPayment(row);
    },

    /** One admin transition in one transaction on the locked row: of two admins at once, exactly one succeeds. */
    async review(paymentId: string, action: AdminPaymentAction, actor: Actor, reason?: string): Promise<Payment> {
      const text = action === 'reject' || action === 'unpaid' ? requireReason(reason) : null;
      return db.transaction(async (tx) => {
        const current = await lockPayment(tx, paymentId);
        if (!current) throw new AppError('NOT_FOUND');
        const updated = await applyTransition(tx, current, { action, by: 'admin', actor, reason: text, at: clock.now() });
        return toPayment(updated);
      });
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
