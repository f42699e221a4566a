/** The six interface languages; the first is the default. One list for server, web and checks. */
export const LOCALES = ['tr', 'en', 'de', 'az', 'ru', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'tr';

export const LOCALE_NAMES: Record<Locale, string> = {
  tr: 'Türkçe',
  en: 'English',
  de: 'Deutsch',
  az: 'Azərbaycanca',
  ru: 'Русский',
  ro: 'Română',
};

/**
 * The cookie in which the web app keeps the visitor's language beside its stored choice; the server
 * reads it to answer `/` with the landing page prerendered in that language (docs/decisions/013).
 */
export const LANGUAGE_COOKIE = 'language';

/** The built landing page of a language: index.html for the default one, index.<language>.html for the others. */
export function landingPageFile(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? 'index.html' : `index.${locale}.html`;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tag used with Intl for dates: en shows as en-GB (docs/product.md §18). */
export function dateLocaleTag(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : locale;
}

/** Numbers default to tr-TR; each locale otherwise uses its own conventions. */
export function numberLocaleTag(locale: Locale | undefined): string {
  switch (locale) {
    case 'en':
      return 'en-GB';
    case 'de':
      return 'de-DE';
    case 'az':
      return 'az-AZ';
    case 'ru':
      return 'ru-RU';
    case 'ro':
      return 'ro-RO';
    default:
      return 'tr-TR';
  }
}
