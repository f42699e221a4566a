import { LOCALES } from '@agency/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, TRANSFER_LIST_TEXTS, writeTransferListCsv } from './transfer-list.ts';

describe('transfer list files', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [100, '1.00'],
    [5_001, '50.01'],
    [123_456_789, '1234567.89'],
    [-1_050, '-10.50'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() => centsToDecimal(10.5)).toThrow(/whole number of cents/);
  });

  it('has every header in every language, translated where the word is not universal', () => {
    for (const locale of LOCALES) {
      const texts = TRANSFER_LIST_TEXTS[locale];
      for (const value of Object.values(texts)) expect(value.trim(), locale).not.toBe('');
      if (locale !== 'en') {
        for (const key of ['sheet', 'holder', 'amount', 'reference'] as const) expect(texts[key], `${locale} ${key}`).not.toBe(TRANSFER_LIST_TEXTS.en[key]);
      }
    }
  });

  it('neutralises every text cell that a spreadsheet would run (= + - @ tab CR)', () => {
    const lines = ['=1+1', '+49', '-2', '@SUM(A1)', '\tX', '\rY'].map((holderName, index) => ({
      holderName,
      iban: 'TR330006100519786457841326',
      bankName: 'Bank',
      amountCents: 100 + index,
      reference: index === 0 ? '=cmd|calc' : `R${index}`,
    }));
    const rows = parse(writeTransferListCsv(lines, 'en'), { bom: true, relax_quotes: true }) as string[][];
    expect(rows.slice(1).map((row) => row[0])).toEqual(["'=1+1", "'+49", "'-2", "'@SUM(A1)", "'\tX", "'\rY"]);
    expect(rows[1]![4]).toBe("'=cmd|calc");
    expect(rows.slice(1).map((row) => row[3])).toEqual(['1.00', '1.01', '1.02', '1.03', '1.04', '1.05']);
  });
});
