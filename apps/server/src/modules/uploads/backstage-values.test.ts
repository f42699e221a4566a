import { describe, expect, it } from 'vitest';
import { isCreatorQuitText, isTotalLabel, matchHeader } from './backstage-columns.ts';
import { plainDays, plainDurationSeconds } from './backstage-plain-values.ts';
import { dateOrderEvidence, daysByRules, durationSecondsByRules, parseCount, parseDateTime, parseDays, parseDurationSeconds, parsePercent, parsePeriodRange } from './backstage-values.ts';

describe('backstage value formats', () => {
  it.each([
    ['2.98M', 2_980_000],
    ['2,98M', 2_980_000],
    ['12.5K', 12_500],
    ['12.5k', 12_500],
    ['88.46K', 88_460],
  ])('count %j -> %d, flagged as approximate (a rounded figure)', (input, expected) => {
    expect(parseCount(input)).toEqual({ value: expected, approximate: true });
  });

  it.each([
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
    expect(['notANumber', 'notAWholeNumber']).toContain(parseCount(input).error);
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
    expect(parseDurationSeconds(input).error).toBe('notADuration');
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
    expect(parseDays(input).error).toBe('notDays');
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
    expect(parseDateTime('2026-02-30').error).toBe('notADate');
    expect(parseDateTime('yesterday').error).toBe('notADate');
  });

  it.each([
    ['2/3/2026', 'dmy', '2026-03-02T00:00:00.000Z'],
    ['2/3/2026', 'mdy', '2026-02-03T00:00:00.000Z'],
    ['11/14/2026 9:04 PM', 'mdy', '2026-11-14T21:04:00.000Z'],
    ['14/11/2026 21:04', 'dmy', '2026-11-14T21:04:00.000Z'],
    ['02.03.2026', 'mdy', '2026-03-02T00:00:00.000Z'],
  ] as const)('text date %j read %s -> %s (dots are always day first)', (input, order, expected) => {
    expect(parseDateTime(input, order).value?.toISOString()).toBe(expected);
  });

  it.each([
    ['15/09/2026', 'dmy'],
    ['9/15/2026 10:00 AM', 'mdy'],
    ['2/3/2026', 'either'],
    ['2026-09-15', null],
    [46_280, null],
  ] as const)('what %j says about day/month order: %s', (input, evidence) => {
    expect(dateOrderEvidence(input)).toBe(evidence);
  });

  it.each([
    ['2026-10-01 ~ 2026-10-31', { from: '2026-10-01', to: '2026-10-31' }],
    ['Data period: 2026/11/01 - 2026/11/15', { from: '2026-11-01', to: '2026-11-15' }],
    ['2026-10-31 ~ 2026-10-01', null],
    ['2026-02-30 ~ 2026-03-01', null],
    ['Exported at 2026-11-01', null],
  ] as const)('period %j -> %j', (input, expected) => {
    expect(parsePeriodRange(input)).toEqual(expected);
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
    // Turkish "Manage creators", as Backstage writes it.
    ['İçerik üreticisinin kullanıcı adı', 'username'],
    ['Temsilci', 'networkManager'],
    ['Son 30 gündeki elmaslar', 'diamondsLast30Days'],
    ['Son 30 gündeki CANLI Yayın süresi', 'liveDurationLast30Days'],
    ['Son 30 günde geçerli CANLI Yayın yapılan günler', 'validDaysLast30Days'],
    ['Katılma zamanı', 'joinTime'],
    ['Son CANLI', 'lastLive'],
    // Spanish.
    ['Nombre de usuario del creador', 'username'],
    ['ID del creador', 'creatorId'],
    ['Agente', 'networkManager'],
    ['Diamantes', 'diamonds'],
    ['Duración de LIVE', 'liveDuration'],
    ['Días válidos de emisiones LIVE', 'validDays'],
    ['Partidas', 'matches'],
    ['Diamantes en el último mes', 'diamondsLastMonth'],
    // "Selected period" and unit-suffixed layouts.
    ['Creator', 'username'],
    ['Selected period', 'selectedPeriod'],
    ['Diamonds in selected period', 'diamondsSelectedPeriod'],
    ['LIVE duration in selected period', 'liveDurationSelectedPeriod'],
    ['Valid go LIVE days in selected period', 'validDaysSelectedPeriod'],
    ['LIVE duration(h)', 'liveDuration'],
    ['Valid days(d)', 'validDays'],
    ['Joined time', 'joinTime'],
    // Case, diacritics and punctuation ignored.
    ['ICERIK URETICISININ KULLANICI ADI', 'username'],
    ['live-duration', 'liveDuration'],
    ['DIAMANTES:', 'diamonds'],
    // Beyond the alias list: the words a header is made of.
    ['Total diamonds (L30D)', 'diamondsLast30Days'],
    ['Diamanti del creatore', 'diamonds'],
    ['Elmas sayısı geçen ay', 'diamondsLastMonth'],
    ['Something else', null],
  ])('%j -> %s', (header, field) => {
    expect(matchHeader(header)).toBe(field);
  });

  it.each(['The creator has quit the network', 'İçerik üreticisi ağdan ayrıldı', 'El creador ha abandonado la red'])('%j is a creator who quit', (text) => {
    expect(isCreatorQuitText(text)).toBe(true);
  });

  it.each([['Total', true], ['TOPLAM', true], ['Summe', true], ['Итого', true], ['Genel Toplam', true], ['total.creator', false], ['ayse.live', false]] as const)(
    '%j is the label of a row of sums: %s',
    (text, expected) => {
      expect(isTotalLabel(text)).toBe(expected);
    },
  );
});

