import { describe, expect, it } from 'vitest';
import {
  achievedBps,
  bpsToPercent,
  commissionEarningsCents,
  commissionRateBps,
  periodRange,
  requirementProgress,
  shiftPeriod,
  tierRateBps,
} from './earnings.ts';
import { DEFAULT_COMMISSION_TIERS, DEFAULT_DIAMOND_VALUE_MICROS } from './schemas/commission.ts';
import type { PeriodChoice } from './schemas/earnings.ts';

const tiers = DEFAULT_COMMISSION_TIERS;
const value = DEFAULT_DIAMOND_VALUE_MICROS; // $0.005 a diamond

describe('periodRange', () => {
  const cases: Array<[PeriodChoice, string, string | null, string]> = [
    ['all', '2026-03', null, '2026-03'],
    ['thisMonth', '2026-03', '2026-03', '2026-03'],
    ['last3', '2026-03', '2026-01', '2026-03'],
    ['last3', '2026-01', '2025-11', '2026-01'],
    ['last6', '2026-03', '2025-10', '2026-03'],
    ['last6', '2026-12', '2026-07', '2026-12'],
    ['thisYear', '2026-03', '2026-01', '2026-03'],
    ['thisYear', '2026-01', '2026-01', '2026-01'],
    ['lastYear', '2026-03', '2025-01', '2025-12'],
    ['lastYear', '2026-12', '2025-01', '2025-12'],
  ];
  it.each(cases)('%s at %s is %s..%s', (choice, current, from, to) => {
    expect(periodRange(choice, current)).toEqual({ from, to });
  });

  it('shiftPeriod crosses years both ways', () => {
    expect(shiftPeriod('2026-01', 1)).toBe('2025-12');
    expect(shiftPeriod('2025-12', -1)).toBe('2026-01');
  });
});

describe('tierRateBps (default tiers)', () => {
  const cases: Array<[number, number]> = [
    [0, 100],
    [2_999_999, 100],
    [3_000_000, 200],
    [4_000_000, 200],
    [5_000_000, 200],
    [5_000_001, 300],
    [Number.MAX_SAFE_INTEGER, 300],
  ];
  it.each(cases)('%i diamonds -> %i bps', (diamonds, rate) => {
    expect(tierRateBps(tiers, diamonds)).toBe(rate);
  });

  it('is 0 when no tier matches', () => {
    expect(tierRateBps([{ fromDiamonds: 10, toDiamonds: null, rateBps: 500 }], 9)).toBe(0);
  });
});

describe('commissionRateBps', () => {
  it('uses the tiers without a personal rate', () => {
    expect(commissionRateBps({ tiers, diamonds: 4_000_000, personalRateBps: null })).toBe(200);
    expect(commissionRateBps({ tiers, diamonds: 4_000_000, personalRateBps: undefined })).toBe(200);
  });
  it('a personal rate overrides the tiers, 0 included', () => {
    expect(commissionRateBps({ tiers, diamonds: 4_000_000, personalRateBps: 450 })).toBe(450);
    expect(commissionRateBps({ tiers, diamonds: 10_000_000, personalRateBps: 0 })).toBe(0);
  });
});

describe('commissionEarningsCents', () => {
  const cases: Array<[string, number, number, number]> = [
    ['0 diamonds', 0, 100, 0],
    ['2,999,999 at 1% (149.99995 -> 15000)', 2_999_999, 100, 15_000],
    ['3,000,000 at 2%', 3_000_000, 200, 30_000],
    ['4,000,000 at 2% is exactly $400', 4_000_000, 200, 40_000],
    ['5,000,000 at 2%', 5_000_000, 200, 50_000],
    ['5,000,001 at 3% (75000.015 -> 75000)', 5_000_001, 300, 75_000],
    ['100 at 1% = 0.5 cent rounds to even 0', 100, 100, 0],
    ['300 at 1% = 1.5 cents rounds to even 2', 300, 100, 2],
    ['500 at 1% = 2.5 cents rounds to even 2', 500, 100, 2],
    ['700 at 1% = 3.5 cents rounds to even 4', 700, 100, 4],
    ['101 at 1% = 0.505 cents rounds up', 101, 100, 1],
    ['99 at 1% = 0.495 cents rounds down', 99, 100, 0],
    ['personal rate 0', 4_000_000, 0, 0],
    ['personal rate 4.5%', 4_000_000, 450, 90_000],
  ];
  it.each(cases)('%s', (_name, diamonds, rate, cents) => {
    expect(commissionEarningsCents(diamonds, value, rate)).toBe(cents);
  });

  it('is exact for huge numbers (no floating point)', () => {
    const diamonds = Number.MAX_SAFE_INTEGER;
    // 9007199254740991 x 5000 x 300 / 1e8 = 135107988821114.865 -> 135107988821115
    const exact = (BigInt(diamonds) * 5000n * 300n + 50_000_000n) / 100_000_000n;
    expect(commissionEarningsCents(diamonds, value, 300)).toBe(Number(exact));
    expect(commissionEarningsCents(9_000_000_000_000, value, 300)).toBe(135_000_000_000);
  });

  it('rejects negative or fractional input', () => {
    expect(() => commissionEarningsCents(-1, value, 100)).toThrow(RangeError);
    expect(() => commissionEarningsCents(1.5, value, 100)).toThrow(RangeError);
    expect(() => commissionEarningsCents(1, value, -1)).toThrow(RangeError);
  });
});

