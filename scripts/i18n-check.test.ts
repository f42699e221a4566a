import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS, LOCALES, MESSAGES } from '@agency/shared';

const SCRIPT = resolve(__dirname, 'i18n-check.mjs');

type Tree = Record<string, unknown>;
type Fixture = Record<string, Record<string, Tree>>;

const ACCENTS: Record<string, string> = { a: 'ä', e: 'ë', i: 'ï', o: 'ö', u: 'ü', A: 'Ä', E: 'Ë', I: 'Ï', O: 'Ö', U: 'Ü' };

/** A stand-in translation: no English word left (vowels accented), placeholders kept. */
function pseudo(locale: string, english: string): string {
  const text = english.split(/(\{\{[^}]*\}\})/).map((part) => (part.startsWith('{{') ? part : part.replace(/[aeiouAEIOU]/g, (vowel) => ACCENTS[vowel]!))).join('');
  return `[${locale}] ${text}`;
}

/** `{{count, number}} row(s) in {{sheet}}` with exactly the plural categories of the language. */
function rowsFamily(locale: string): Tree {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const say = (english: string) => (locale === 'en' ? english : pseudo(locale, english));
  return Object.fromEntries(categories.map((category) => [`rows_${category}`, say(category === 'one' ? '{{count, number}} row in {{sheet}}' : `{{count, number}} rows in {{sheet}} (${category})`)]));
}

/** A complete, translated fixture: `common` plus every error and message code, in the six locales. */
function completeFixture(): Fixture {
  const fixture: Fixture = {};
  for (const locale of LOCALES) {
    const say = (english: string) => (locale === 'en' ? english : pseudo(locale, english));
    fixture[locale] = {
      common: {
        greeting: { title: say('Welcome back, {{name}}'), body: say('Your month at a glance') },
        actions: { retry: say('Try again'), save: say('Save changes'), cancel: say('Cancel this') },
        brand: 'TikTok LIVE',
        report: rowsFamily(locale),
      },
      errors: Object.fromEntries([...Object.entries(ERRORS).map(([code, { message }]) => [code, say(message)]), ['NETWORK_ERROR', say('No connection')]]),
      messages: Object.fromEntries(Object.entries(MESSAGES).map(([code, text]) => [code, say(text)])),
    };
  }
  return fixture;
}

let dir: string;

function writeFixture(fixture: Fixture): string {
  const localesDir = join(dir, 'locales');
  for (const [locale, namespaces] of Object.entries(fixture)) {
    mkdirSync(join(localesDir, locale), { recursive: true });
    for (const [ns, tree] of Object.entries(namespaces)) writeFileSync(join(localesDir, locale, `${ns}.json`), JSON.stringify(tree, null, 2));
  }
  return localesDir;
}

function check(...args: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const checkLocales = (fixture: Fixture) => check('--locales', writeFixture(fixture), '--skip-jsx');

/** The problem lines of a failed check (its last line is the count). */
function problemsOf(result: { code: number | null; output: string }): string[] {
  expect(result.code).toBe(1);
  return result.output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('i18n check failed'));
}

