import { LOCALES, PAYMENT_STATUSES } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { INVOICE_TEXTS } from './invoice-texts.ts';

const labelKeys = Object.keys(INVOICE_TEXTS.en).filter((key) => key !== 'statuses').sort();

describe('invoice PDF labels', () => {
  it.each(LOCALES)('%s has every label and every payment status, none empty', (locale) => {
    const texts = INVOICE_TEXTS[locale];
    expect(texts, `${locale} is missing`).toBeDefined();
    expect(Object.keys(texts).filter((key) => key !== 'statuses').sort()).toEqual(labelKeys);
    for (const key of labelKeys) expect((texts as unknown as Record<string, string>)[key]?.trim(), `${locale}.${key}`).toBeTruthy();
    expect(Object.keys(texts.statuses).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const status of PAYMENT_STATUSES) expect(texts.statuses[status].trim(), `${locale}.statuses.${status}`).toBeTruthy();
  });

  it('only English is English: the other languages are translated', () => {
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      expect(INVOICE_TEXTS[locale].title).not.toBe(INVOICE_TEXTS.en.title);
      expect(INVOICE_TEXTS[locale].net).not.toBe(INVOICE_TEXTS.en.net);
    }
  });
});
