import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18next, { changeLanguage, i18nReady } from './i18n.ts';

/**
 * Texts with a count are i18next plural families (`key_one`, `key_few`, `key_many`, `key_other`),
 * chosen by Intl.PluralRules for the language; the code passes a number as `count` and
 * `{{count, number}}` writes it in the language's number format.
 */
const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function tIn(locale: 'en' | 'tr' | 'de' | 'az' | 'ru' | 'ro', namespace: string) {
  await changeLanguage(locale);
  await i18next.loadNamespaces(namespace);
  return (key: string, options: Record<string, unknown>) => nbsp(i18next.t(`${namespace}:${key}`, options));
}

beforeAll(async () => {
  await i18nReady;
});
afterAll(async () => {
  await changeLanguage('tr');
});

describe('plural texts', () => {
  it('chooses the English and German forms (one, other)', async () => {
    const en = await tIn('en', 'earnings');
    expect(en('requirement.leftDays', { count: 1 })).toBe('You still need 1 valid LIVE day.');
    expect(en('requirement.leftDays', { count: 3 })).toBe('You still need 3 valid LIVE days.');
    const de = await tIn('de', 'earnings');
    expect(de('requirement.leftDays', { count: 1 })).toBe('Ihnen fehlt noch 1 gültiger LIVE-Tag.');
    expect(de('requirement.leftDays', { count: 2 })).toBe('Ihnen fehlen noch 2 gültige LIVE-Tage.');
  });

  it.each([
    [1, '1 засчитанный день эфира'],
    [2, '2 засчитанных дня эфира'],
    [5, '5 засчитанных дней эфира'],
    [11, '11 засчитанных дней эфира'],
    [21, '21 засчитанный день эфира'],
    [0, '0 засчитанных дней эфира'],
  ])('Russian: %i -> %s (one, few, many)', async (count, expected) => {
    const ru = await tIn('ru', 'earnings');
    expect(ru('units.validDays', { count })).toBe(expected);
  });

  it.each([
    [1, '1 zi LIVE validă'],
    [2, '2 zile LIVE valide'],
    [19, '19 zile LIVE valide'],
    [20, '20 de zile LIVE valide'],
    [101, '101 zile LIVE valide'],
  ])('Romanian: %i -> %s (one, few, other with "de")', async (count, expected) => {
    const ro = await tIn('ro', 'earnings');
    expect(ro('units.validDays', { count })).toBe(expected);
  });

  it('writes the number in the language format and keeps Turkish and Azerbaijani nouns singular', async () => {
    const tr = await tIn('tr', 'uploads');
    expect(tr('report.warningsTitle', { count: 1 })).toBe('1 uyarı');
    expect(tr('report.warningsTitle', { count: 12345 })).toBe('12.345 uyarı');
    const az = await tIn('az', 'uploads');
    expect(az('report.warningsTitle', { count: 4 })).toBe('4 xəbərdarlıq');
    const de = await tIn('de', 'uploads');
    expect(de('report.warningsTitle', { count: 12345 })).toBe('12.345 Warnungen');
  });

  it('formats with the app number format (formatNumber: at most 2 decimals), not Intl defaults', () => {
    expect(i18next.services.formatter?.format(1.2345, 'number', 'en')).toBe('1.23');
  });

  it('puts two counts in one sentence through their own plural phrases', async () => {
    const en = await tIn('en', 'earnings');
    const days = en('units.validDays', { count: 1 });
    const hours = en('units.liveHours', { count: 5 });
    expect(en('requirement.leftBoth', { days, hours })).toBe('You still need 1 valid LIVE day and 5 hours of LIVE.');
  });

  it('never reads a value from an uploaded file as syntax', async () => {
    const en = await tIn('en', 'uploads');
    const cell = '{{count}} $t(uploads:title) {count, plural, other {#}}';
    expect(en('warnings.noteRow.text', { value: cell, count: 2 })).toBe(`A row without a username ("${cell}"): skipped.`);
  });
});

describe('a month at the start of a text', () => {
  it('starts with a capital letter where the language writes months in lower case ({{month, capitalize}})', async () => {
    const ru = await tIn('ru', 'finance');
    expect(ru('dashboard.noUpload', { month: 'ноябрь 2026 г.' })).toBe('Ноябрь 2026 г.: в этом месяце загрузок ещё не было');
    const ro = await tIn('ro', 'forecasts');
    expect(ro('dashboard.empty', { month: 'noiembrie 2026' })).toMatch(/^Noiembrie 2026: /);
    // Azerbaijani (like Turkish) capitalises the dotted i as İ.
    const az = await tIn('az', 'earnings');
    expect(az('publisher.noUpload', { month: 'iyun 2026' })).toMatch(/^İyun 2026 · /);
    const en = await tIn('en', 'finance');
    expect(en('dashboard.noUpload', { month: 'November 2026' })).toBe('November 2026: no upload this month yet');
  });
});
