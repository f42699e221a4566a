import { describe, expect, it } from 'vitest';
import { validateBankForm } from './bank-validation.ts';

const valid = { holderName: 'Ayşe Yılmaz', identityNumber: '10000000146', bankName: 'Ziraat', iban: 'TR33 0006 1005 1978 6457 8413 26' };

describe('validateBankForm', () => {
  it('accepts valid Turkish details, with the IBAN in groups or in lower case', () => {
    expect(validateBankForm(valid)).toEqual({});
    expect(validateBankForm({ ...valid, iban: 'tr330006100519786457841326' })).toEqual({});
  });

  it.each([
    [{ iban: 'TR33 0006 1005 1978 6457 8413 27' }, { iban: 'bank.errors.ibanInvalid' }],
    [{ iban: '' }, { iban: 'bank.errors.ibanRequired' }],
    [{ identityNumber: '12345678951' }, { identityNumber: 'bank.errors.identityNumberInvalid' }],
    [{ identityNumber: '02345678950' }, { identityNumber: 'bank.errors.identityNumberInvalid' }],
    [{ identityNumber: '' }, { identityNumber: 'bank.errors.identityNumberRequired' }],
    [{ holderName: ' ' }, { holderName: 'bank.errors.holderNameRequired' }],
    [{ bankName: '' }, { bankName: 'bank.errors.bankNameRequired' }],
  ])('refuses %o', (change, errors) => {
    expect(validateBankForm({ ...valid, ...change })).toEqual(errors);
  });

  it('does not apply the T.C. checksum to foreign IBANs', () => {
    expect(validateBankForm({ ...valid, identityNumber: 'C01X00T47', iban: 'DE89 3704 0044 0532 0130 00' })).toEqual({});
  });
});
