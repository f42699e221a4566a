import { describe, expect, it } from 'vitest';
import { coveredPeriods } from './ledger.rules.ts';
import { periodInZone } from './payout-period.ts';

describe('ledger rules', () => {
  const months = [
    { period: '2026-01', cents: 3000 },
    { period: '2026-02', cents: 3500 },
    { period: '2026-03', cents: 0 },
    { period: '2026-04', cents: 2000 },
  ];
  it.each([
    [0, 6500, ['2026-01', '2026-02']],
    [0, 3000, ['2026-01']],
    [3000, 100, ['2026-02']],
    [2999, 2, ['2026-01', '2026-02']],
    [6500, 2000, ['2026-04']],
    [8500, 100, []],
  ])('covered before %i, gross %i -> %j', (before, gross, expected) => {
    expect(coveredPeriods(months, before, gross)).toEqual(expected);
  });

  it('the month of a moment in the payout time zone (null = UTC)', () => {
    const moment = new Date('2026-02-28T22:30:00Z');
    expect(periodInZone(moment, null)).toBe('2026-02');
    expect(periodInZone(moment, 'Europe/Istanbul')).toBe('2026-03');
    expect(periodInZone(moment, 'America/New_York')).toBe('2026-02');
  });
});
