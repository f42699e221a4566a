import { isValidTurkishIdentityNumber, normalizeIban, type BankDetailsInput } from '@agency/shared';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { AppError } from '../../lib/app-error.ts';

/**
 * The bank details as stored: IBAN without spaces, upper case, checksum-valid; for a Turkish IBAN
 * the identity number must be a valid T.C. kimlik no. Throws IBAN_INVALID / IDENTITY_NUMBER_INVALID.
 */
export function checkBankDetails(input: BankDetailsInput): BankDetailsInput {
  const iban = electronicFormatIBAN(normalizeIban(input.iban)) ?? '';
  if (!isValidIBAN(iban)) throw new AppError('IBAN_INVALID', { details: [{ path: 'iban', message: 'Invalid IBAN' }] });
  const identityNumber = input.identityNumber.replace(/\s+/g, '');
  if (iban.startsWith('TR') && !isValidTurkishIdentityNumber(identityNumber)) {
    throw new AppError('IDENTITY_NUMBER_INVALID', {
      details: [{ path: 'identityNumber', message: 'Invalid T.C. identity number' }],
    });
  }
  return {
    holderName: input.holderName.trim().replace(/\s+/g, ' '),
    identityNumber,
    bankName: input.bankName.trim(),
    iban,
  };
}
