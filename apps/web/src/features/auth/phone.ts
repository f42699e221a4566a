import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Turkish numbers may be typed without a country code; other countries start with + and their code. */
const DEFAULT_PHONE_COUNTRY = 'TR';
const DEFAULT_CALLING_CODE = '90';

/**
 * A light check only (the length is possible for the country): the server normalises the number
 * and has the last word, so a number it accepts is never blocked here.
 */
export function isPossiblePhone(value: string): boolean {
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_PHONE_COUNTRY);
  return parsed?.isPossible() ?? false;
}

/** The calling code shown beside the field: +90 until the person types another one. */
export function phoneCallingCode(value: string): string {
  const trimmed = value.trim();
  if (!trimmed.startsWith('+')) return `+${DEFAULT_CALLING_CODE}`;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  return parsed ? `+${parsed.countryCallingCode}` : '+';
}
