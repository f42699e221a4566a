import { describe, expect, it } from 'vitest';
import { forecastCreator, forecastMember, paceFell, wentDark, type MonthSnapshot } from './forecast.ts';
import { DEFAULT_COMMISSION_TIERS, DEFAULT_DIAMOND_VALUE_MICROS } from './schemas/commission.ts';

const LONG_AGO = new Date('2025-01-01T00:00:00Z');
const H = 3600;
const snap = (asOf: string, diamonds: number, validDays: number, liveSeconds: number): MonthSnapshot => ({ asOf, diamonds, validDays, liveSeconds });

describe('forecastCreator: the last 7 days pace, projected month-end figures and the gaps', () => {
  it('on pace: 7 days apart, projections rounded down, valid days and LIVE capped by the days left', () => {
    const forecast = forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-11-17', 170_000, 9, 15 * H), snap('2026-11-10', 100_000, 5, 8 * H)] });
    expect(forecast).toMatchObject({ asOf: '2026-11-17', daysInMonth: 30, daysLeft: 13, method: 'last7Days', state: 'onPace' });
    // 170,000 + 70,000 x 13 / 7; 9 + 4 x 13 / 7 = 16.4 -> 16; 15 h + 7 h x 13 / 7 = 28 h.
    expect(forecast.projected).toEqual({ diamonds: 300_000, validDays: 16, liveSeconds: 28 * H });
    expect(forecast.requirements).toEqual([
      { rule: 'monthDays', needed: 12, have: 9, gap: 3, daysLeft: 13, projected: 16, state: 'onPace' },
      { rule: 'monthHours', needed: 25 * H, have: 15 * H, gap: 10 * H, daysLeft: 13, projected: 28 * H, state: 'onPace' },
    ]);
  });

  it('at risk: LIVE time grows slower than the 25 hours need', () => {
    const forecast = forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-11-10', 50_000, 6, 10 * H), snap('2026-11-17', 90_000, 10, 12 * H)] });
    // 12 h + 2 h x 13 / 7 = 43,200 + 13,371 (13,371.43 rounded down).
    expect(forecast.requirements[1]).toEqual({ rule: 'monthHours', needed: 25 * H, have: 12 * H, gap: 13 * H, daysLeft: 13, projected: 56_571, state: 'atRisk' });
    expect(forecast.state).toBe('atRisk');
  });

  it.each([
    ['February of a common year', '2026-02', '2026-02-20', 28, 8],
    ['February of a leap year', '2028-02', '2028-02-20', 29, 9],
    ['a 30-day month', '2026-04', '2026-04-20', 30, 10],
    ['a 31-day month', '2026-01', '2026-01-20', 31, 11],
    ['the last day of a 31-day month', '2026-12', '2026-12-31', 31, 0],
  ])('%s: the days left from the month end', (_name, period, asOf, days, left) => {
    const forecast = forecastCreator({ period, joinedAt: LONG_AGO, snapshots: [snap(asOf, 10, 11, 30 * H)] });
    expect(forecast.daysInMonth).toBe(days);
    expect(forecast.daysLeft).toBe(left);
    expect(forecast.requirements[0]!.daysLeft).toBe(left);
    // 11 valid days and one more needed: out of reach only when no day is left.
    expect(forecast.requirements[0]!.state).toBe(left === 0 ? 'outOfReach' : 'noPace');
  });

  it('out of reach: more valid days missing than days left, known even from one snapshot', () => {
    const forecast = forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-11-25', 40_000, 3, 30 * H)] });
    expect(forecast.requirements[0]).toMatchObject({ rule: 'monthDays', gap: 9, daysLeft: 5, state: 'outOfReach' });
    expect(forecast.requirements[1]!.state).toBe('met');
    expect(forecast.state).toBe('outOfReach');
  });

  it('a single snapshot: no pace yet, nothing projected, the state says so', () => {
    const forecast = forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-11-10', 60_000, 5, 9 * H)] });
    expect(forecast).toMatchObject({ method: 'none', projected: null, state: 'noPace' });
    expect(forecast.requirements.map((requirement) => [requirement.projected, requirement.state])).toEqual([
      [null, 'noPace'],
      [null, 'noPace'],
    ]);
    // Met is a fact, not a guess: one snapshot is enough.
    expect(forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-11-20', 1, 12, 25 * H)] }).state).toBe('met');
  });

  it('joined mid-month: the first 7 days rule with its own days left, then the month', () => {
    const joinedAt = new Date('2026-11-12T09:00:00Z');
    const forecast = forecastCreator({ period: '2026-11', joinedAt, snapshots: [snap('2026-11-13', 2_000, 1, 2 * H), snap('2026-11-15', 5_000, 2, 4 * H)] });
    // Day 1 is the 12th, so the first week ends on the 18th: 3 days left after the 15th.
    expect(forecast.requirements[0]).toEqual({ rule: 'firstWeekDays', needed: 3, have: 2, gap: 1, daysLeft: 3, projected: 3, state: 'onPace' });
    // 2 + 1 x 15 / 2 = 9 valid days projected of 12.
    expect(forecast.requirements[1]).toMatchObject({ rule: 'monthDays', daysLeft: 15, projected: 9, state: 'atRisk' });
    expect(forecast.state).toBe('atRisk');
  });

  it('no snapshot in the last 7 days but an older one: the month-to-date average since joining', () => {
    const joinedAt = new Date('2026-11-02T10:00:00Z');
    const forecast = forecastCreator({ period: '2026-11', joinedAt, snapshots: [snap('2026-11-03', 1_000, 1, 2 * H), snap('2026-11-20', 180_000, 10, 20 * H)] });
    expect(forecast.method).toBe('monthToDate');
    // 19 days counted (the 2nd to the 20th): 180,000 + 180,000 x 10 / 19; 10 + 10 x 10 / 19; 20 h + 20 h x 10 / 19.
    expect(forecast.projected).toEqual({ diamonds: 274_736, validDays: 15, liveSeconds: 109_894 });
    expect(forecast.requirements.map((requirement) => requirement.rule)).toEqual(['monthDays', 'monthHours']);
  });

  it('no LIVE at all: nothing grows, so the need is at risk while it can still be met', () => {
    const forecast = forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-11-05', 0, 0, 0), snap('2026-11-12', 0, 0, 0)] });
    expect(forecast.projected).toEqual({ diamonds: 0, validDays: 0, liveSeconds: 0 });
    expect(forecast.requirements[0]).toMatchObject({ gap: 12, daysLeft: 18, projected: 0, state: 'atRisk' });
    const late = forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-11-12', 0, 0, 0), snap('2026-11-20', 0, 0, 0)] });
    expect(late.state).toBe('outOfReach');
  });

  it('refuses a snapshot of another month and an empty list', () => {
    expect(() => forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [snap('2026-10-31', 1, 1, 1)] })).toThrow(RangeError);
    expect(() => forecastCreator({ period: '2026-11', joinedAt: LONG_AGO, snapshots: [] })).toThrow(RangeError);
  });
});

