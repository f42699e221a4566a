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
