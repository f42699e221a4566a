import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS, LOCALES, MESSAGES } from '@agency/shared';

const SCRIPT = resolve(__dirname, 'i18n-check.mjs');

type Tree = Record<string, unknown>;
type Fixture = Record<string, Record<string, Tree>>;

/** A complete, translated fixture: `common` plus every error and message code, in the six locales. */
function completeFixture(): Fixture {
  const fixture: Fixture = {};
  for (const locale of LOCALES) {
    const say = (english: string) => (locale === 'en' ? english : `[${locale}] ${english}`);
    fixture[locale] = {
      common: {
        greeting: { title: say('Welcome back'), body: say('Your month at a glance') },
        actions: { retry: say('Try again'), save: say('Save changes'), cancel: say('Cancel this') },
        brand: 'TikTok LIVE',
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
    expect(result.output).toMatch(/de\/common: 5 of 5 values are identical to English/);
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

  it('passes on the real locale files of the namespaces owned by the app shell', () => {
    const result = check('--namespaces', 'common,errors,messages,nav');
    expect(result.output).toContain('i18n check passed');
    expect(result.code).toBe(0);
  });
});
