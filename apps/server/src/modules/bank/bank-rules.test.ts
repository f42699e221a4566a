import { isValidTurkishIdentityNumber } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { checkBankDetails } from './bank-rules.ts';

describe('isValidTurkishIdentityNumber (T.C. kimlik no.)', () => {
  it.each([
    ['10000000146', true, 'a valid number'],
    ['12345678950', true, 'a valid number'],
    ['19090909018', true, 'a valid number whose 10th-digit sum is negative before the modulo'],
    ['12345678951', false, 'the 11th digit is wrong'],
    ['12345678960', false, 'the 10th digit is wrong'],
    ['02345678950', false, 'it starts with 0'],
    ['1234567895', false, 'only 10 digits'],
    ['123456789500', false, '12 digits'],
    ['1234567895a', false, 'a letter'],
    ['', false, 'empty'],
    ['1000000014 6', false, 'a space inside'],
  ])('%s -> %s (%s)', (value, expected) => {
    expect(isValidTurkishIdentityNumber(value)).toBe(expected);
  });
});

describe('checkBankDetails', () => {
  const base = { holderName: ' Ayşe   Yılmaz ', identityNumber: '10000000146', bankName: 'Ziraat', iban: 'tr33 0006 1005 1978 6457 8413 26' };

  it('normalises the IBAN (no spaces, upper case) and the holder name', () => {
    expect(checkBankDetails(base)).toEqual({
      holderName: 'Ayşe Yılmaz',
      identityNumber: '10000000146',
      bankName: 'Ziraat',
      iban: 'TR330006100519786457841326',
    });
  });

  it.each([
    ['TR330006100519786457841327', 'a wrong checksum'],
    ['XX330006100519786457841326', 'an unknown country'],
    ['TR33000610051978645784132', 'a Turkish IBAN one character short'],
  ])('refuses %s (%s) with IBAN_INVALID', (iban) => {
    expect(() => checkBankDetails({ ...base, iban })).toThrowError(expect.objectContaining({ code: 'IBAN_INVALID' }));
  });

  it('checks the identity number only for Turkish IBANs', () => {
    expect(() => checkBankDetails({ ...base, identityNumber: '12345678951' })).toThrowError(
      expect.objectContaining({ code: 'IDENTITY_NUMBER_INVALID' }),
    );
    expect(checkBankDetails({ ...base, identityNumber: 'X1234567', iban: 'DE89 3704 0044 0532 0130 00' }).iban).toBe('DE89370400440532013000');
  });
});
