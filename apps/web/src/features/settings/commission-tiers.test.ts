import { DEFAULT_COMMISSION_TIERS, findCommissionTierProblem } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { addTierRow, findTierRowProblem, removeTierRow, rowsToTiers, tiersToRows, type TierRow } from './commission-tiers.ts';

const row = (fromDiamonds: number | '', toDiamonds: number | '', ratePercent: number | ''): TierRow => ({ key: `${fromDiamonds}`, fromDiamonds, toDiamonds, ratePercent });

describe('commission tier rows (mirror of findCommissionTierProblem)', () => {
  it('turns the default tiers into rows and back unchanged', () => {
    const rows = tiersToRows(DEFAULT_COMMISSION_TIERS);
    expect(rows.map((item) => item.ratePercent)).toEqual([1, 2, 3]);
    expect(findTierRowProblem(rows)).toBeNull();
    expect(rowsToTiers(rows)).toEqual(DEFAULT_COMMISSION_TIERS);
  });

  it.each([
    ['no rows', [], { key: 'none' }],
    ['a first tier above 0', [row(10, '', 1)], { key: 'firstStartsAtZero', row: 1 }],
    ['a gap', [row(0, 100, 1), row(102, '', 2)], { key: 'mustFollow', row: 2, values: { row: 2, previous: 1, count: 101 } }],
    ['an overlap', [row(0, 100, 1), row(50, '', 2)], { key: 'mustFollow', row: 2, values: { row: 2, previous: 1, count: 101 } }],
    ['an open middle tier', [row(0, '', 1), row(101, '', 2)], { key: 'onlyLastOpen', row: 1, values: { row: 1 } }],
    ['a tier ending before it starts', [row(0, 100, 1), row(101, 50, 2), row(51, '', 3)], { key: 'endsBeforeStart', row: 2, values: { row: 2 } }],
    ['a rate above 100 %', [row(0, '', 100.5)], { key: 'rateRange', row: 1, values: { row: 1 } }],
    ['an empty rate', [row(0, '', '')], { key: 'missing', row: 1, values: { row: 1 } }],
  ] as const)('refuses %s, as the server does', (_label, rows, problem) => {
    expect(findTierRowProblem(rows as unknown as TierRow[])).toEqual(problem);
    expect(rowsToTiers(rows as unknown as TierRow[])).toBeNull();
  });

  it('sends rates as basis points and the last tier open-ended; the server accepts them', () => {
    const tiers = rowsToTiers([row(0, 999_999, 1.25), row(1_000_000, '', 2.5)]);
    expect(tiers).toEqual([
      { fromDiamonds: 0, toDiamonds: 999_999, rateBps: 125 },
      { fromDiamonds: 1_000_000, toDiamonds: null, rateBps: 250 },
    ]);
    expect(findCommissionTierProblem(tiers!)).toBeNull();
  });

  it('adding a row closes the last tier and starts the new one right after; removing reopens the last', () => {
    const added = addTierRow(tiersToRows(DEFAULT_COMMISSION_TIERS));
    expect(added.slice(2).map(({ fromDiamonds, toDiamonds }) => ({ fromDiamonds, toDiamonds }))).toEqual([
      { fromDiamonds: 5_000_001, toDiamonds: 6_000_000 },
      { fromDiamonds: 6_000_001, toDiamonds: '' },
    ]);
    const removed = removeTierRow(added, added[3]!.key);
    expect(removed).toHaveLength(3);
    expect(removed[2]!.toDiamonds).toBe('');
    expect(findTierRowProblem(removed)).toBeNull();
  });
});