/**
 * The durations and valid days most exports write are read without regular expressions
 * (plainDurationSeconds, plainDays); everything else by the rules. Where the plain reading answers,
 * the rules must give the same value: checked on strings made of the pieces real cells are made
 * of, and of the pieces that could trip either reading.
 */
describe('the plain readings of durations and valid days agree with the rules', () => {
  // A fixed sequence (mulberry32), so that a failure can be replayed.
  const random = (() => {
    let state = 20261130;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let value = Math.imul(state ^ (state >>> 15), 1 | state);
      value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
      return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
    };
  })();
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const made = (pieces: readonly string[], most: number) => Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(pieces)).join('');

  it('a duration: the same seconds wherever the plain reading answers, and it answers for the usual forms', () => {
    const pieces = ['0', '1', '7', '12', '125', '59', '007', '99999999999999999999', 'h', 'm', 's', 'H', 'MIN', 'min', 'sa', 'saat', 'dk', 'gün', 'ч', 'd', 'x', 'e', ' ', ' ', '  ', '\t', '.', ',', ':', '\u00a0', '-', '+'];
    // Half of the strings as cells are written (number, unit, separator), half any mix of the pieces.
    const numbers = ['0', '1', '7', '12', '125', '59', '007', '99999999999999999999', '1.5', '2,25'];
    const units = ['h', 'm', 's', 'H', 'MIN', 'min', 'sa', 'saat', 'dk', 'gün', 'ч', 'd', 'x', ''];
    const token = () => `${pick(numbers)}${pick(['', '', ' ', '\t'])}${pick(units)}${pick(['', '', '.'])}`;
    const tokens = () => Array.from({ length: 1 + Math.floor(random() * 3) }, token).join(pick([' ', ' ', '', '\t', '  ', ',', '\u00a0']));
    let answered = 0;
    for (let index = 0; index < 20_000; index += 1) {
      const text = (index % 2 === 0 ? tokens() : made(pieces, 7)).trim();
      const plain = plainDurationSeconds(text);
      if (plain === undefined) continue;
      answered += 1;
      expect({ text, parsed: { value: plain } }).toEqual({ text, parsed: durationSecondsByRules(text) });
    }
    expect(answered).toBeGreaterThan(2_000);
    for (const [text, seconds] of [['125h 8m 10s', 125 * 3600 + 8 * 60 + 10], ['0h 0m 0s', 0], ['1h30min', 5400], ['3 H 5 MIN', 3 * 3600 + 300], ['2d 3h.', 2 * 86_400 + 3 * 3600], ['3sa 30dk', 3 * 3600 + 1800]] as const) {
      expect(plainDurationSeconds(text)).toBe(seconds);
      expect(parseDurationSeconds(text)).toEqual({ value: seconds });
    }
    // Left to the rules: decimals, clocks, bare numbers, other letters, other spaces.
    for (const text of ['88.46h', '88,46h', '01:30:00', '88.46', '5 gün', '5\u00a0h', '12x', 'h', '', '-']) expect(plainDurationSeconds(text)).toBeUndefined();
  });

  it('valid days: the same number wherever the plain reading answers, and it answers for the usual forms', () => {
    const pieces = ['0', '3', '21', '31', '32', '007', '123456789', 'd', 'D', 'days', 'g', 'gün', 'tage', 'zile', 'дн', ' ', '  ', '.', ',', 'x', '-'];
    let answered = 0;
    for (let index = 0; index < 20_000; index += 1) {
      const text = made(pieces, 4).trim();
      const plain = plainDays(text);
      if (plain === undefined) continue;
      answered += 1;
      const parsed = plain <= 31 ? { value: plain } : { error: 'notDays' };
      expect({ text, parsed }).toEqual({ text, parsed: daysByRules(text) });
      expect(parseDays(text)).toEqual(parsed);
    }
    expect(answered).toBeGreaterThan(500);
    for (const [text, days] of [['21d', 21], ['21', 21], ['3 D.', 3], ['0d', 0]] as const) expect(plainDays(text)).toBe(days);
    for (const text of ['3g', '21 days', '2.5', '-', '', '1 2']) expect(plainDays(text)).toBeUndefined();
  });
});