describe('wentDark and paceFell: the radar', () => {
  const period = '2026-11';
  it.each([
    ['the export says the last LIVE', [snap('2026-11-12', 0, 3, 5 * H)], new Date('2026-11-08T20:00:00Z'), 3, { daysDark: 4, lastLiveDay: '2026-11-08' }],
    ['not long enough for the threshold', [snap('2026-11-12', 0, 3, 5 * H)], new Date('2026-11-08T20:00:00Z'), 5, null],
    ['the last snapshot whose LIVE time grew', [snap('2026-11-05', 0, 1, H), snap('2026-11-08', 0, 2, 2 * H), snap('2026-11-12', 0, 2, 2 * H)], null, 3, { daysDark: 4, lastLiveDay: '2026-11-08' }],
    ['no LIVE at all this month: since the month began', [snap('2026-11-05', 0, 0, 0), snap('2026-11-12', 0, 0, 0)], null, 3, { daysDark: 12, lastLiveDay: null }],
    ['one snapshot with LIVE and no date: cannot tell', [snap('2026-11-12', 0, 2, 3 * H)], null, 3, null],
    ['LIVE on the latest day', [snap('2026-11-11', 0, 2, 3 * H), snap('2026-11-12', 0, 3, 5 * H)], null, 3, null],
  ])('%s', (_name, snapshots, lastLiveAt, minDays, expected) => {
    expect(wentDark({ period, joinedAt: LONG_AGO, snapshots, lastLiveAt, minDays })).toEqual(expected);
  });

  it('a creator who joined this month and never went LIVE counts from the joining day', () => {
    expect(wentDark({ period, joinedAt: new Date('2026-11-09T12:00:00Z'), snapshots: [snap('2026-11-10', 0, 0, 0), snap('2026-11-12', 0, 0, 0)], lastLiveAt: null })).toEqual({ daysDark: 4, lastLiveDay: null });
  });

  it('pace fell by half: the last 7 days against the 7 before', () => {
    const base = [snap('2026-11-01', 0, 0, 0), snap('2026-11-08', 0, 5, 10 * H)];
    expect(paceFell([...base, snap('2026-11-15', 0, 7, 15 * H)], period)).toEqual({ lastWeekSeconds: 5 * H, weekBeforeSeconds: 10 * H });
    expect(paceFell([...base, snap('2026-11-15', 0, 8, 16 * H)], period)).toBeNull();
    // Not two weeks of snapshots yet, or no LIVE in the earlier week: nothing to compare.
    expect(paceFell(base, period)).toBeNull();
    expect(paceFell([snap('2026-11-01', 0, 0, 0), snap('2026-11-08', 0, 0, 0), snap('2026-11-15', 0, 0, 0)], period)).toBeNull();
  });
});

describe('forecastMember: projected tier and commission to the cent', () => {
  const base = { tiers: DEFAULT_COMMISSION_TIERS, diamondValueMicros: DEFAULT_DIAMOND_VALUE_MICROS, personalRateBps: null };
  it('sums the projections (today figures where there is no pace yet) and names the next tier', () => {
    const forecast = forecastMember({ ...base, creators: [{ diamonds: 1_000_000, projectedDiamonds: 1_800_000 }, { diamonds: 500_000, projectedDiamonds: null }] });
    // 2,300,000 diamonds x $0.005 x 1 % = $115.00; 3,000,000 x $0.005 x 2 % = $300.00.
    expect(forecast).toEqual({ projectedDiamonds: 2_300_000, complete: false, rateBps: 100, projectedCommissionCents: 11_500, nextTier: { rateBps: 200, diamondsNeeded: 700_000, commissionCents: 30_000 } });
  });

  it('a personal rate has no next tier; the top tier neither', () => {
    expect(forecastMember({ ...base, personalRateBps: 150, creators: [{ diamonds: 0, projectedDiamonds: 2_300_000 }] })).toEqual({ projectedDiamonds: 2_300_000, complete: true, rateBps: 150, projectedCommissionCents: 17_250, nextTier: null });
    expect(forecastMember({ ...base, creators: [{ diamonds: 0, projectedDiamonds: 6_000_000 }] })).toMatchObject({ rateBps: 300, projectedCommissionCents: 90_000, nextTier: null });
    expect(forecastMember({ ...base, creators: [] })).toMatchObject({ projectedDiamonds: 0, complete: true, projectedCommissionCents: 0, nextTier: { diamondsNeeded: 3_000_000 } });
  });
});
