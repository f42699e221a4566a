import { PAYMENT_STATUSES, type PaymentStatus } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import {
  checkDeductionMember,
  checkDeletable,
  checkNotDeleted,
  deductionReason,
  deductionsTakenBy,
  deductionsTakenByMany,
  groupByMember,
  isOpen,
  openDeductionsCents,
  paymentFigures,
  releasesDeductions,
  type DeductionState,
} from './deductions.rules.ts';

const DELETED_AT = new Date('2026-03-01T10:00:00Z');

describe('isOpen', () => {
  it.each<[DeductionState, boolean, string]>([
    [{ paymentId: null, deletedAt: null }, true, 'not taken, not deleted'],
    [{ paymentId: 'p1', deletedAt: null }, false, 'taken by a payment'],
    [{ paymentId: null, deletedAt: DELETED_AT }, false, 'deleted'],
    [{ paymentId: 'p1', deletedAt: DELETED_AT }, false, 'taken and deleted'],
  ])('%o -> %s (%s)', (deduction, expected, _why) => {
    expect(isOpen(deduction)).toBe(expected);
  });
});

describe('how much of a payment the open deductions take', () => {
  it.each([
    [[], 0],
    [[1000], 1000],
    [[1000, 2500], 3500],
    [[1, 1, 1], 3],
    [[99_999_999_99, 1], 100_000_000_00],
  ])('open %j -> %i cents', (amounts, expected) => {
    expect(openDeductionsCents(amounts.map((amountCents) => ({ amountCents })))).toBe(expected);
  });

  it.each([
    // net, open deductions, deductions taken, gross (earnings covered)
    [5500, [1000], 1000, 6500],
    [8000, [2000], 2000, 10_000],
    [6000, [], 0, 6000],
    [5000, [700, 800], 1500, 6500],
  ])('a payment of %i net with open %j takes %i and covers %i', (netCents, amounts, deductionsCents, grossCents) => {
    expect(paymentFigures(netCents, amounts.map((amountCents) => ({ amountCents })))).toEqual({ amountCents: netCents, deductionsCents, grossCents });
  });
});

describe('which deductions a payment takes', () => {
  it.each([
    [[], []],
    [['d1'], [{ id: 'd1', paymentId: 'p1' }]],
    [['d1', 'd2', 'd3'], [{ id: 'd1', paymentId: 'p1' }, { id: 'd2', paymentId: 'p1' }, { id: 'd3', paymentId: 'p1' }]],
  ])('every open one of the member, oldest first: %j', (ids, expected) => {
    expect(deductionsTakenBy('p1', ids.map((id) => ({ id, amountCents: 100 })))).toEqual(expected);
  });

  it('for many payments: each takes its own member\'s open deductions, a member without any takes none', () => {
    const open = new Map([
      ['ada', [{ id: 'a1' }, { id: 'a2' }]],
      ['bob', [{ id: 'b1' }]],
    ]);
    const payments = [
      { id: 'pa', memberId: 'ada' },
      { id: 'pc', memberId: 'cem' },
      { id: 'pb', memberId: 'bob' },
    ];
    expect(deductionsTakenByMany(payments, open)).toEqual([
      { id: 'a1', paymentId: 'pa' },
      { id: 'a2', paymentId: 'pa' },
      { id: 'b1', paymentId: 'pb' },
    ]);
    expect(deductionsTakenByMany([], open)).toEqual([]);
  });

  it('groups rows by member and keeps their order', () => {
    const rows = [
      { id: 'a1', memberId: 'ada' },
      { id: 'b1', memberId: 'bob' },
      { id: 'a2', memberId: 'ada' },
    ];
    expect([...groupByMember(rows)]).toEqual([
      ['ada', [rows[0], rows[2]]],
      ['bob', [rows[1]]],
    ]);
    expect(groupByMember([]).size).toBe(0);
  });
});

describe('which payment statuses release the deductions', () => {
  const releasing: PaymentStatus[] = ['Rejected', 'Unpaid'];
  it.each(PAYMENT_STATUSES.map((status) => [status, releasing.includes(status)] as const))('%s -> %s', (status, expected) => {
    expect(releasesDeductions(status)).toBe(expected);
  });
});

describe('validation', () => {
  it.each([
    [{ role: 'user' }, null],
    [{ role: 'admin' }, 'DEDUCTION_ADD_FAILED'],
    [undefined, 'DEDUCTION_ADD_FAILED'],
  ])('a deduction for %o -> %s', (member, code) => {
    if (code === null) expect(() => checkDeductionMember(member)).not.toThrow();
    else expect(() => checkDeductionMember(member)).toThrowError(expect.objectContaining({ code, details: [{ path: 'memberId', message: 'The selected member does not exist' }] }));
  });

  it.each([
    [undefined, null],
    ['', null],
    ['Equipment', 'Equipment'],
  ])('reason %j is stored as %j', (reason, expected) => {
    expect(deductionReason(reason)).toBe(expected);
  });

  it.each([
    [undefined, 'NOT_FOUND', 'NOT_FOUND'],
    [{ paymentId: null, deletedAt: DELETED_AT }, 'NOT_FOUND', 'NOT_FOUND'],
    [{ paymentId: 'p1', deletedAt: DELETED_AT }, 'NOT_FOUND', 'NOT_FOUND'],
    [{ paymentId: 'p1', deletedAt: null }, null, 'DEDUCTION_DELETE_FAILED'],
    [{ paymentId: null, deletedAt: null }, null, null],
  ])('%o: found -> %s, deletable -> %s', (deduction, notDeleted, deletable) => {
    if (notDeleted === null) expect(() => checkNotDeleted(deduction)).not.toThrow();
    else expect(() => checkNotDeleted(deduction)).toThrowError(expect.objectContaining({ code: notDeleted }));
    if (deletable === null) expect(() => checkDeletable(deduction)).not.toThrow();
    else expect(() => checkDeletable(deduction)).toThrowError(expect.objectContaining({ code: deletable }));
  });

  it('a consumed deduction answers 409 with the reason', () => {
    expect(() => checkDeletable({ paymentId: 'p1', deletedAt: null })).toThrowError(
      expect.objectContaining({ statusCode: 409, details: [{ message: 'The deduction was consumed by a payment' }] }),
    );
  });
});
