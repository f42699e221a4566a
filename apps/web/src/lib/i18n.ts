import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, formatNumber, isLocale, type Locale } from '@agency/shared';
import { capitalizeFirst } from './capitalize.ts';

/**
 * Translations live in src/locales/<lang>/<namespace>.json and load lazily, one language and one
 * namespace at a time, so the landing page downloads only what it shows.
 * @public scripts/i18n-check.mjs reads this list as text (the namespaces every language must have).
 */
export const NAMESPACES = ['common', 'errors', 'messages', 'nav', 'landing', 'auth', 'apply', 'profile', 'settings', 'activity', 'members', 'creators', 'review', 'uploads', 'earnings', 'finance', 'payments', 'deductions', 'notifications', 'documents', 'forecasts'] as const;
const LANGUAGE_KEY = 'language';

type LocaleLoaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * The public pages' namespaces are listed here; the signed-in areas' ones in `app-locales.ts`, a
 * chunk of its own, so the landing page does not carry a loader for every screen's texts.
 */
const publicLoaders: LocaleLoaders = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/*/{common,errors,messages,nav,landing,auth,apply}.json',
);

function loaderOf(key: string): Promise<LocaleLoaders[string] | undefined> {
  const load = publicLoaders[key];
  if (load) return Promise.resolve(load);
  return import('./app-locales.ts').then((module) => (module.appLoaders as LocaleLoaders)[key]);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loaderOf(`../locales/${language}/${namespace}.json`).then(
      (load) => {
        if (!load) return callback(null, {});
        return load().then(
          (module) => callback(null, module.default),
          (error: unknown) => callback(error as Error, null),
        );
      },
      (error: unknown) => callback(error as Error, null),
    );
  },
};

function storedLanguage(): Locale {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/**
 * The choice as a cookie too, which only the server reads: it answers `/` with the landing page
 * prerendered in that language (apps/server/src/plugins/static-web.ts, docs/decisions/013), so a
 * visitor who chose English does not see the Turkish page until the script has loaded.
 */
function rememberLanguageForServer(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

export async function changeLanguage(locale: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, locale);
  rememberLanguageForServer(locale);
  await i18next.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined' && language) document.documentElement.lang = language;
}

i18next.on('languageChanged', setDocumentLanguage);

/** What every screen but the landing page loads with its code: API error and success texts. */
export const SCREEN_NAMESPACES = ['errors', 'messages'] as const satisfies readonly Namespace[];

/** Loads namespaces of the current language (route loaders call it so screens do not flash). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

export type Namespace = (typeof NAMESPACES)[number];

export const i18nReady = i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    // Every language is complete (npm run i18n:check), so no fallback language is downloaded too.
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    // The landing page needs only these; screens with forms or data load `errors` and `messages`
    // with their code (SCREEN_NAMESPACES), and toasts load them before showing (lib/notify.ts).
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  })
  .then((t) => {
    setDocumentLanguage(currentLocale());
    // A choice stored before the cookie existed, or a cookie that expired: write it again.
    if (typeof localStorage !== 'undefined' && isLocale(localStorage.getItem(LANGUAGE_KEY))) rememberLanguageForServer(currentLocale());
    return t;
  });

/**
 * Texts with a count are plural families (`rows_one`, `rows_few`, `rows_other`: i18next's v4 keys,
 * chosen by Intl.PluralRules, so each language has exactly its CLDR categories; npm run i18n:check).
 * The code passes the number as `count`; `{{count, number}}` (or `{{days, number}}`) writes it with
 * the app's number format of the language (formatNumber of @agency/shared, as lib/format.ts does),
 * not Intl's own for the bare language code.
 */
i18next.services.formatter?.add('number', (value, lng) => formatNumber(Number(value), isLocale(lng) ? lng : DEFAULT_LOCALE));

/**
 * `{{month, capitalize}}`: a value that starts a sentence or a line starts with a capital letter,
 * by the language's own rules (Azerbaijani and Turkish `i` -> `İ`). Month names are lower-case in
 * Russian, Romanian and Azerbaijani (`ноябрь 2026 г.`), so a text that begins with one says so.
 */
i18next.services.formatter?.add('capitalize', (value, lng) => capitalizeFirst(String(value ?? ''), isLocale(lng) ? lng : DEFAULT_LOCALE));

export default i18next;