describe('achievedBps', () => {
  it('is the smaller of days and hours, capped at 10,000', () => {
    expect(achievedBps(0, 0)).toBe(0);
    expect(achievedBps(6, 100 * 3600)).toBe(5000);
    expect(achievedBps(12, 25 * 3600)).toBe(10_000);
    expect(achievedBps(30, 300 * 3600)).toBe(10_000);
    expect(achievedBps(31, 744 * 3600)).toBe(10_000);
  });
  it('bpsToPercent rounds down to one decimal', () => {
    expect(bpsToPercent(4166)).toBe(41.6);
    expect(bpsToPercent(10_000)).toBe(100);
  });
});

describe('requirementProgress', () => {
  const H = 3600;
  const monthJoined = new Date('2026-01-01T00:00:00Z');
  const weekJoined = new Date('2026-03-10T00:00:00Z');
  const cases: Array<{
    name: string;
    joinedAt: Date;
    asOf: string;
    validDays: number;
    liveSeconds: number;
    state: 'onTrack' | 'atRisk' | 'failing';
    rule: 'firstWeek' | 'month';
  }> = [
    { name: 'first week, rule met', joinedAt: weekJoined, asOf: '2026-03-12T23:59:59Z', validDays: 3, liveSeconds: 4 * H, state: 'onTrack', rule: 'firstWeek' },
    { name: 'first week, on pace', joinedAt: weekJoined, asOf: '2026-03-12T23:59:59Z', validDays: 2, liveSeconds: 3 * H, state: 'onTrack', rule: 'firstWeek' },
    { name: 'first week, behind pace', joinedAt: weekJoined, asOf: '2026-03-12T23:59:59Z', validDays: 1, liveSeconds: 2 * H, state: 'atRisk', rule: 'firstWeek' },
    { name: 'first week, cannot make it', joinedAt: weekJoined, asOf: '2026-03-15T23:59:59Z', validDays: 1, liveSeconds: 2 * H, state: 'failing', rule: 'firstWeek' },
    { name: 'month, on pace', joinedAt: monthJoined, asOf: '2026-03-15T23:59:59Z', validDays: 6, liveSeconds: 13 * H, state: 'onTrack', rule: 'month' },
    { name: 'month, behind pace', joinedAt: monthJoined, asOf: '2026-03-15T23:59:59Z', validDays: 5, liveSeconds: 12 * H, state: 'atRisk', rule: 'month' },
    { name: 'month, too few days left', joinedAt: monthJoined, asOf: '2026-03-28T23:59:59Z', validDays: 5, liveSeconds: 20 * H, state: 'failing', rule: 'month' },
    { name: 'ended month, met', joinedAt: monthJoined, asOf: '2026-04-01T00:00:00Z', validDays: 12, liveSeconds: 25 * H, state: 'onTrack', rule: 'month' },
    { name: 'ended month, not met', joinedAt: monthJoined, asOf: '2026-04-01T00:00:00Z', validDays: 11, liveSeconds: 40 * H, state: 'failing', rule: 'month' },
    { name: 'ended month, hours short', joinedAt: monthJoined, asOf: '2026-04-01T00:00:00Z', validDays: 20, liveSeconds: 24 * H, state: 'failing', rule: 'month' },
  ];
  it.each(cases)('$name -> $state', ({ joinedAt, asOf, validDays, liveSeconds, state, rule }) => {
    const progress = requirementProgress({ joinedAt, asOf: new Date(asOf), validDays, liveSeconds, period: '2026-03' });
    expect(progress.state).toBe(state);
    expect(progress.rule).toBe(rule);
    expect(progress.achievedBps).toBe(achievedBps(validDays, liveSeconds));
  });

  it('achieved caps at 10,000 when well over the rule', () => {
    const progress = requirementProgress({
      joinedAt: monthJoined,
      asOf: new Date('2026-03-31T23:59:59Z'),
      validDays: 31,
      liveSeconds: 200 * H,
      period: '2026-03',
    });
    expect(progress).toEqual({ achievedBps: 10_000, state: 'onTrack', rule: 'month' });
  });
});
