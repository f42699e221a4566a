// The six languages' number and date specs (the written-out formats' data), and the fallback language (locale-formats.ts).
import type { Locale } from './locales.ts';

const NBSP = '\u00a0';

/** How a language writes numbers: separators, and where "$" and "%" go. */
export interface NumberSpec {
  /** BCP 47 tag handed to Intl. */
  numberTag: string;
  decimal: string;
  group: string;
  /** Around the amount: `$1.234,56` (tr), `1.234,56 $` (de). */
  moneyPrefix: string;
  moneySuffix: string;
  /** Around a percentage: `%12,5` (tr), `12,5 %` (de), `12.5%` (en). */
  percentPrefix: string;
  percentSuffix: string;
}

/** How a language writes dates and months (a separate table: number formatting alone stays small). */
export interface DateSpec {
  /** BCP 47 tag handed to Intl. */
  dateTag: string;
  /** Month names as in "November 2026", then as in "Nov 2026" (standalone forms), `|`-separated. */
  monthsLong: string;
  monthsShort: string;
  /** Abbreviations inside a day-month-year date ("24 нояб. 2026 г."); '' writes the date as `24.11.2026`. */
  monthsInDate: string;
  /** After the year ("2026 г." in Russian). */
  yearSuffix: string;
  /** Between the date and the time. */
  dateTimeSeparator: string;
}

export const NUMBER_SPECS: Record<Locale, NumberSpec> = {
  tr: {
    numberTag: 'tr-TR',
    decimal: ',',
    group: '.',
    moneyPrefix: '$',
    moneySuffix: '',
    percentPrefix: '%',
    percentSuffix: '',
  },
  en: {
    numberTag: 'en-GB',
    decimal: '.',
    group: ',',
    moneyPrefix: '$',
    moneySuffix: '',
    percentPrefix: '',
    percentSuffix: '%',
  },
  de: {
    numberTag: 'de-DE',
    decimal: ',',
    group: '.',
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: `${NBSP}%`,
  },
  az: {
    numberTag: 'az-AZ',
    decimal: ',',
    group: NBSP,
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: '%',
  },
  ru: {
    numberTag: 'ru-RU',
    decimal: ',',
    group: NBSP,
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: `${NBSP}%`,
  },
  ro: {
    numberTag: 'ro-RO',
    decimal: ',',
    group: '.',
    moneyPrefix: '',
    moneySuffix: `${NBSP}$`,
    percentPrefix: '',
    percentSuffix: `${NBSP}%`,
  },
};

export const DATE_SPECS: Record<Locale, DateSpec> = {
  tr: {
    dateTag: 'tr',
    monthsLong: 'Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık',
    monthsShort: 'Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara',
    monthsInDate: 'Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara',
    yearSuffix: '',
    dateTimeSeparator: ' ',
  },
  en: {
    dateTag: 'en-GB',
    monthsLong: 'January|February|March|April|May|June|July|August|September|October|November|December',
    monthsShort: 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec',
    monthsInDate: 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec',
    yearSuffix: '',
    dateTimeSeparator: ', ',
  },
  de: {
    dateTag: 'de',
    monthsLong: 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember',
    monthsShort: 'Jan.|Feb.|März|Apr.|Mai|Juni|Juli|Aug.|Sept.|Okt.|Nov.|Dez.',
    monthsInDate: '',
    yearSuffix: '',
    dateTimeSeparator: ', ',
  },
  az: {
    dateTag: 'az',
    monthsLong: 'yanvar|fevral|mart|aprel|may|iyun|iyul|avqust|sentyabr|oktyabr|noyabr|dekabr',
    monthsShort: 'yan|fev|mar|apr|may|iyn|iyl|avq|sen|okt|noy|dek',
    monthsInDate: '',
    yearSuffix: '',
    dateTimeSeparator: ' ',
  },
  ru: {
    dateTag: 'ru',
    monthsLong: 'январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь',
    monthsShort: 'янв.|февр.|март|апр.|май|июнь|июль|авг.|сент.|окт.|нояб.|дек.',
    monthsInDate: 'янв.|февр.|мар.|апр.|мая|июн.|июл.|авг.|сент.|окт.|нояб.|дек.',
    yearSuffix: ' г.',
    dateTimeSeparator: ', ',
  },
  ro: {
    dateTag: 'ro',
    monthsLong: 'ianuarie|februarie|martie|aprilie|mai|iunie|iulie|august|septembrie|octombrie|noiembrie|decembrie',
    monthsShort: 'ian.|feb.|mar.|apr.|mai|iun.|iul.|aug.|sept.|oct.|nov.|dec.',
    monthsInDate: 'ian.|feb.|mar.|apr.|mai|iun.|iul.|aug.|sept.|oct.|nov.|dec.',
    yearSuffix: '',
    dateTimeSeparator: ', ',
  },
};

const FALLBACK_LOCALE: Locale = 'tr';

export function localeOf(locale: Locale | undefined): Locale {
  return locale && NUMBER_SPECS[locale] ? locale : FALLBACK_LOCALE;
}
