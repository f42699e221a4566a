import type { Executor } from '../../db/client.ts';
import { readCreatorMonthsForExport, readCreatorsForExport, readMembersForExport } from './exports.repository.ts';
import type { ExportCell, ExportSheet } from './workbook.ts';

/** Times are written as UTC ISO text: unambiguous in every spreadsheet and locale. */
const time = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** Cents as dollars with two decimals, beside the exact cents column. */
export const dollars = (cents: number | null): number | null => (cents === null ? null : Math.round(cents) / 100);

async function* mapRows<Row>(rows: AsyncIterable<Row>, toCells: (row: Row) => readonly ExportCell[]) {
  for await (const row of rows) yield toCells(row);
}

async function* noRows(): AsyncGenerator<readonly ExportCell[]> {}

/** The sheets of `GET /api/admin/export.xlsx`, in this order (PRODUCT section 2, Database download). */
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
    // The payments and deductions tables arrive with the Payments issue, which fills these two
    // sheets (money as `amountCents` plus `amountDollars` via `dollars()`); until then: headers only.
    {
      name: 'payments',
      headers: ['id', 'memberId', 'period', 'kind', 'status', 'amountCents', 'amountDollars', 'reason', 'createdAt', 'updatedAt', 'paidAt'],
      rows: noRows,
    },
    {
      name: 'deductions',
      headers: ['id', 'memberId', 'amountCents', 'amountDollars', 'reason', 'status', 'createdAt', 'paymentId'],
      rows: noRows,
    },
  ];
}
