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
 * - a non-English value uses an informal form (the list INFORMAL below: tr/az second-person
 *   singular, de du/dich/dir/dein..., ru ты/тебя/твой..., ro tu/te/tău/poți...): one formal register
 *   per language (siz / Sie / siz / вы / dumneavoastră, docs/product.md §18);
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
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SHARED = join(ROOT, 'packages/shared/src');
const DEFAULT_LOCALES_DIR = join(ROOT, 'apps/web/src/locales');
const DEFAULT_SRC_DIR = join(ROOT, 'apps/web/src');
const I18N_MODULE = join(ROOT, 'apps/web/src/lib/i18n.ts');

const REFERENCE = 'en';
const UNTRANSLATED_LIMIT = 0.4;
const UNTRANSLATED_MIN_VALUES = 5;
/** Words that stay the same in every language; a value made only of these (and numbers) is not compared. */
const UNIVERSAL_WORDS = ['LIVE Backstage', 'LIVE', 'TikTok', 'IBAN', 'E-mail', 'Email', 'PDF', 'JPG', 'PNG', 'CSV', 'XLSX', 'SMS', 'OTP', 'URL', 'USD', 'ID', 'OK', 'MB', 'KB', 'min', 'h'];
/** The error texts of the catalogue (docs/product.md §20): where a shared error code carries one, English must show it as is. */
const CATALOGUE_ERRORS = new Set([
  'Invalid otp try again',
  'Email not found',
  'Invalid number',
  'Invalid phone number',
  'Invalid TikTok username format',
  'TikTok username already exists',
  'Payment Request Sent Fail',
  'Failed to delete user',
  'Failed to delete deduction',
  'Failed to add deduction',
  'Failed to process automatic payments',
  'Error uploading invoice',
  'Error updating invoice preference',
  'Please select a file and date',
  'File size should not exceed 5MB',
  'Please select a PDF or image file (JPG, PNG)',
  'Please enter a cancel reason with at least 10 characters',
]);
const EXTRA_ERROR_CODES = ['NETWORK_ERROR'];
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'description', 'error']);

