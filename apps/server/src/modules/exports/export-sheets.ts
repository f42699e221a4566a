import type { Executor } from '../../db/client.ts';
import {
  readCreatorMonthsForExport,
  readCreatorsForExport,
  readDeductionsForExport,
  readMembersForExport,
  readPaymentsForExport,
} from './exports.repository.ts';
import type { ExportCell, ExportSheet } from './workbook.ts';

/** Times are written as UTC ISO text: unambiguous in every spreadsheet and locale. */
const time = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Cents as dollars with two decimals, beside the exact cents column. */
const dollars = (cents: number | null): number | null => (cents === null ? null : Math.round(cents) / 100);

async function* mapRows<Row>(rows: AsyncIterable<Row>, toCells: (row: Row) => readonly ExportCell[]) {
  for await (const row of rows) yield toCells(row);
}

/**
 * A deduction has no status column: it is `Deleted` once deleted, `Consumed` while a payment holds
 * it (a rejected or unpaid payment releases it), otherwise `Open`.
 */
const deductionStatus = (row: { deletedAt: Date | null; paymentId: string | null }): 'Deleted' | 'Consumed' | 'Open' =>
  row.deletedAt ? 'Deleted' : row.paymentId ? 'Consumed' : 'Open';

/** The sheets of `GET /api/admin/export.xlsx`, in this order (docs/product.md §15). */
export function exportSheets(db: Executor): ExportSheet[] {
  return [
    {
      name: 'members',
      headers: [
        'id', 'firstName', 'lastName', 'phone', 'email', 'role', 'status', 'locale', 'referralCode', 'referredBy',
        'commissionRateBps', 'invoicePreference', 'joinedAt', 'createdAt', 'updatedAt', 'bankHolderName',
        'bankIdentityNumber', 'bankName', 'bankIban', 'bankStatus', 'bankVerifiedAt',
      ],
      rows: () =>
        mapRows(readMembersForExport(db), (row) => [
          row.id, row.firstName, row.lastName, row.phone, row.email, row.role, row.status, row.locale, row.referralCode,
          row.referredBy, row.commissionRateBps, row.invoicePreference, time(row.joinedAt), time(row.createdAt),
          time(row.updatedAt), row.bankHolderName, row.bankIdentityNumber, row.bankName, row.bankIban,
          row.bankVerifiedAt ? 'Verified' : 'Not Verified', time(row.bankVerifiedAt),
        ]),
    },
    {
      name: 'creators',
      headers: [
        'id', 'tiktokUsername', 'name', 'phone', 'status', 'reason', 'ownerId', 'affiliateId', 'agencyCenterCode',
        'joinedAt', 'createdAt', 'updatedAt',
      ],
      rows: () =>
        mapRows(readCreatorsForExport(db), (row) => [
          row.id, row.tiktokUsername, row.name, row.phone, row.status, row.reason, row.ownerId, row.affiliateId,
          row.agencyCenterCode, time(row.joinedAt), time(row.createdAt), time(row.updatedAt),
        ]),
    },
    {
      name: 'monthly figures',
      headers: ['creatorId', 'tiktokUsername', 'period', 'diamonds', 'validDays', 'liveSeconds', 'matches', 'lastLiveAt', 'updatedAt'],
      rows: () =>
        mapRows(readCreatorMonthsForExport(db), (row) => [
          row.creatorId, row.tiktokUsername, row.period, row.diamonds, row.validDays, row.liveSeconds, row.matches,
          time(row.lastLiveAt), time(row.updatedAt),
        ]),
    },
    {
      name: 'payments',
      // `periods`: the months whose earnings the payment covers; `runPeriod`: the automatic run's month.
      headers: [
        'id', 'memberId', 'kind', 'status', 'amountCents', 'amountDollars', 'grossCents', 'grossDollars', 'deductionsCents',
        'deductionsDollars', 'periods', 'runPeriod', 'notes', 'reason', 'invoicePreference', 'invoiceNumber', 'decidedBy',
        'createdAt', 'updatedAt', 'paidAt',
      ],
      rows: () =>
        mapRows(readPaymentsForExport(db), (row) => [
          row.id, row.memberId, row.kind, row.status, row.amountCents, dollars(row.amountCents), row.grossCents,
          dollars(row.grossCents), row.deductionsCents, dollars(row.deductionsCents), row.periods.join(', '), row.runPeriod,
          row.notes, row.reason, row.invoicePreference, row.invoiceNumber, row.decidedBy, time(row.createdAt),
          time(row.updatedAt), time(row.paidAt),
        ]),
    },
    {
      name: 'deductions',
      headers: [
        'id', 'memberId', 'amountCents', 'amountDollars', 'reason', 'status', 'createdBy', 'createdAt', 'paymentId', 'deletedAt',
        'deletedBy',
      ],
      rows: () =>
        mapRows(readDeductionsForExport(db), (row) => [
          row.id, row.memberId, row.amountCents, dollars(row.amountCents), row.reason, deductionStatus(row), row.createdBy,
          time(row.createdAt), row.paymentId, time(row.deletedAt), row.deletedBy,
        ]),
    },
  ];
}
