import { z } from 'zod';

/**
 * Turkish identity number (T.C. kimlik no.): 11 digits, the first not 0; digit 10 is
 * ((d1+d3+d5+d7+d9) * 7 - (d2+d4+d6+d8)) mod 10 and digit 11 is (d1+...+d10) mod 10.
 */
export function isValidTurkishIdentityNumber(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const digits = [...value].map(Number) as number[];
  const odd = digits[0]! + digits[2]! + digits[4]! + digits[6]! + digits[8]!;
  const even = digits[1]! + digits[3]! + digits[5]! + digits[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== digits[9]) return false;
  const sum = digits.slice(0, 10).reduce((total, digit) => total + digit, 0);
  return sum % 10 === digits[10];
}

/** IBANs are stored and compared without spaces and in upper case. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** `TR33 0006 1005 1978 6457 8413 26`: groups of four for display. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * `PUT /api/me/bank`. The shape only; the IBAN checksum and, for Turkish IBANs, the identity
 * number checksum are business rules checked by the server (IBAN_INVALID, IDENTITY_NUMBER_INVALID).
 */
export const bankDetailsInputSchema = z.strictObject({
  holderName: z.string().trim().min(2).max(120),
  identityNumber: z.string().trim().min(2).max(32),
  bankName: z.string().trim().min(2).max(120),
  iban: z.string().trim().min(5).max(64),
});
export type BankDetailsInput = z.infer<typeof bankDetailsInputSchema>;
