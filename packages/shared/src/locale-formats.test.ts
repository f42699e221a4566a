import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatMicroDollars,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  localeFormatSource,
  lowerCaseIn,
  nameInitials,
  numberInputFormat,
  resetLocaleFormatSources,
  upperCaseIn,
} from './locale-formats.ts';
import { LOCALES, type Locale } from './locales.ts';

const NBSP = '\u00a0';
const CLDR_LOCALES = LOCALES.filter((locale) => locale !== 'az');
const TAGS: Record<Locale, string> = { tr: 'tr-TR', en: 'en-GB', de: 'de-DE', az: 'az-AZ', ru: 'ru-RU', ro: 'ro-RO' };
const DATE_TAGS: Record<Locale, string> = { tr: 'tr', en: 'en-GB', de: 'de', az: 'az', ru: 'ru', ro: 'ro' };

afterEach(() => {
  vi.unstubAllGlobals();
  resetLocaleFormatSources();
});

/** Everything the formatters write for `locale`, for comparing the two sources. */
function samples(locale: Locale): string[] {
  const out: string[] = [];
  for (const value of [0, 7, 12.5, 999, 1000, 1234.567, -98765.4, 2_999_999, 1_215_000.5, 0.005]) {
    out.push(formatNumber(value, locale), formatNumber(value, locale, 0), formatPercent(value, locale));
  }
  for (const cents of [0, 5, 99, 5000, 40_000, 123_456_789, -12_345, 121_500_050]) out.push(formatMoney(cents, locale));
  for (const micros of [5000, 1, 1_000_000, 12_345, 500_000]) out.push(formatMicroDollars(micros, locale));
  for (let month = 0; month < 12; month++) {
    const moment = new Date(2025 + (month % 2), month, 1 + month * 2, month + 8, month * 4);
    out.push(formatDate(moment, locale), formatDateTime(moment, locale));
    const period = `2026-${String(month + 1).padStart(2, '0')}`;
    out.push(formatMonth(period, locale, 'long'), formatMonth(period, locale, 'short'), formatDay(`${period}-09`, locale));
  }
  return out;
}

describe('locale data detection', () => {
  it('uses Intl where the runtime writes the language as the product does (full ICU: all but az)', () => {
    for (const locale of CLDR_LOCALES) expect(localeFormatSource(locale), locale).toBe('intl');
  });

  it('writes Azerbaijani from its own formats in every runtime (ICU and Chromium disagree about it)', () => {
    expect(localeFormatSource('az')).toBe('table');
    expect(formatDate(new Date(2026, 10, 24, 10, 0), 'az')).toBe('24.11.2026');
    expect(formatDateTime(new Date(2026, 10, 24, 14, 5), 'az')).toBe('24.11.2026 14:05');
    expect(formatMonth('2026-11', 'az')).toBe('noyabr 2026');
    expect(formatMonth('2026-11', 'az', 'short')).toBe('noy 2026');
    expect(formatNumber(1_215_000.5, 'az')).toBe(`1${NBSP}215${NBSP}000,5`);
    expect(formatMoney(121_500_050, 'az')).toBe(`1${NBSP}215${NBSP}000,50${NBSP}$`);
    expect(formatPercent(12.5, 'az')).toBe('12,5%');
    expect(formatDay('2026-10-15', 'az')).toBe('15.10.2026');
  });

  it('writes every language exactly as full ICU does when it has to do without Intl (tr, en, de, ru, ro)', () => {
    const fromIntl = new Map(CLDR_LOCALES.map((locale) => [locale, samples(locale)]));
    resetLocaleFormatSources('table');
    for (const locale of CLDR_LOCALES) {
      expect(localeFormatSource(locale)).toBe('table');
      expect(samples(locale), locale).toEqual(fromIntl.get(locale));
    }
  });

  it('notices a runtime that claims a language but formats with the root locale, as Debian Chromium does with az', () => {
    // Intl that accepts every tag but writes like the root locale ("2026 M11 24", "1,215,000.5").
    const RealIntl = Intl;
    const rootNumber = function (_tag: string, options?: Intl.NumberFormatOptions) {
      return new RealIntl.NumberFormat('en-US', options);
    } as unknown as typeof Intl.NumberFormat;
    const rootDate = function (_tag: string, options?: Intl.DateTimeFormatOptions) {
      return new RealIntl.DateTimeFormat('en-CA', options);
    } as unknown as typeof Intl.DateTimeFormat;
    vi.stubGlobal('Intl', { ...RealIntl, NumberFormat: rootNumber, DateTimeFormat: rootDate });
    resetLocaleFormatSources();
    for (const locale of LOCALES) expect(localeFormatSource(locale), locale).toBe('table');
    expect(formatMoney(121_500_050, 'tr')).toBe('$1.215.000,50');
    expect(formatMoney(123_456, 'de')).toBe(`1.234,56${NBSP}$`);
    expect(formatDate(new Date(2026, 10, 24, 10, 0), 'tr')).toBe('24 Kas 2026');
    expect(formatDate(new Date(2026, 10, 24, 10, 0), 'ru')).toBe('24 нояб. 2026 г.');
    expect(formatMonth('2026-11', 'ro')).toBe('noiembrie 2026');
    expect(formatMonth('2026-11', 'en', 'short')).toBe('Nov 2026');
    expect(formatNumber(1_215_000.5, 'az')).toBe(`1${NBSP}215${NBSP}000,5`);
  });

  it('agrees with Intl given the same tags (the probe compares like with like)', () => {
    for (const locale of CLDR_LOCALES) {
      expect(formatNumber(1_215_000.5, locale)).toBe(new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 2 }).format(1_215_000.5));
      const day = new Date(2026, 2, 9, 12);
      expect(formatDate(day, locale)).toBe(new Intl.DateTimeFormat(DATE_TAGS[locale], { dateStyle: 'medium' }).format(day));
    }
  });
});

