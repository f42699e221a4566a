import {
  canTransition,
  nextPaymentStatus,
  type Payment,
  type PaymentAction,
  type PaymentBank,
  type PaymentActor,
  type PaymentKind,
  type PaymentStatus,
} from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomUUID } from 'node:crypto';
import { recordActivities, recordActivity } from '../activity/index.ts';
import {
  attachDeductions,
  attachDeductionsMany,
  deductionsTakenBy,
  deductionsTakenByMany,
  lockOpenDeductions,
  lockOpenDeductionsMany,
  paymentFigures,
  releaseDeductions,
  releasesDeductions,
} from '../deductions/index.ts';
import { assignInvoiceNumber } from '../invoices/index.ts';
import { paymentStatusNotification } from '../notifications/index.ts';
import { notifySystem, notifySystemEach, readUserLocales } from '../notifications/index.ts';
import { coveredPeriods, insertLedgerEntries, listPostedEarnings, REVERSED_PAYMENT_STATUSES, sumCoveredGross, type PostedLedger } from '../ledger/index.ts';
import {
  insertAutomaticPayments,
  isBankVerified,
  insertPayment,
  readPaymentContext,
  updatePayment,
  type MemberRef,
  type NewAutomaticPayment,
  type PaymentBankRef,
} from './payments.repository.ts';
import type { PaymentRow } from '../../db/tables/payments.table.ts';
import type { Actor } from '../../lib/actor.ts';

/** The transactional building blocks shared by requests, the automatic run, reviews and bank verification. */


function memberOf(member: MemberRef | null | undefined) {
  return member ? { member: { uid: member.id, firstName: member.firstName, lastName: member.lastName } } : {};
}