/** i18next's (v4 JSON) plural suffixes: `key_one`, `key_few`, ... */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;
/** ICU message syntax, which i18next (without i18next-icu) shows as it is. */
const ICU_BLOCK = /\{\s*[A-Za-z_]\w*\s*,\s*(?:plural|selectordinal|select)\s*,/;

/**
 * Informal (second-person singular) forms, per language: a word or phrase matched whole (letters on
 * neither side), case-insensitively in the language's own casing. Each pattern is chosen so that it
 * cannot be part of formal text: Turkish and Azerbaijani `-sın/-sən` only after a tense or modal
 * suffix (so `olsun`, `-sınız`, `insan` pass), Romanian `ai` only in `ai nevoie` (`ai` is also an
 * article), Russian 2nd-person verbs in `-ешь/-ишь` but not `лишь`.
 */
const INFORMAL = {
  tr: [
    { pattern: 'sen|seni|sana|senin|sende|senden|seninle|bakiyen|bakiyeni|bakiyenin|bakiyende', hint: 'siz, sizin, size, bakiyeniz' },
    { pattern: '\\p{L}*(?:abilir|ebilir|[ıiuü]yor|malı|meli|acak|ecek|m[ıiuü]ş|m[ıiuü])s[ıiuü]n', hint: '-sınız / -siniz (yapabilirsiniz, gönderebilirsiniz)' },
    { pattern: '\\p{L}+[dt][ıiuü]ğ[ıiuü]n', hint: '-dığınız / -diğiniz (getirdiğiniz)' },
  ],
  az: [
    { pattern: 'sən|səni|sənə|sənin|səndə|səndən|səninlə', hint: 'siz, sizin, sizə' },
    { pattern: '\\p{L}*(?:[ae]r|ər|[ıiuü]r|acaq|əcək|malı|məli|m[ıiuü]ş|m[ıiuü])s[aə]n', hint: '-sınız / -siniz (edə bilərsiniz)' },
    // `gətirdiyin` (d + iy + in), not the formal imperative `istəyin`, `gözləyin`.
    { pattern: '\\p{L}+d(?:ığ|iy|uğ|üy)[ıiuü]n', hint: '-diyiniz / -dığınız (gətirdiyiniz)' },
  ],
  de: [{ pattern: 'du|dich|dir|dein|deine|deiner|deinem|deinen|deines|euch|euer|eure|euren|eurem|eurer', hint: 'Sie, Ihnen, Ihr' }],
  ru: [
    { pattern: 'ты|тебя|тебе|тобой|тобою|твой|твоя|твоё|твое|твои|твоего|твоей|твоему|твоим|твоих|твоими|твою', hint: 'вы, вас, вам, ваш' },
    { pattern: '(?!лишь)\\p{L}{2,}(?:ешь|ёшь|ишь)', hint: '-ете / -ите (можете)' },
    { pattern: 'попробуй|нажми|выбери|введи|загрузи|проверь|подожди|отправь|укажи|свяжись|посмотри|скачай|войди', hint: '-йте / -ите (попробуйте)' },
  ],
  ro: [
    {
      pattern: 'tu|te|tău|ta|tale|tine|ție|ţie|îți|îţi|ți|ţi|poți|poţi|ești|eşti|vrei|știi|ştii|ai nevoie|contul tău|de tine',
      hint: 'dumneavoastră, vă, puteți, sunteți, aveți nevoie',
    },
  ],
};

/** Common English words: none is a word of tr, de, az, ru or ro (so `total`, `status`, `data`, `not` are not here). */
const COMMON_ENGLISH = new Set(
  'the and your you please click upload uploads uploaded download downloads payment payments with from this these here will should cannot enter select settings account password earnings invoice invoices deduction deductions notification notifications member members save cancel delete search loading failed success submit back next close request requests approved rejected pending paid unread found more than days hours month months rows row'.split(' '),
);
/** Words of COMMON_ENGLISH that a language has taken over (the glossary's German Upload / Download). */
const ENGLISH_ALLOWED_IN = { de: new Set(['upload', 'uploads', 'download', 'downloads']) };
/** Brand, product and file words that stay English in every language (besides UNIVERSAL_WORDS). */
const ALLOWED_WORDS = new Set(['backstage', 'creator', 'creators', 'data', 'tiktok', 'live', 'whatsapp', 'instagram', 'excel', 'google', 'xlsx', 'csv', 'iban', 'swift', 'bic', 'api', 'http', 'https', 'www', 'com']);

// ---------------------------------------------------------------- the shared sources

function unquote(literal) {
  return literal.slice(1, -1).replace(/\\(['"\\])/g, '$1');
}

export function readLocales(sharedDir = SHARED) {
  const source = readFileSync(join(sharedDir, 'locales.ts'), 'utf8');
  const match = /export const LOCALES = \[([^\]]*)\]/.exec(source);
  if (!match) throw new Error('Could not read LOCALES from packages/shared/src/locales.ts');
  const locales = [...match[1].matchAll(/'([a-z]{2})'/g)].map((m) => m[1]);
  if (!locales.includes(REFERENCE)) throw new Error(`LOCALES has no "${REFERENCE}"`);
  return locales;
}

/** `{ CODE: englishText }` of `export const <name> = { ... }` in a shared file. */
function readCatalogue(file, name, entryPattern) {
  const source = readFileSync(file, 'utf8');
  const start = source.indexOf(`export const ${name} = {`);
  const end = source.indexOf('} as const', start);
  if (start < 0 || end < 0) throw new Error(`Could not find ${name} in ${relative(ROOT, file)}`);
  const entries = {};
  for (const match of source.slice(start, end).matchAll(entryPattern)) entries[match[1]] = unquote(match[2]);
  if (Object.keys(entries).length === 0) throw new Error(`Could not read any entry of ${name}`);
  return entries;
}

export function readErrors(sharedDir = SHARED) {
  return readCatalogue(join(sharedDir, 'errors.ts'), 'ERRORS', /^\s*([A-Z][A-Z0-9_]*): \{ status: \d+, message: ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*") \}/gm);
}

export function readMessages(sharedDir = SHARED) {
  return readCatalogue(join(sharedDir, 'messages.ts'), 'MESSAGES', /^\s*([A-Z][A-Z0-9_]*): ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),/gm);
}

function readAppNamespaces() {
  if (!existsSync(I18N_MODULE)) return [];
  const match = /export const NAMESPACES = \[([^\]]*)\]/.exec(readFileSync(I18N_MODULE, 'utf8'));
  return match ? [...match[1].matchAll(/'([a-z][a-zA-Z0-9-]*)'/g)].map((m) => m[1]) : [];
}

// ---------------------------------------------------------------- locale files

/** `{ a: { b: 'x' } }` -> `{ 'a.b': 'x' }` (arrays by index). */
export function flatten(value, prefix = '', out = {}) {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** Strips placeholders, numbers and universal words; what is left is what a translator translates. */
function translatableText(value) {
  let text = value.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^>]+>/g, ' ');
  for (const word of UNIVERSAL_WORDS) text = text.split(word).join(' ');
  return text.replace(/[^\p{L}]+/gu, '');
}

/** `{ 'a.rows_one': ..., 'a.rows_other': ..., b: ... }` -> plain keys and plural families (`a.rows` -> { one, other }). */
export function groupPlurals(table) {
  const plain = {};
  const families = {};
  for (const [key, value] of Object.entries(table)) {
    const match = PLURAL_KEY.exec(key);
    if (match) (families[match[1]] ??= {})[match[2]] = value;
    else plain[key] = value;
  }
  return { plain, families };
}

const pluralCategoriesCache = new Map();
/** The CLDR cardinal categories of a language, in the usual order (one, few, many, other). */
export function pluralCategories(locale) {
  let categories = pluralCategoriesCache.get(locale);
  if (!categories) {
    const order = ['zero', 'one', 'two', 'few', 'many', 'other'];
    categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    pluralCategoriesCache.set(locale, categories);
  }
  return categories;
}

/** The names of a value's `{{placeholders}}` (`{{count, number}}` and `{{- name}}` give `count`, `name`). */
export function placeholdersOf(value) {
  const names = new Set();
  if (typeof value !== 'string') return names;
  for (const match of value.matchAll(/\{\{\s*-?\s*([^,}\s]+)[^}]*\}\}/g)) names.add(match[1]);
  return names;
}