describe('formats the product asks for', () => {
  it('writes the commission settings in Turkish as 2.999.999 and %1', () => {
    expect(formatNumber(2_999_999, 'tr')).toBe('2.999.999');
    expect(formatPercent(1, 'tr')).toBe('%1');
    expect(formatPercent(12.5, 'tr')).toBe('%12,5');
    expect(formatPercent(1, 'de')).toBe(`1${NBSP}%`);
    expect(numberInputFormat('tr')).toMatchObject({ thousandSeparator: '.', decimalSeparator: ',', percentPrefix: '%', percentSuffix: '', moneyPrefix: '$' });
    expect(numberInputFormat('de')).toMatchObject({ thousandSeparator: '.', percentSuffix: `${NBSP}%`, moneySuffix: `${NBSP}$` });
    expect(numberInputFormat('az')).toMatchObject({ thousandSeparator: NBSP, decimalSeparator: ',' });
  });

  it('writes the diamond value from micro-dollars with the decimals it needs', () => {
    expect(formatMicroDollars(5000, 'tr')).toBe('$0,005');
    expect(formatMicroDollars(5000, 'en')).toBe('$0.005');
    expect(formatMicroDollars(5000, 'de')).toBe(`0,005${NBSP}$`);
    expect(formatMicroDollars(5000, 'az')).toBe(`0,005${NBSP}$`);
    expect(formatMicroDollars(1_000_000, 'en')).toBe('$1.00');
  });

  it('never writes a month as 2026-11', () => {
    for (const locale of LOCALES) {
      for (const style of ['long', 'short'] as const) {
        const text = formatMonth('2026-11', locale, style);
        expect(text, `${locale} ${style}`).not.toMatch(/2026-11|M11/);
        expect(text).toContain('2026');
      }
    }
    expect(formatMonth('2026-11-24', 'tr')).toBe('Kasım 2026');
    expect(formatMonth('not a month', 'tr')).toBe('not a month');
  });

  it('keeps a calendar day on its day in every time zone', () => {
    expect(formatDay('2026-10-15', 'de')).toBe('15.10.2026');
    expect(formatDay('2026-10-15T23:59:59Z', 'tr')).toBe('15 Eki 2026');
    expect(formatDay(null, 'tr')).toBe('');
  });

  it('shows 0 for a missing number and no "-0"', () => {
    expect(formatNumber(undefined, 'tr')).toBe('0');
    expect(formatMoney(null, 'az')).toBe(`0,00${NBSP}$`);
    resetLocaleFormatSources('table');
    expect(formatNumber(-0.001, 'en')).toBe('0');
    expect(formatNumber(1.005, 'en')).toBe('1.01');
  });
});

describe('dotted and dotless i', () => {
  it('upper- and lower-cases Turkish and Azerbaijani by their rules', () => {
    expect(upperCaseIn('istanbul ırmak', 'tr')).toBe('İSTANBUL IRMAK');
    expect(upperCaseIn('istanbul', 'az')).toBe('İSTANBUL');
    expect(upperCaseIn('istanbul', 'en')).toBe('ISTANBUL');
    expect(lowerCaseIn('IRMAK İSTANBUL', 'tr')).toBe('ırmak istanbul');
    expect(lowerCaseIn('IRMAK', 'de')).toBe('irmak');
  });

  it('makes avatar initials in the language', () => {
    expect(nameInitials('ismail', 'ırmak', 'tr')).toBe('İI');
    expect(nameInitials('ilkin', 'isayev', 'az')).toBe('İİ');
    expect(nameInitials('ivan', 'ivanov', 'ru')).toBe('II');
    expect(nameInitials(' ', undefined, 'tr')).toBe('');
  });
});
