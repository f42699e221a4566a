import { describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import { statusKey } from './status.ts';

/** Every status the API sends (docs/product.md §9, §10 and §20), as it sends it. */
const API_STATUSES = [
  'Pending',
  'Waiting Approval',
  'Approved',
  'Rejected',
  'Paid',
  'Unpaid',
  'Pending Registration',
  'Below Minimum Threshold',
  'Eligible for Payment',
  'Payment Complete',
  'Verified',
  'Not Verified',
  'pending',
  'active',
  'rejected',
  'disabled',
  'inactive',
];

describe('statusKey', () => {
  it('turns API values into camel-case keys', () => {
    expect(statusKey('Waiting Approval')).toBe('waitingApproval');
    expect(statusKey('Not Verified')).toBe('notVerified');
    expect(statusKey('Eligible for Payment')).toBe('eligibleForPayment');
    expect(statusKey('pending')).toBe('pending');
  });

  it('has a translation in common:status for every status of the API', () => {
    const keys = Object.keys(en.status);
    for (const status of API_STATUSES) expect(keys, status).toContain(statusKey(status));
  });
});