function describeDifference(names, english) {
  const missing = [...english].filter((name) => !names.has(name)).map((name) => `{{${name}}}`);
  const extra = [...names].filter((name) => !english.has(name)).map((name) => `{{${name}}}`);
  return [missing.length ? `lacks ${missing.join(', ')}` : '', extra.length ? `has ${extra.join(', ')} that English does not` : ''].filter(Boolean).join(' and ');
}

const informalCache = new Map();
function informalPatterns(locale) {
  if (!informalCache.has(locale)) {
    informalCache.set(
      locale,
      (INFORMAL[locale] ?? []).map(({ pattern, hint }) => ({ regex: new RegExp(`(?<![\\p{L}\\p{M}])(?:${pattern})(?![\\p{L}\\p{M}])`, 'u'), hint })),
    );
  }
  return informalCache.get(locale);
}

/** The informal word of a value, with the formal form to use, or null. */
export function findInformal(locale, value) {
  const text = value.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^>]+>/g, ' ').toLocaleLowerCase(locale);
  for (const { regex, hint } of informalPatterns(locale)) {
    const match = regex.exec(text);
    if (match) return { word: match[0], hint };
  }
  return null;
}

/** Latin words of a value, placeholders, tags and universal words left out. */
function wordsOf(value) {
  let text = value.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<[^>]+>/g, ' ');
  // Whole words only: "h" and "min" are universal, "Dashboard" and "Matches" are not split by them.
  for (const word of UNIVERSAL_WORDS) text = text.replace(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'gu'), ' ');
  return text.match(/[\p{L}\p{M}]+/gu) ?? [];
}

/** Why a non-English value still reads as English, or null. */
export function findEnglish(locale, value, english) {
  const words = wordsOf(value);
  const allowed = ENGLISH_ALLOWED_IN[locale];
  const common = words.find((word) => COMMON_ENGLISH.has(word.toLowerCase()) && !allowed?.has(word.toLowerCase()));
  if (common) return `the English word "${common}"`;
  if (typeof english === 'string' && value.trim() === english.trim()) {
    const englishWords = words.filter((word) => /^[A-Za-z]{2,}$/.test(word) && !ALLOWED_WORDS.has(word.toLowerCase()));
    if (englishWords.length >= 2) return `the English text unchanged ("${value.trim().slice(0, 60)}")`;
  }
  return null;
}

/** The English value a form of a language is compared with: the same category, else `other`. */
function englishFormOf(englishFamily, category) {
  return englishFamily?.[category] ?? englishFamily?.other;
}

