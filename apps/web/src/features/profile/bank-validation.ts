import { isValidTurkishIdentityNumber, normalizeIban, type BankDetailsInput } from '@agency/shared';
import { isValidIBAN } from 'ibantools';

export type BankFormErrors = Partial<Record<keyof BankDetailsInput, string>>;

/**
 * The same rules as the server, checked before sending: every field filled, the IBAN's checksum,
 * and for a Turkish IBAN a valid T.C. kimlik no. Answers translation keys of the `profile` namespace.
 */
export function validateBankForm(values: BankDetailsInput): BankFormErrors {
  const errors: BankFormErrors = {};
  if (values.holderName.trim().length < 2) errors.holderName = 'bank.errors.holderNameRequired';
  if (values.bankName.trim().length < 2) errors.bankName = 'bank.errors.bankNameRequired';
  const iban = normalizeIban(values.iban);
  if (!iban) errors.iban = 'bank.errors.ibanRequired';
  else if (!isValidIBAN(iban)) errors.iban = 'bank.errors.ibanInvalid';
  const identityNumber = values.identityNumber.replace(/\s+/g, '');
  if (!identityNumber) errors.identityNumber = 'bank.errors.identityNumberRequired';
  else if (iban.startsWith('TR') && !isValidTurkishIdentityNumber(identityNumber)) errors.identityNumber = 'bank.errors.identityNumberInvalid';
  return errors;
}