describe('i18n-check', () => {
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a complete set of translations', () => {
    const result = checkLocales(completeFixture());
    expect(result.output).toContain('i18n check passed');
    expect(result.code).toBe(0);
  });

  it('fails on a missing key', () => {
    const fixture = completeFixture();
    delete (fixture.de!.common!.greeting as Tree).body;
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toContain('de/common: missing key greeting.body');
  });

  it('fails on an extra key', () => {
    const fixture = completeFixture();
    (fixture.ro!.common!.actions as Tree).delete = '[ro] Delete';
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toContain('ro/common: extra key actions.delete');
  });

  it('fails when a namespace file is missing in one language', () => {
    const fixture = completeFixture();
    delete fixture.ru!.messages;
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toContain('ru/messages: missing file messages.json');
  });

  it('fails on an empty value', () => {
    const fixture = completeFixture();
    (fixture.az!.common!.actions as Tree).save = '  ';
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toContain('az/common: empty value for key actions.save');
  });

  it('fails when errors lacks a shared error code, in every language', () => {
    const fixture = completeFixture();
    for (const locale of LOCALES) delete fixture[locale]!.errors!.OTP_INVALID;
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toContain('en/errors: missing error code OTP_INVALID');
    expect(result.output).toContain('tr/errors: missing error code OTP_INVALID');
  });

  it('fails when messages lacks a shared message code', () => {
    const fixture = completeFixture();
    for (const locale of LOCALES) delete fixture[locale]!.messages!.APPLICATION_SUBMITTED;
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toContain('en/messages: missing message code APPLICATION_SUBMITTED');
  });

  it('fails when the English text of a catalogue message differs from the catalogue', () => {
    const fixture = completeFixture();
    fixture.en!.errors!.OTP_INVALID = 'The code is wrong';
    fixture.en!.messages!.APPLICATION_SUBMITTED = 'Thanks!';
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toContain('en/errors: OTP_INVALID must read exactly "Invalid otp try again"');
    expect(result.output).toContain('en/messages: APPLICATION_SUBMITTED must read exactly "Application Submitted!"');
  });

  it('fails on an untranslated copy of English, but not on universal words', () => {
    const fixture = completeFixture();
    fixture.de!.common = structuredClone(fixture.en!.common!);
    const result = checkLocales(fixture);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/de\/common: 7 of 7 values are identical to English/);
    // "TikTok LIVE" is the same in every language and is not counted
    expect(result.output).not.toMatch(/tr\/common/);
  });

  it('fails on literal text in JSX and accepts translated text and marked exceptions', () => {
    const src = join(dir, 'src');
    mkdirSync(join(src, 'features'), { recursive: true });
    writeFileSync(
      join(src, 'features', 'good.tsx'),
      [
        "export const Good = ({ t }: { t: (key: string) => string }) => (",
        '  <div aria-label={t("a11y.label")}>',
        '    {t("greeting.title")} 404 · {"·"}',
        '    {/* i18n-ignore */}',
        '    <code>npm run dev</code>',
        '  </div>',
        ');',
      ].join('\n'),
    );
    writeFileSync(join(src, 'features', 'good.test.tsx'), 'export const T = () => <p>Only in a test</p>;');
    expect(check('--locales', writeFixture(completeFixture()), '--src', src).code).toBe(0);

    writeFileSync(
      join(src, 'features', 'bad.tsx'),
      ['export const Bad = () => (', '  <section>', '    <h1>Welcome back</h1>', '    <input placeholder="Your name" />', "    {'Hello'}", '  </section>', ');'].join('\n'),
    );
    const result = check('--locales', join(dir, 'locales'), '--src', src);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/features\/bad\.tsx:3: literal text in JSX: "Welcome back"/);
    expect(result.output).toMatch(/features\/bad\.tsx:4: literal text in JSX: "placeholder=\\?"Your name/);
    expect(result.output).toMatch(/features\/bad\.tsx:5: literal text in JSX: "Hello"/);
    expect(result.output).not.toContain('good.tsx');
  });

  describe('plural families', () => {
    it('passes when every language has exactly its CLDR categories (ru: one, few, many, other; ro: one, few, other)', () => {
      const fixture = completeFixture();
      expect(Object.keys(fixture.ru!.common!.report as Tree)).toEqual(['rows_few', 'rows_many', 'rows_one', 'rows_other']);
      expect(Object.keys(fixture.ro!.common!.report as Tree)).toEqual(['rows_few', 'rows_one', 'rows_other']);
      const result = checkLocales(fixture);
      expect(result.output).toContain('i18n check passed');
      expect(result.code).toBe(0);
    });

    it('fails on a missing plural form', () => {
      const fixture = completeFixture();
      delete (fixture.ru!.common!.report as Tree).rows_many;
      expect(problemsOf(checkLocales(fixture))).toEqual(['ru/common: missing plural form report.rows_many (ru needs one, few, many, other)']);
    });

    it('fails on a plural form the language does not have', () => {
      const fixture = completeFixture();
      (fixture.de!.common!.report as Tree).rows_few = '[de] {{count, number}} Zëïlën in {{sheet}}';
      expect(problemsOf(checkLocales(fixture))).toEqual(['de/common: extra plural form report.rows_few (de has only one, other)']);
    });

    it('compares families as keys: a plain key where English has plural forms is missing and extra', () => {
      const fixture = completeFixture();
      fixture.tr!.common!.report = { rows: '[tr] {{count}} sätır, {{sheet}}' };
      expect(problemsOf(checkLocales(fixture))).toEqual([
        'tr/common: extra key report.rows',
        'tr/common: missing key report.rows (plural forms report.rows_one, report.rows_other)',
      ]);
    });

    it('fails when English shows {{count}} without plural forms', () => {
      const fixture = completeFixture();
      for (const locale of LOCALES) (fixture[locale]!.common!.actions as Tree).total = locale === 'en' ? 'Rows: {{count}}' : pseudo(locale, 'Rows: {{count}}');
      expect(problemsOf(checkLocales(fixture))).toEqual(['en/common: key actions.total shows {{count}} but is not a plural family (actions.total_one, actions.total_other)']);
    });

    it('fails on an ICU plural block, which i18next does not read', () => {
      const fixture = completeFixture();
      (fixture.az!.common!.actions as Tree).save = '{count, plural, one {# sätïr} other {# sätïr}}';
      expect(problemsOf(checkLocales(fixture))).toEqual([
        'az/common: key actions.save uses an ICU block ("{count, plural, ...}") that i18next does not read: use plural keys (actions.save_one, actions.save_other...)',
      ]);
    });
  });

  describe('placeholders', () => {
    it('fails when a value lacks or adds a placeholder of English', () => {
      const fixture = completeFixture();
      (fixture.de!.common!.greeting as Tree).title = '[de] Wïllkömmën zürück, {{nmae}}';
      expect(problemsOf(checkLocales(fixture))).toEqual(['de/common: placeholders of key greeting.title differ from English: lacks {{name}} and has {{nmae}} that English does not']);
    });

    it('compares each plural form with the English family, and lets a form leave out count', () => {
      const fixture = completeFixture();
      (fixture.ro!.common!.report as Tree).rows_one = '[ro] Ün rând în {{sheet}}';
      expect(checkLocales(fixture).code).toBe(0);
      (fixture.ru!.common!.report as Tree).rows_few = '[ru] {{count, number}} строки';
      expect(problemsOf(checkLocales(fixture))).toEqual(['ru/common: placeholders of key report.rows_few differ from English: lacks {{sheet}}']);
    });
  });

  describe('formal register', () => {
    it.each([
      ['tr', 'Bu dosyayı şimdi yapabilirsin', 'yapabilirsin'],
      ['tr', 'Kalan bakiyen', 'bakiyen'],
      ['tr', 'Getirdiğin yayıncılar', 'getirdiğin'],
      ['tr', 'Sana bir kod gönderdik', 'sana'],
      ['de', 'Hier siehst du deine Einnahmen', 'du'],
      ['de', 'Dir fehlen noch Tage', 'dir'],
      ['az', 'Faylı yükləyə bilərsən', 'bilərsən'],
      ['az', 'Sənin balansın', 'sənin'],
      ['ru', 'Здесь твой доход', 'твой'],
      ['ru', 'Ты можешь загрузить файл', 'ты'],
      ['ro', 'Poți descărca factura', 'poți'],
      ['ro', 'Parola ta a fost schimbată', 'ta'],
      ['ro', 'Mai ai nevoie de zile', 'ai nevoie'],
    ])('fails on informal %s: "%s"', (locale, text, word) => {
      const fixture = completeFixture();
      (fixture[locale]!.common!.greeting as Tree).body = text;
      const problems = problemsOf(checkLocales(fixture));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${locale}/common: informal "${word}" in key greeting\\.body: use the formal register`));
    });

    it.each([
      ['tr', 'Bu dosyayı yükleyince bakiyenizi görebilirsiniz; kayıt onaylansın diye bekleyin. Ajansın hesabı.'],
      ['de', 'Hier sehen Sie Ihre Einnahmen; Ihnen fehlen noch Tage.'],
      ['az', 'Faylı yükləyə bilərsiniz. Yenisini istəyin, gözləyin; insan.'],
      ['ru', 'Здесь ваш доход; лишь один раз. Вы можете загрузить файл.'],
      ['ro', 'Membrii ai agenției pot descărca; puteți încerca. Aveți nevoie de zile.'],
    ])('accepts formal %s: "%s"', (locale, text) => {
      const fixture = completeFixture();
      (fixture[locale]!.common!.greeting as Tree).body = text;
      expect(checkLocales(fixture).code).toBe(0);
    });
  });

  describe('English left in a translation', () => {
    it('fails on a value identical to English with two or more English words', () => {
      const fixture = completeFixture();
      (fixture.ro!.common!.actions as Tree).retry = 'Try again';
      expect(problemsOf(checkLocales(fixture))).toEqual(['ro/common: English left in key actions.retry: the English text unchanged ("Try again")']);
    });

    it('fails on a common English word inside a translation', () => {
      const fixture = completeFixture();
      (fixture.tr!.common!.actions as Tree).save = 'Please kaydedin';
      expect(problemsOf(checkLocales(fixture))).toEqual(['tr/common: English left in key actions.save: the English word "Please"']);
    });

    it('accepts brand and product words, universal words and the German Upload', () => {
      const fixture = completeFixture();
      for (const locale of LOCALES) (fixture[locale]!.common!.actions as Tree).open = 'TikTok LIVE Backstage';
      (fixture.de!.common!.actions as Tree).save = 'Upload speichern';
      expect(checkLocales(fixture).code).toBe(0);
    });
  });

  it('passes on the real locale files of the namespaces owned by the app shell', () => {
    const result = check('--namespaces', 'common,errors,messages,nav');
    expect(result.output).toContain('i18n check passed');
    expect(result.code).toBe(0);
  });
});