function checkPluralsAndWording({ locale, ns, table, reference, problems }) {
  const { plain, families } = groupPlurals(table);
  const wanted = pluralCategories(locale);
  for (const [base, forms] of Object.entries(families)) {
    const have = Object.keys(forms);
    const missing = wanted.filter((category) => !have.includes(category));
    const extra = have.filter((category) => !wanted.includes(category));
    if (missing.length) problems.push(`${locale}/${ns}: missing plural form${missing.length > 1 ? 's' : ''} ${missing.map((c) => `${base}_${c}`).join(', ')} (${locale} needs ${wanted.join(', ')})`);
    if (extra.length) problems.push(`${locale}/${ns}: extra plural form${extra.length > 1 ? 's' : ''} ${extra.map((c) => `${base}_${c}`).join(', ')} (${locale} has only ${wanted.join(', ')})`);
  }
  for (const [key, value] of Object.entries(table)) {
    if (typeof value === 'string' && ICU_BLOCK.test(value)) problems.push(`${locale}/${ns}: key ${key} uses an ICU block ("{count, plural, ...}") that i18next does not read: use plural keys (${key}_one, ${key}_other...)`);
  }
  if (locale === REFERENCE) {
    for (const [key, value] of Object.entries(plain)) {
      if (placeholdersOf(value).has('count')) problems.push(`${locale}/${ns}: key ${key} shows {{count}} but is not a plural family (${wanted.map((c) => `${key}_${c}`).join(', ')})`);
    }
    return;
  }
  if (!reference) return;
  const english = groupPlurals(reference);

  for (const [key, value] of Object.entries(plain)) {
    if (typeof value !== 'string' || !(key in english.plain) || typeof english.plain[key] !== 'string') continue;
    const difference = describeDifference(placeholdersOf(value), placeholdersOf(english.plain[key]));
    if (difference) problems.push(`${locale}/${ns}: placeholders of key ${key} differ from English: ${difference}`);
  }
  for (const [base, forms] of Object.entries(families)) {
    const englishFamily = english.families[base];
    if (!englishFamily) continue;
    const englishNames = new Set(Object.values(englishFamily).flatMap((value) => [...placeholdersOf(value)]));
    englishNames.delete('count');
    for (const [category, value] of Object.entries(forms)) {
      const names = placeholdersOf(value);
      names.delete('count');
      const difference = describeDifference(names, englishNames);
      if (difference) problems.push(`${locale}/${ns}: placeholders of key ${base}_${category} differ from English: ${difference}`);
    }
  }

  for (const [key, value] of Object.entries(table)) {
    if (typeof value !== 'string') continue;
    const informal = findInformal(locale, value);
    if (informal) problems.push(`${locale}/${ns}: informal "${informal.word}" in key ${key}: use the formal register (${informal.hint})`);
    const plural = PLURAL_KEY.exec(key);
    const englishValue = plural ? englishFormOf(english.families[plural[1]], plural[2]) : english.plain[key];
    const leftover = findEnglish(locale, value, englishValue);
    if (leftover) problems.push(`${locale}/${ns}: English left in key ${key}: ${leftover}`);
  }
}

