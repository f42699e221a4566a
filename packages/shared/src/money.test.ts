import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it.each([
    ['en', 40_000, '$400.00'],
    ['tr', 40_000, '$400,00'],
    ['de', 123_456_789, '1.234.567,89 $'],
    ['en', 5, '$0.05'],
    ['tr', null, '$0,00'],
  ] as const)('%s %s cents -> %s', (locale, cents, text) => {
    expect(formatMoney(cents, locale).replace(/\u00a0/g, ' ')).toBe(text);
  });
});

describe('dollarsToCents', () => {
  it.each([
    ['50', 5000],
    ['50.5', 5050],
    ['50,05', 5005],
    ['0.01', 1],
    ['1.234,56', null],
    ['-5', null],
    ['abc', null],
  ] as const)('%s -> %s', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });
});
