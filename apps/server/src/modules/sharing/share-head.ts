import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LOCALES, isLocale, type Locale } from '@agency/shared';
import { SHARE_TEXTS } from './share-texts.ts';

/**
 * The head of the pages people share (`/` and `/kayit`), written by the server for each request:
 * link previews (WhatsApp, Telegram, Facebook, X) read the HTML as sent and run no script, so the
 * title, description, Open Graph and Twitter card tags must be in it, in the visitor's language and
 * with the agency's name and logo. Everything that comes from the settings or the request is
 * HTML-escaped; URLs are built from PUBLIC_URL, never from the request's Host.
 */

/** The pages with a head of their own; every other path gets the app shell as built. */
export type SharePage = 'landing' | 'apply';

/** The default preview image of the build (`apps/web/public/og-image.jpg`), for an agency without a logo. */
const DEFAULT_SHARE_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630, type: 'image/jpeg' } as const;

/** Open Graph's `language_TERRITORY` of each language (English shows as en-GB, docs/product.md §18). */
const OG_LOCALES: Record<Locale, string> = { tr: 'tr_TR', en: 'en_GB', de: 'de_DE', az: 'az_AZ', ru: 'ru_RU', ro: 'ro_RO' };

/** A referral code as the application form takes it (`?ref=`); anything else is left out of og:url. */
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,40}$/;

const LANGUAGE_IN_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`);

/** The shareable page of a path, as the web app's router matches it (case-insensitive, trailing slash). */
export function sharePageOf(path: string): SharePage | null {
  if (path === '/') return 'landing';
  return path.toLowerCase().replace(/\/+$/, '') === '/kayit' ? 'apply' : null;
}

/**
 * The languages an Accept-Language header asks for, best first (`de-CH, en;q=0.8` -> de, en), among
 * the portal's; a long header is read only up to its first 20 entries.
 */
export function acceptedLanguages(header: string | undefined): Locale[] {
  if (!header) return [];
  const entries = header
    .slice(0, 1000)
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.quality > 0 && isLocale(entry.language))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return [...new Set(entries.map((entry) => entry.language as Locale))];
}

/** The visitor's language: the `language` cookie (the choice made in the app), then Accept-Language, then tr. */
export function visitorLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = LANGUAGE_IN_COOKIE.exec(cookieHeader ?? '')?.[1];
  if (isLocale(chosen)) return chosen;
  return acceptedLanguages(acceptLanguage)[0] ?? DEFAULT_LOCALE;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export interface ShareHeadInput {
  page: SharePage;
  locale: Locale;
  agencyName: string;
  /** The logo's path (`/api/settings/logo?v=…`), or null without one. */
  logoUrl: string | null;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** `ref` of `/kayit?ref=…`. */
  referralCode?: string | null;
}

export interface ShareHead {
  title: string;
  description: string;
  /** `<meta>` tags for Open Graph and Twitter cards, HTML-escaped, one per line. */
  tags: string;
}

/** The title, description and preview tags of a shared page. */
export function buildShareHead(input: ShareHeadInput): ShareHead {
  const agency = input.agencyName.trim() || 'Agency';
  const texts = SHARE_TEXTS[input.locale];
  const code = input.page === 'apply' && input.referralCode && REFERRAL_CODE.test(input.referralCode) ? input.referralCode : null;
  const title = input.page === 'landing' ? texts.landing.title(agency) : texts.apply.title(agency);
  const description =
    input.page === 'landing' ? texts.landing.description(agency) : code ? texts.apply.invited(agency) : texts.apply.description(agency);
  const path = input.page === 'landing' ? '/' : code ? `/kayit?ref=${encodeURIComponent(code)}` : '/kayit';
  const image = input.logoUrl ? `${input.publicUrl}${input.logoUrl}` : `${input.publicUrl}${DEFAULT_SHARE_IMAGE.path}`;

  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const tags = [
    property('og:type', 'website'),
    property('og:site_name', agency),
    property('og:title', title),
    property('og:description', description),
    property('og:url', `${input.publicUrl}${path}`),
    property('og:locale', OG_LOCALES[input.locale]),
    ...LOCALES.filter((locale) => locale !== input.locale).map((locale) => property('og:locale:alternate', OG_LOCALES[locale])),
    property('og:image', image),
    property('og:image:alt', agency),
    ...(input.logoUrl
      ? []
      : [
          property('og:image:type', DEFAULT_SHARE_IMAGE.type),
          property('og:image:width', String(DEFAULT_SHARE_IMAGE.width)),
          property('og:image:height', String(DEFAULT_SHARE_IMAGE.height)),
        ]),
    // A logo is small and square: the small card; the default image is made for the large one.
    named('twitter:card', input.logoUrl ? 'summary' : 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', description),
    named('twitter:image', image),
  ];
  return { title, description, tags: tags.join('\n    ') };
}

/**
 * `html` with the head's title and description replaced and the preview tags added before
 * `</head>`. A page without a `</head>` (not the build's) is sent as it is.
 */
export function injectShareHead(html: string, head: ShareHead): string {
  const end = html.indexOf('</head>');
  if (end < 0) return html;
  let before = html.slice(0, end);
  const title = `<title>${escapeHtml(head.title)}</title>`;
  before = /<title>[^<]*<\/title>/.test(before) ? before.replace(/<title>[^<]*<\/title>/, () => title) : `${before}  ${title}\n`;
  const description = `<meta name="description" content="${escapeHtml(head.description)}">`;
  before = /<meta name="description"[^>]*>/.test(before)
    ? before.replace(/<meta name="description"[^>]*>/, () => description)
    : `${before}  ${description}\n`;
  return `${before}  ${head.tags}\n  ${html.slice(end)}`;
}
