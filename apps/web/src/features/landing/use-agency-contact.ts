import { usePublicSettings } from '../../lib/public-settings.ts';

/**
 * The agency's public settings (`GET /api/settings/public`) for the landing contact card. It reads
 * the shell's query (same key, same shape) so every public screen shares one request and one cache
 * entry; any field may be missing.
 */
export function useAgencyContact() {
  return usePublicSettings();
}

const TIME_RANGE = /^(\d{1,2}[:.]\d{2})\s*[-–—]\s*(\d{1,2}[:.]\d{2})$/;
const DEFAULT_SUPPORT_HOURS = '10:00–17:00';

/**
 * The support hours as a time range for the "Weekdays {{range}}" sentence. The setting is free
 * text; only a plain "10:00-17:00" is reused, anything else keeps the catalogue's default hours
 * (docs/product.md §1: weekdays 10:00 to 17:00) so the sentence always reads well in every language.
 */
export function supportHoursRange(setting: string | undefined | null): string {
  const match = setting?.trim().match(TIME_RANGE);
  return match ? `${match[1]}–${match[2]}` : DEFAULT_SUPPORT_HOURS;
}
