import { LOCALES } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { briefLink, briefText } from './brief-texts.ts';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `id${index}`);
const name = (id: string) => `user.${id}`;

function rendered(locale: (typeof LOCALES)[number], count: number) {
  return briefText(locale, { atRisk: ids(count), outOfReach: ids(count), wentDark: ids(count), tier: { rateBps: 200, diamondsNeeded: 412_000 } }, name);
}

describe('daily brief texts, in every language', () => {
  it.each(LOCALES)('%s: a title, one line per kind of news, the names and the numbers in place', (locale) => {
    const { title, lines } = rendered(locale, 2);
    expect(title.trim()).toBeTruthy();
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(0, 3)) {
      expect(line).toContain('@user.id0, @user.id1');
      expect(line).not.toContain('#');
    }
    expect(lines[3]).toMatch(/412\D000/);
    expect(lines[3]).toMatch(/2/);
    expect(briefLink(locale, 'https://agency.example/app')).toContain('https://agency.example/app');
  });

  it('only English is English', () => {
    const english = rendered('en', 2);
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      const texts = rendered(locale, 2);
      expect(texts.title, locale).not.toBe(english.title);
      texts.lines.forEach((line, index) => expect(line, `${locale} line ${index}`).not.toBe(english.lines[index]));
    }
  });

  it('plural forms by CLDR category: one, few and many creators read differently where the language has them', () => {
    // Lines: out of reach, at risk, went dark, the tier.
    expect(rendered('en', 1).lines[1]).toMatch(/^1 creator is at risk/);
    expect(rendered('en', 3).lines[1]).toMatch(/^3 creators are at risk/);
    expect(rendered('de', 1).lines[2]).toMatch(/^1 Creator ist seit/);
    expect(rendered('de', 3).lines[2]).toMatch(/^3 Creator sind seit/);
    expect(rendered('ru', 1).lines[0]).toMatch(/^1 автор уже не сможет/);
    expect(rendered('ru', 3).lines[0]).toMatch(/^3 автора уже не смогут/);
    expect(rendered('ru', 5).lines[0]).toMatch(/^5 авторов уже не смогут/);
    expect(rendered('ro', 1).lines[0]).toMatch(/^1 creator nu mai poate/);
    expect(rendered('ro', 3).lines[0]).toMatch(/^3 creatori nu mai pot/);
    expect(rendered('ro', 25).lines[0]).toMatch(/^25 de creatori nu mai pot/);
    // Turkish and Azerbaijani keep the noun singular after a number.
    expect(rendered('tr', 3).lines[1]).toMatch(/^3 yayıncı /);
    expect(rendered('az', 3).lines[1]).toMatch(/^3 yayımçı /);
  });

  it('names beyond the first ten are counted, not listed', () => {
    const { lines } = briefText('en', { atRisk: ids(12), outOfReach: [], wentDark: [], tier: null }, name);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^12 creators are at risk .*: (@user\.id\d+, ){9}@user\.id\d+ \(\+2\)$/);
  });
});