function checkLocaleFiles({ localesDir, locales, namespaces, errorCodes, messages, errors, problems }) {
  const onDisk = new Set();
  for (const locale of locales) {
    const dir = join(localesDir, locale);
    if (!existsSync(dir)) {
      problems.push(`${locale}: missing folder ${relative(ROOT, dir) || dir}`);
      continue;
    }
    for (const file of readdirSync(dir)) if (file.endsWith('.json')) onDisk.add(file.slice(0, -5));
  }
  // The app's own folder must hold every namespace the app loads; a fixture folder only what it has.
  const required = localesDir === DEFAULT_LOCALES_DIR ? readAppNamespaces() : [];
  const checked = namespaces ?? [...new Set([...required, ...onDisk])].sort();

  const tables = {};
  for (const ns of checked) {
    for (const locale of locales) {
      const file = join(localesDir, locale, `${ns}.json`);
      if (!existsSync(file)) {
        problems.push(`${locale}/${ns}: missing file ${ns}.json`);
        continue;
      }
      try {
        tables[`${locale}/${ns}`] = flatten(JSON.parse(readFileSync(file, 'utf8')));
      } catch (error) {
        problems.push(`${locale}/${ns}: invalid JSON (${error.message})`);
      }
    }
  }

  let keyCount = 0;
  for (const ns of checked) {
    const reference = tables[`${REFERENCE}/${ns}`];
    if (reference) keyCount += Object.keys(reference).length;
    for (const locale of locales) {
      const table = tables[`${locale}/${ns}`];
      if (!table) continue;
      for (const [key, value] of Object.entries(table)) {
        if (typeof value !== 'string') problems.push(`${locale}/${ns}: value of key ${key} is not a string`);
        else if (value.trim() === '') problems.push(`${locale}/${ns}: empty value for key ${key}`);
      }
      if (ns === 'errors') {
        for (const code of errorCodes) if (!(code in table)) problems.push(`${locale}/errors: missing error code ${code}`);
      }
      if (ns === 'messages') {
        for (const code of Object.keys(messages)) if (!(code in table)) problems.push(`${locale}/messages: missing message code ${code}`);
      }
      checkPluralsAndWording({ locale, ns, table, reference, problems });
      if (!reference || locale === REFERENCE) continue;
      // Plural families are compared as families (their forms differ per language: checkPluralsAndWording).
      const own = groupPlurals(table);
      const english = groupPlurals(reference);
      for (const key of Object.keys(english.plain)) if (!(key in own.plain)) problems.push(`${locale}/${ns}: missing key ${key}`);
      for (const key of Object.keys(own.plain)) if (!(key in english.plain)) problems.push(`${locale}/${ns}: extra key ${key}`);
      for (const base of Object.keys(english.families)) {
        if (!(base in own.families)) problems.push(`${locale}/${ns}: missing key ${base} (plural forms ${pluralCategories(locale).map((c) => `${base}_${c}`).join(', ')})`);
      }
      for (const base of Object.keys(own.families)) {
        if (!(base in english.families)) problems.push(`${locale}/${ns}: extra key ${base} (plural forms ${Object.keys(own.families[base]).map((c) => `${base}_${c}`).join(', ')}; English has no plural key ${base})`);
      }

      let comparable = 0;
      let identical = 0;
      for (const [key, english] of Object.entries(reference)) {
        const value = table[key];
        if (typeof english !== 'string' || typeof value !== 'string' || translatableText(english).length < 2) continue;
        comparable += 1;
        if (value.trim() === english.trim()) identical += 1;
      }
      if (comparable >= UNTRANSLATED_MIN_VALUES && identical / comparable > UNTRANSLATED_LIMIT) {
        problems.push(`${locale}/${ns}: ${identical} of ${comparable} values are identical to English (more than ${UNTRANSLATED_LIMIT * 100} %): not translated?`);
      }
    }
  }

  const englishErrors = tables[`${REFERENCE}/errors`];
  if (englishErrors) {
    for (const [code, text] of Object.entries(errors)) {
      if (CATALOGUE_ERRORS.has(text) && code in englishErrors && englishErrors[code] !== text) {
        problems.push(`${REFERENCE}/errors: ${code} must read exactly "${text}" (catalogue), not "${englishErrors[code]}"`);
      }
    }
  }
  const englishMessages = tables[`${REFERENCE}/messages`];
  if (englishMessages) {
    for (const [code, text] of Object.entries(messages)) {
      if (code in englishMessages && englishMessages[code] !== text) {
        problems.push(`${REFERENCE}/messages: ${code} must read exactly "${text}" (catalogue), not "${englishMessages[code]}"`);
      }
    }
  }
  return { namespaces: checked, keyCount };
}

// ---------------------------------------------------------------- literal text in JSX

function listTsx(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'testing') listTsx(path, out);
    } else if (entry.endsWith('.tsx') && !entry.endsWith('.test.tsx') && entry !== 'test-utils.tsx') {
      out.push(path);
    }
  }
  return out;
}

/** JSX text that a person would read and that does not come from a translation. */
export async function findJsxLiterals(srcDir) {
  const { default: ts } = await import('typescript');
  const found = [];
  for (const file of listTsx(srcDir)) {
    const source = readFileSync(file, 'utf8');
    if (/i18n-ignore-file/.test(source)) continue;
    const lines = source.split('\n');
    const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (node, text) => {
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      if (/i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '')) return;
      found.push(`${relative(ROOT, file)}:${line + 1}: literal text in JSX: "${text.trim().replace(/\s+/g, ' ').slice(0, 60)}"`);
    };
    const hasLetters = (text) => /\p{L}/u.test(text);
    const visit = (node) => {
      if (ts.isJsxText(node) && hasLetters(node.text)) report(node, node.text);
      if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        const expression = node.expression;
        if ((ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) && hasLetters(expression.text)) report(node, expression.text);
      }
      if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sourceFile))) {
        const initializer = node.initializer;
        const literal =
          initializer && ts.isStringLiteral(initializer)
            ? initializer
            : initializer && ts.isJsxExpression(initializer) && initializer.expression && (ts.isStringLiteral(initializer.expression) || ts.isNoSubstitutionTemplateLiteral(initializer.expression))
              ? initializer.expression
              : null;
        if (literal && hasLetters(literal.text)) report(node, `${node.name.getText(sourceFile)}="${literal.text}"`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}

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
