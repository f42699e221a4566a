import type { Locale } from '@agency/shared';

/** `text` with a capital first letter by the language's own rules (Azerbaijani and Turkish `i` -> `İ`). */
export function capitalizeFirst(text: string, locale: Locale): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
