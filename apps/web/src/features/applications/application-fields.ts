import { isValidTiktokUsername, normalizeTiktokUsername } from '@agency/shared';

export interface ApplicationValues {
  firstName: string;
  lastName: string;
  tiktokUsername: string;
}

/** Which fields each step of the stepper shows; "Next" validates only these. */
export const STEP_FIELDS: ReadonlyArray<ReadonlyArray<keyof ApplicationValues>> = [['firstName', 'lastName'], ['tiktokUsername'], []];
export const PHONE_STEP = 2;
export const NAME_MAX_LENGTH = 60;
const REFERRAL_MAX_LENGTH = 40;

/** The same rule as the server: no leading @, lower case, `^[a-z0-9._]{2,24}$`. */
export function isAcceptableTiktokUsername(raw: string): boolean {
  return isValidTiktokUsername(normalizeTiktokUsername(raw));
}

/** `?ref=` as given by a member's referral link; anything the contract would refuse is ignored. */
export function referralFromQuery(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed.length > 0 && trimmed.length <= REFERRAL_MAX_LENGTH ? trimmed : null;
}

/** The step that shows the field a server error is about, so the inline message is visible. */
export function stepOfField(field: string): number | null {
  if (field === 'phone' || field === 'code') return PHONE_STEP;
  const index = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return index === -1 ? null : index;
}
