import { describe, expect, it } from 'vitest';
import { formatText } from './plural-text.ts';

const rows = '{count, plural, one {# row} few {# rows (few)} many {# rows (many)} other {# rows}}';

describe('formatText: ICU plural blocks and {{variables}}', () => {
  it.each([
    ['en', 1, '1 row'],
    ['en', 2, '2 rows'],
    ['ru', 1, '1 row'],
    ['ru', 3, '3 rows (few)'],
    ['ru', 5, '5 rows (many)'],
    ['ru', 21, '21 row'],
    ['ro', 2, '2 rows (few)'],
    ['ro', 20, '20 rows'],
    ['tr', 1, '1 row'],
    ['tr', 4, '4 rows'],
  ])('%s, %i -> %s', (locale, count, expected) => {
    expect(formatText(rows, { count }, locale)).toBe(expected);
  });

  it('prefers an exact =N branch and formats # with the given number format', () => {
    const template = '{count, plural, =0 {none} one {# error} other {# errors}}';
    expect(formatText(template, { count: 0 }, 'en')).toBe('none');
    expect(formatText(template, { count: 12345 }, 'tr', (value) => value.toLocaleString('tr-TR'))).toBe('12.345 errors');
  });

  it('fills {{variables}} inside and outside a plural block', () => {
    const template = '{count, plural, one {# creator of {{month}} is} other {# creators of {{month}} are}} missing ({{month}})';
    expect(formatText(template, { count: 2, month: 'Ekim 2026' }, 'en')).toBe('2 creators of Ekim 2026 are missing (Ekim 2026)');
  });

  it('never reads a value from the file as syntax', () => {
    const template = 'A note row ("{{value}}"): skipped';
    expect(formatText(template, { value: '{count, plural, other {#}} {{x}}' }, 'en')).toBe('A note row ("{count, plural, other {#}} {{x}}"): skipped');
  });

  it('leaves a text without blocks, or with a broken block, as it is', () => {
    expect(formatText('Rows read: {{count}}', { count: 3 }, 'en')).toBe('Rows read: 3');
    expect(formatText('{count, plural, one {# row}', { count: 3 }, 'en')).toBe('{count, plural, one {# row}');
  });
});
