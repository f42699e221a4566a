import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFormatters } from './format.ts';
import { changeLanguage, i18nReady } from './i18n.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function formattersIn(locale: 'tr' | 'en' | 'de' | 'ru' | 'az' | 'ro') {
  await changeLanguage(locale);
  return renderHook(() => useFormatters()).result.current;
}

describe('useFormatters', () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterAll(async () => {
    await changeLanguage('tr');
  });

  it('formats money from cents in the locale (tr: $1.234,56, de: 1.234,56 $)', async () => {
    const tr = await formattersIn('tr');
    expect(tr.locale).toBe('tr');
    expect(tr.money(123456)).toBe(new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'USD' }).format(1234.56));
    expect(nbsp(tr.money(123456))).toBe('$1.234,56');

    const de = await formattersIn('de');
    expect(nbsp(de.money(123456))).toBe('1.234,56 $');
    expect(nbsp(de.money(5000))).toBe('50,00 $');
  });

  it('shows 0 for a missing number and groups thousands', async () => {
    const tr = await formattersIn('tr');
    expect(tr.number(undefined)).toBe('0');
    expect(tr.number(null)).toBe('0');
    expect(tr.number(Number.NaN)).toBe('0');
    expect(tr.number(2980000)).toBe('2.980.000');
    expect(nbsp(tr.money(null))).toBe('$0,00');
  });

  it('formats durations as hours and minutes in the language', async () => {
    const seconds = 119 * 3600 + 47 * 60 + 31;
    expect((await formattersIn('en')).duration(seconds)).toBe('119 h 47 min');
    expect((await formattersIn('tr')).duration(seconds)).toBe('119 sa 47 dk');
    expect((await formattersIn('de')).duration(seconds)).toBe('119 Std. 47 Min.');
    expect((await formattersIn('ru')).duration(seconds)).toBe('119 ч 47 мин');
    const en = await formattersIn('en');
    expect(en.duration(47 * 60)).toBe('47 min');
    expect(en.duration(undefined)).toBe('0 min');
    expect(en.duration(-30)).toBe('0 min');
    expect(en.duration(1234 * 3600)).toBe('1,234 h 0 min');
  });

  it('formats dates in the locale, en as en-GB, times in 24 h', async () => {
    const value = '2026-09-15T14:05:00Z';
    const en = await formattersIn('en');
    expect(en.date(value)).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(value)));
    expect(en.dateTime(value)).not.toMatch(/[AP]M/i);
    const de = await formattersIn('de');
    expect(de.date(value)).toBe(new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(new Date(value)));
    expect(de.date(null)).toBe('');
  });

  it('writes Azerbaijani dates, months, numbers and money whatever the runtime knows of az', async () => {
    const az = await formattersIn('az');
    expect(az.date(new Date(2026, 10, 24, 12))).toBe('24.11.2026');
    expect(az.month('2026-11')).toBe('noyabr 2026');
    expect(az.month('2026-11', 'short')).toBe('noy 2026');
    expect(az.number(1215000)).toBe('1\u00a0215\u00a0000');
    expect(az.money(121500050)).toBe('1\u00a0215\u00a0000,50\u00a0$');
    expect(az.microDollars(5000)).toBe('0,005\u00a0$');
    expect(az.day('2026-10-15')).toBe('15.10.2026');
  });

  it('a month that stands alone starts with a capital letter in every language; inside a text it stays as written', async () => {
    const ru = await formattersIn('ru');
    expect(ru.month('2026-11')).toBe('ноябрь 2026 г.');
    expect(ru.monthLabel('2026-11')).toBe('Ноябрь 2026 г.');
    const az = await formattersIn('az');
    expect(az.monthLabel('2026-11')).toBe('Noyabr 2026');
    expect(az.monthLabel('2026-06', 'short')).toBe('İyn 2026');
    const ro = await formattersIn('ro');
    expect(ro.monthLabel('2026-11')).toBe('Noiembrie 2026');
    for (const locale of ['tr', 'en', 'de'] as const) {
      const format = await formattersIn(locale);
      expect(format.monthLabel('2026-11')).toBe(format.month('2026-11'));
    }
  });

  it('never shows a month as 2026-11, in any language', async () => {
    for (const locale of ['tr', 'en', 'de', 'ru', 'az', 'ro'] as const) {
      const format = await formattersIn(locale);
      expect(format.month('2026-11')).not.toMatch(/2026-11|M11/);
    }
    expect((await formattersIn('tr')).percent(1)).toBe('%1');
    expect((await formattersIn('tr')).number(2_999_999)).toBe('2.999.999');
  });
});
