import { findCommissionTierProblem, type CommissionTier } from '@agency/shared';

/** One editable row of the commission page: numbers as typed ('' while empty), the rate in percent. */
export interface TierRow {
  key: string;
  fromDiamonds: number | '';
  toDiamonds: number | '';
  ratePercent: number | '';
}

/** A problem as a `settings:commission.problems.*` key with its values. */
export interface TierProblem {
  key: 'none' | 'missing' | 'firstStartsAtZero' | 'mustFollow' | 'onlyLastOpen' | 'endsBeforeStart' | 'rateRange';
  values?: Record<string, number>;
  /** 1-based row the problem is about (for the input's error state). */
  row?: number;
}

let nextKey = 0;
function newRowKey(): string {
  nextKey += 1;
  return `tier-${nextKey}`;
}

export function tiersToRows(tiers: readonly CommissionTier[]): TierRow[] {
  return tiers.map((tier) => ({
    key: newRowKey(),
    fromDiamonds: tier.fromDiamonds,
    toDiamonds: tier.toDiamonds ?? '',
    ratePercent: tier.rateBps / 100,
  }));
}

/** Percent with up to two decimals as basis points (2.5 % -> 250). */
function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * The same rules as the server's findCommissionTierProblem (the first tier starts at 0, each next
 * one right after the previous, only the last is open-ended, rates 0..100 %), said per row so the
 * page can point at the input. The last row's upper bound is always open.
 */
export function findTierRowProblem(rows: readonly TierRow[]): TierProblem | null {
  if (rows.length === 0) return { key: 'none' };
  for (const [index, row] of rows.entries()) {
    const number = index + 1;
    const isLast = index === rows.length - 1;
    if (row.fromDiamonds === '' || row.ratePercent === '') return { key: 'missing', row: number, values: { row: number } };
    if (!isLast && row.toDiamonds === '') return { key: 'onlyLastOpen', row: number, values: { row: number } };
    if (index === 0 && row.fromDiamonds !== 0) return { key: 'firstStartsAtZero', row: 1 };
    const previous = rows[index - 1];
    if (previous && previous.toDiamonds !== '' && row.fromDiamonds !== previous.toDiamonds + 1) {
      return { key: 'mustFollow', row: number, values: { row: number, previous: number - 1, count: previous.toDiamonds + 1 } };
    }
    if (!isLast && row.toDiamonds !== '' && row.toDiamonds < row.fromDiamonds) return { key: 'endsBeforeStart', row: number, values: { row: number } };
    if (row.ratePercent < 0 || row.ratePercent > 100) return { key: 'rateRange', row: number, values: { row: number } };
  }
  return null;
}

/** The rows as the API's tiers, or null while a row has a problem. */
export function rowsToTiers(rows: readonly TierRow[]): CommissionTier[] | null {
  if (findTierRowProblem(rows)) return null;
  const tiers = rows.map((row, index) => ({
    fromDiamonds: row.fromDiamonds as number,
    toDiamonds: index === rows.length - 1 || row.toDiamonds === '' ? null : row.toDiamonds,
    rateBps: percentToBps(row.ratePercent as number),
  }));
  return findCommissionTierProblem(tiers) ? null : tiers;
}

/** A new last row: starts right after the current last one, which gets an upper bound. */
export function addTierRow(rows: readonly TierRow[]): TierRow[] {
  const last = rows.at(-1);
  if (!last) return [{ key: newRowKey(), fromDiamonds: 0, toDiamonds: '', ratePercent: '' }];
  const lastFrom = last.fromDiamonds === '' ? 0 : last.fromDiamonds;
  const lastTo = last.toDiamonds === '' ? lastFrom + 999_999 : last.toDiamonds;
  return [
    ...rows.slice(0, -1),
    { ...last, toDiamonds: lastTo },
    { key: newRowKey(), fromDiamonds: lastTo + 1, toDiamonds: '', ratePercent: '' },
  ];
}

/** Removes a row; the new last row becomes open-ended. */
export function removeTierRow(rows: readonly TierRow[], key: string): TierRow[] {
  const kept = rows.filter((row) => row.key !== key);
  return kept.map((row, index) => (index === kept.length - 1 ? { ...row, toDiamonds: '' } : row));
}
