import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone (E.164, `+905321110001`) as people read it: `+90 532 111 00 01`. Anything the
 * library cannot read is shown as stored, and no phone as an empty string.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  return parsePhoneNumberFromString(value)?.formatInternational() ?? value;
}
