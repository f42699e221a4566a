import { periodOf } from '@agency/shared';
import type { Executor } from '../../db/client.ts';
import { getSettingsRow } from '../settings-row/index.ts';

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than using it, and the member summary asks on every request. */
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormat(timeZone: string): Intl.DateTimeFormat {
  let format = monthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
    monthFormats.set(timeZone, format);
  }
  return format;
}

/** The month of `now` in `timeZone` (IANA); null = UTC, the zone the monthly figures are kept in. */
export function periodInZone(now: Date, timeZone: string | null): string {
  if (!timeZone) return periodOf(now);
  const parts = monthFormat(timeZone).formatToParts(now);
  const year = parts.find((part) => part.type === 'year')?.value;
  const month = parts.find((part) => part.type === 'month')?.value;
  return year && month ? `${year}-${month}` : periodOf(now);
}

/** The current (open) month for payouts: months before it have ended and are payable. */
export async function payoutPeriodAt(db: Executor, now: Date): Promise<string> {
  const settings = await getSettingsRow(db);
  return periodInZone(now, settings.payoutTimeZone ?? null);
}
