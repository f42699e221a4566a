#!/usr/bin/env node
/**
 * Translation check (`npm run i18n:check`, part of `npm test`).
 *
 *   node scripts/i18n-check.mjs [--locales <dir>] [--src <dir>] [--namespaces common,errors,...] [--skip-jsx]
 *
 * Fails (exit 1) when, for the six locales of packages/shared/src/locales.ts:
 * - a namespace file is missing in a language (namespaces: NAMESPACES of apps/web/src/lib/i18n.ts
 *   plus every file found), or is not valid JSON;
 * - a language has a key that `en` lacks (extra) or lacks one of `en` (missing), in any namespace;
 *   plural keys (`rows_one`, `rows_few`, `rows_other`, i18next's v4 suffixes) are compared as a
 *   family: every language has the family with exactly the categories of
 *   `Intl.PluralRules(lang).resolvedOptions().pluralCategories` (en/tr/de/az: one, other;
 *   ru: one, few, many, other; ro: one, few, other), no more, no fewer;
 * - an English value shows `{{count}}` without being a plural family (the code passes a number as
 *   `count` and each language chooses its form), or any value holds an ICU block
 *   (`{count, plural, ...}`), which i18next does not read;
 * - a value's `{{placeholders}}` differ from English (names compared, formats such as
 *   `{{count, number}}` ignored; in a plural family `count` may be left out of a form, and a form is
 *   compared with every placeholder the English family uses);
 * - a value is empty or not a string;
 * - a non-English value uses an informal form (the list INFORMAL of i18n-check-wording.mjs: tr/az
 *   second-person singular, de du/dich/dir/dein..., ru ты/тебя/твой..., ro tu/te/tău/poți...): one
 *   formal register per language (siz / Sie / siz / вы / dumneavoastră, docs/product.md §18);
 * - a non-English value still holds English: the same text as English with two or more English
 *   words (brand and product words of ALLOWED_WORDS aside), or a common English word of
 *   COMMON_ENGLISH ("the", "your", "please", "payment"...) among its words;
 * - `errors` lacks a code of the shared ERRORS (or NETWORK_ERROR), `messages` a code of MESSAGES,
 *   or the English text of a catalogue message differs from the catalogue (docs/product.md §20);
 * - a non-English namespace has more than 40 % of its values identical to English (an untranslated
 *   copy); values that are the same in every language (numbers, "LIVE", "TikTok", "IBAN", ...) do not count;
 * - a .tsx file under the web app's src has literal text in JSX: a text node with letters, a string
 *   literal as a child, or a literal in a visible attribute (aria-label, title, placeholder, alt, label,
 *   description, error). `// i18n-ignore` (or `{/* i18n-ignore *\/}`) on the line or the line above
 *   skips one place; `// i18n-ignore-file` skips a file. Tests and test helpers are not checked.
 *
 * This file runs the checks; the rules are in i18n-check-sources.mjs (the shared sources read as
 * text), i18n-check-locales.mjs (the locale files), i18n-check-wording.mjs (informal forms, English
 * left in) and i18n-check-jsx.mjs (literal text in JSX).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findJsxLiterals, listTsx } from './i18n-check-jsx.mjs';
import { checkLocaleFiles } from './i18n-check-locales.mjs';
import { DEFAULT_LOCALES_DIR, DEFAULT_SRC_DIR, readErrors, readLocales, readMessages, REFERENCE } from './i18n-check-sources.mjs';

export { findJsxLiterals } from './i18n-check-jsx.mjs';
export { flatten, groupPlurals, placeholdersOf, pluralCategories } from './i18n-check-locales.mjs';
export { readErrors, readLocales, readMessages } from './i18n-check-sources.mjs';
export { findEnglish, findInformal } from './i18n-check-wording.mjs';

const EXTRA_ERROR_CODES = ['NETWORK_ERROR'];

// ---------------------------------------------------------------- entry point

export async function runChecks({ localesDir = DEFAULT_LOCALES_DIR, srcDir = DEFAULT_SRC_DIR, namespaces, skipJsx = false } = {}) {
  const problems = [];
  const locales = readLocales();
  const errors = readErrors();
  const messages = readMessages();
  const errorCodes = [...Object.keys(errors), ...EXTRA_ERROR_CODES];
  const { namespaces: checked, keyCount } = checkLocaleFiles({ localesDir, locales, namespaces, errorCodes, messages, errors, problems });
  let jsxFiles = 0;
  if (!skipJsx && existsSync(srcDir)) {
    const literals = await findJsxLiterals(srcDir);
    problems.push(...literals);
    jsxFiles = listTsx(srcDir).length;
  }
  return { problems, locales, namespaces: checked, keyCount, jsxFiles };
}

function parseArguments(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined) throw new Error(`${argument} needs a value`);
      i += 1;
      return next;
    };
    if (argument === '--locales') options.localesDir = resolve(value());
    else if (argument === '--src') options.srcDir = resolve(value());
    else if (argument === '--namespaces') options.namespaces = value().split(',').map((ns) => ns.trim()).filter(Boolean);
    else if (argument === '--skip-jsx') options.skipJsx = true;
    else throw new Error(`Unknown argument ${argument}`);
  }
  return options;
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`i18n check: ${error.message}`);
    process.exit(2);
  }
  const result = await runChecks(options);
  if (result.problems.length > 0) {
    for (const problem of result.problems) console.error(problem);
    console.error(`\ni18n check failed: ${result.problems.length} problem(s).`);
    process.exit(1);
  }
  const jsx = options.skipJsx ? 'JSX not checked' : `${result.jsxFiles} .tsx files without literal text`;
  console.log(`i18n check passed: ${result.locales.length} languages, namespaces ${result.namespaces.join(', ')} (${result.keyCount} keys in ${REFERENCE}), ${jsx}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