export function toPayment(row: PaymentRow, member?: MemberRef | null): Payment {
  return {
    id: row.id,
    memberId: row.memberId,
    ...memberOf(member),
    amountCents: row.amountCents,
    grossCents: row.grossCents,
    deductionsCents: row.deductionsCents,
    periods: row.periods,
    status: row.status,
    kind: row.kind,
    runPeriod: row.runPeriod,
    notes: row.notes,
    reason: row.reason,
    invoicePreference: row.invoicePreference,
    invoiceNumber: row.invoiceNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

export function toPaymentBank(bank: PaymentBankRef | null): PaymentBank | null {
  if (!bank) return null;
  return { holderName: bank.holderName, bankName: bank.bankName, iban: bank.iban, bankStatus: bank.verifiedAt ? 'Verified' : 'Not Verified' };
}

/**
 * The system notification a member gets when one of their payments is created or changes status,
 * in the member's language (the web app translates its template; the stored text is the fallback).
 */
async function notifyPaymentStatus(db: Executor, payment: PaymentRow, at: Date): Promise<void> {
  const locales = await readUserLocales(db, [payment.memberId]);
  await notifySystem(db, [payment.memberId], paymentStatusNotification(payment, locales.get(payment.memberId)), at);
}

export interface NewPayment {
  memberId: string;
  kind: PaymentKind;
  /** Net: what is transferred. */
  amountCents: number;
  runPeriod?: string;
  /** The automatic run writing it. */
  payoutRunId?: string | null;
  notes?: string | null;
  actor: Actor;
  at: Date;
}

/**
 * Creates a payment that consumes every open deduction (gross = net + deductions), with its
 * ledger entry, activity entry and, for the automatic run, the member's notification. Call under
 * `lockMemberLedger` after `postEndedMonths`, once the caller checked the amount against the
 * available balance.
 */
export async function createPaymentRecord(db: Executor, input: NewPayment): Promise<PaymentRow> {
  const open = await lockOpenDeductions(db, input.memberId);
  const { deductionsCents, grossCents } = paymentFigures(input.amountCents, open);
  // One after the other: `db` is a transaction here, and one connection runs one query at a time
  // (node-postgres deprecates queueing them concurrently).
  const months = await listPostedEarnings(db, input.memberId);
  const coveredBefore = await sumCoveredGross(db, input.memberId);
  const verified = await isBankVerified(db, input.memberId);
  const status: PaymentStatus = !verified ? 'Pending Registration' : input.kind === 'automatic' ? 'Waiting Approval' : 'Pending';
  const payment = await insertPayment(db, {
    memberId: input.memberId,
    amountCents: input.amountCents,
    grossCents,
    deductionsCents,
    periods: coveredPeriods(months, coveredBefore, grossCents),
    status,
    kind: input.kind,
    runPeriod: input.runPeriod ?? null,
    payoutRunId: input.payoutRunId ?? null,
    notes: input.notes ?? null,
    createdAt: input.at,
    updatedAt: input.at,
  });
  await attachDeductions(db, deductionsTakenBy(payment.id, open));
  await insertLedgerEntries(db, [
    { memberId: input.memberId, kind: 'payment', amountCents: -input.amountCents, paymentId: payment.id, createdBy: input.actor.id, at: input.at },
  ]);
  await recordActivity(db, {
    actorId: input.actor.id,
    action: input.kind === 'automatic' ? 'payment.automatic' : 'payment.request',
    entityType: 'payment',
    entityId: payment.id,
    after: { memberId: input.memberId, status, amountCents: input.amountCents, grossCents, deductionsCents, periods: payment.periods },
    ip: input.actor.ip ?? null,
    at: input.at,
  });
  if (input.kind === 'automatic') await notifyPaymentStatus(db, payment, input.at);
  return payment;
}

/** What the automatic run created for one member. */
export type AutomaticPaymentRecord = NewAutomaticPayment;

/**
 * `createPaymentRecord` of kind `automatic` for many members at once: the same rows (payment,
 * consumed deductions, ledger entry, activity entry, notification) in a few multi-row statements.
 * Call under `lockMemberLedgers` with each member's ledger after `postEndedMonthsMany`, once the
 * caller checked each amount against that balance (each member at most once).
 */
export async function createAutomaticPaymentRecords(
  db: Executor,
  items: readonly { memberId: string; amountCents: number; ledger: PostedLedger }[],
  input: { runPeriod: string; payoutRunId: string | null; actor: Actor; at: Date },
): Promise<AutomaticPaymentRecord[]> {
  if (items.length === 0) return [];
  const memberIds = items.map((item) => item.memberId);
  const open = await lockOpenDeductionsMany(db, memberIds);
  const context = await readPaymentContext(db, memberIds, REVERSED_PAYMENT_STATUSES);
  const rows: AutomaticPaymentRecord[] = items.map((item) => {
    const { deductionsCents, grossCents } = paymentFigures(item.amountCents, open.get(item.memberId) ?? []);
    const member = context.get(item.memberId);
    return {
      id: randomUUID(),
      memberId: item.memberId,
      amountCents: item.amountCents,
      grossCents,
      deductionsCents,
      periods: coveredPeriods(item.ledger.months, member?.coveredCents ?? 0, grossCents),
      status: member?.bankVerified ? 'Waiting Approval' : 'Pending Registration',
      runPeriod: input.runPeriod,
      payoutRunId: input.payoutRunId,
      at: input.at,
    };
  });
  await insertAutomaticPayments(db, rows);
  await attachDeductionsMany(db, deductionsTakenByMany(rows, open));
  await insertLedgerEntries(
    db,
    rows.map((payment) => ({ memberId: payment.memberId, kind: 'payment', amountCents: -payment.amountCents, paymentId: payment.id, createdBy: input.actor.id, at: input.at })),
  );
  await recordActivities(
    db,
    rows.map((payment) => ({
      actorId: input.actor.id,
      action: 'payment.automatic',
      entityType: 'payment',
      entityId: payment.id,
      after: { memberId: payment.memberId, status: payment.status, amountCents: payment.amountCents, grossCents: payment.grossCents, deductionsCents: payment.deductionsCents, periods: payment.periods },
      ip: input.actor.ip ?? null,
      at: input.at,
    })),
  );
  const locales = await readUserLocales(db, memberIds);
  await notifySystemEach(
    db,
    rows.map((payment) => ({ userId: payment.memberId, notification: paymentStatusNotification(payment, locales.get(payment.memberId)) })),
    input.at,
  );
  return rows;
}

export interface TransitionInput {
  action: PaymentAction;
  by: PaymentActor;
  actor: Actor;
  reason?: string | null;
  at: Date;
}

/**
 * Applies one transition to a payment row the caller locked (`lockPayment`): exactly
 * PAYMENT_TRANSITIONS, else 409 and nothing written. A payment that becomes Rejected or Unpaid
 * gives its net back to the ledger and its deductions back to the member.
 */
export async function applyTransition(db: Executor, current: PaymentRow, input: TransitionInput): Promise<PaymentRow> {
  if (!canTransition(current.status, input.action, input.by)) {
    throw new AppError('PAYMENT_ILLEGAL_TRANSITION', {
      details: [{ message: `${input.by} cannot ${input.action} a payment in status ${current.status}` }],
    });
  }
  const status = nextPaymentStatus(input.action, current.kind);
  const changes: Partial<PaymentRow> = { status, updatedAt: input.at };
  if (input.reason !== undefined && input.reason !== null) changes.reason = input.reason;
  if (input.by !== 'system') changes.decidedBy = input.actor.id;
  if (status === 'Paid') changes.paidAt = input.at;
  let updated = await updatePayment(db, current.id, changes);

  let releasedDeductions = 0;
  if (REVERSED_PAYMENT_STATUSES.includes(status)) {
    await insertLedgerEntries(db, [
      { memberId: current.memberId, kind: 'paymentReversal', amountCents: current.amountCents, paymentId: current.id, createdBy: input.actor.id, at: input.at },
    ]);
  }
  if (releasesDeductions(status)) releasedDeductions = await releaseDeductions(db, current.id);
  await recordActivity(db, {
    actorId: input.actor.id,
    action: `payment.${input.action}`,
    entityType: 'payment',
    entityId: current.id,
    before: { status: current.status },
    after: { status, ...(changes.reason ? { reason: changes.reason } : {}), ...(releasedDeductions ? { releasedDeductions } : {}) },
    ip: input.actor.ip ?? null,
    at: input.at,
  });
  // The invoice number is given here, when the payment is approved (or paid, for one approved before
  // numbers followed approvals), never when an invoice is read (docs/decisions/007).
  if ((status === 'Approved' || status === 'Paid') && !updated.invoiceNumber) {
    updated = { ...updated, invoiceNumber: await assignInvoiceNumber(db, current.id, input.actor.id, input.at) };
  }
  await notifyPaymentStatus(db, updated, input.at);
  return updated;
}
