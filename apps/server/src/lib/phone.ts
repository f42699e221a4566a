import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

const ACCEPTED_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * Normalises a typed phone to E.164 (default region TR) when it is a valid number that can
 * receive SMS; anything else is null.
 */
export function normalizeMobilePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'TR');
  if (!parsed || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (!type || !ACCEPTED_TYPES.has(type)) return null;
  return parsed.number;
}

/** `+905321234567` -> `+9053*****67`: enough to recognise in a log, not to reuse. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return '*'.repeat(phone.length);
  return phone.slice(0, 5) + '*'.repeat(phone.length - 7) + phone.slice(-2);
}

/** `ayse@example.com` -> `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
