import { describe, expect, it } from 'vitest';
import type { Payment } from '@agency/shared';
import { aCreator, aFinance, aFinanceMonth, anEarnings, anEarningsMonth, aPage, aPayment, aSummary } from './fixtures.ts';

describe('typed web fixtures', () => {
  it('build values the shared contract accepts, with the overrides', () => {
    const payment = aPayment({ status: 'Approved', amountCents: 7_550 });
    expect(payment).toMatchObject({ status: 'Approved', amountCents: 7_550, kind: 'request', invoicePreference: 'default' });
    expect(aSummary().onTheWay).toEqual([]);
    expect(aCreator({ affiliate: { uid: 'm1', firstName: 'Ada', lastName: 'Kaya' } }).affiliateId).toBe('m1');
    expect(aPage([payment], { total: 41 })).toEqual({ items: [payment], total: 41, page: 1, pageSize: 20 });
  });

  it('add up the totals of the months unless they are given', () => {
    const months = [anEarningsMonth({ period: '2026-01', diamonds: 10, earningsCents: 100, validDays: 2, liveSeconds: 60 }), anEarningsMonth({ period: '2026-02', diamonds: 5, earningsCents: 50, validDays: 1, liveSeconds: 30 })];
    expect(anEarnings({ months }).totals).toEqual({ diamonds: 15, earningsCents: 150, validDays: 3, liveSeconds: 90 });
    const history = [aFinanceMonth({ period: '2026-01', diamonds: 7, diamondsRevenueCents: 70, earningsCents: 7 })];
    expect(aFinance({ history })).toMatchObject({ diamonds: 7, diamondsRevenueCents: 70, earningsCents: 7 });
    expect(aFinance({ history, diamonds: 1 }).diamonds).toBe(1);
  });

  it('refuse a value the contract refuses: a drifted fixture fails its test', () => {
    // A status the server does not know (what an untyped fixture could carry unnoticed).
    expect(() => aPayment({ status: 'Sent' as Payment['status'] })).toThrow(/payment fixture does not fit the contract: status/);
    expect(() => anEarningsMonth({ period: 'March' })).toThrow(/earnings month fixture does not fit the contract: period/);
    expect(() => aFinance({ history: [aFinanceMonth({ diamonds: 1.5 })] })).toThrow(/finance fixture does not fit the contract: .*history\.0\.diamonds: Invalid input/);
  });

  it('refuse a field the contract does not have', () => {
    const stale = { ...aPayment(), payoutDate: '2026-03-15' } as Payment;
    expect(() => aPayment(stale)).toThrow('The payment fixture has fields the contract does not have: payoutDate');
  });
});
