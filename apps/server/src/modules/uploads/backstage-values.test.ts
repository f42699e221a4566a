import { describe, expect, it } from 'vitest';
import { matchHeader } from './backstage-columns.ts';
import { parseCount, parseDateTime, parseDays, parseDurationSeconds, parsePercent } from './backstage-values.ts';

describe('backstage value formats', () => {
  it.each([
    ['2.98M', 2_980_000],
    ['2,98M', 2_980_000],
    ['12.5K', 12_500],
    ['12.5k', 12_500],
    ['1,055', 1_055],
    ['1,234,567', 1_234_567],
    ['1.055', 1_055],
    ['1.234.567', 1_234_567],
    ['1,234.0', 1_234],
    ['1.234,0', 1_234],
    ['1 055', 1_055],
    ['-', 0],
    ['', 0],
    ['—', 0],
    [4200, 4_200],
    [null, 0],
    ['0', 0],
  ])('count %j -> %d', (input, expected) => {
    expect(parseCount(input)).toEqual({ value: expected });
  });

  it.each([['lots'], ['1.5'], ['12,5'], ['-5'], [-1], [1.5], ['1,05,5'], ['1e6']])('count %j is an error', (input) => {
    expect(parseCount(input).error).toEqual(expect.any(String));
  });

  it.each([
    ['119h 47m 31s', 119 * 3600 + 47 * 60 + 31],
    ['88.46h', 318_456],
    ['88,46h', 318_456],
    ['45m', 2_700],
    ['30s', 30],
    ['2d 3h', 2 * 86_400 + 3 * 3600],
    ['119 h 47 m', 119 * 3600 + 47 * 60],
    ['3sa 30dk', 3 * 3600 + 30 * 60],
    ['01:30:00', 5_400],
    ['88.46', 318_456],
    [88.46, 318_456],
    ['-', 0],
    [null, 0],
  ])('duration %j -> %d s', (input, expected) => {
    expect(parseDurationSeconds(input)).toEqual({ value: expected });
  });

  it.each([['soon'], ['12x'], ['h'], [-3]])('duration %j is an error', (input) => {
    expect(parseDurationSeconds(input).error).toEqual(expect.any(String));
  });

  it.each([
    ['21d', 21],
    ['21', 21],
    [21, 21],
    ['3g', 3],
    ['21 days', 21],
    ['-', 0],
  ])('valid days %j -> %d', (input, expected) => {
    expect(parseDays(input)).toEqual({ value: expected });
  });

  it.each([['32'], [40], ['2.5'], ['many']])('valid days %j is an error', (input) => {
    expect(parseDays(input).error).toEqual(expect.any(String));
  });

  it.each([
    ['90.13%', 0.9013],
    ['0.9013', 0.9013],
    ['90,13 %', 0.9013],
    [0.5, 0.5],
    ['-', 0],
  ])('percentage %j -> %d', (input, expected) => {
    expect(parsePercent(input).value).toBeCloseTo(expected, 10);
  });

  it.each([
    ['2026-09-15 21:04', '2026-09-15T21:04:00.000Z'],
    ['2026-09-15 21:04:05', '2026-09-15T21:04:05.000Z'],
    ['2026/09/15', '2026-09-15T00:00:00.000Z'],
    ['15.09.2026 21:04', '2026-09-15T21:04:00.000Z'],
    [46_280, '2026-09-15T00:00:00.000Z'],
  ])('last LIVE %j -> %s', (input, expected) => {
    expect(parseDateTime(input).value?.toISOString()).toBe(expected);
  });

  it('last LIVE: a dash is no date, nonsense is an error', () => {
    expect(parseDateTime('-')).toEqual({ value: null });
    expect(parseDateTime('2026-02-30').error).toEqual(expect.any(String));
    expect(parseDateTime('yesterday').error).toEqual(expect.any(String));
  });
});

describe('backstage headers', () => {
  it.each([
    ["Creator's username", 'username'],
    ['Creator’s username', 'username'],
    ['  CREATOR   USERNAME ', 'username'],
    ['Creator ID:', 'creatorId'],
    ['Yayıncının kullanıcı adı', 'username'],
    ['KULLANICI ADI', 'username'],
    ['Elmaslar', 'diamonds'],
    ['ELMAS', 'diamonds'],
    ['CANLI yayın süresi', 'liveDuration'],
    ['Canlı yayın süresi', 'liveDuration'],
    ['Geçerli CANLI yayın günleri', 'validDays'],
    ['Diamanten', 'diamonds'],
    ['Алмазы', 'diamonds'],
    ['Diamonds in L30D', 'diamondsLast30Days'],
    ['Diamonds last month', 'diamondsLastMonth'],
    ['LIVE duration (hours) last month', 'liveDurationLastMonth'],
    ['Something else', null],
  ])('%j -> %s', (header, field) => {
    expect(matchHeader(header)).toBe(field);
  });
});
