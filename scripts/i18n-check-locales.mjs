// The i18n check of the locale files: keys, plural families, placeholders, wording and untranslated copies.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_LOCALES_DIR, readAppNamespaces, REFERENCE, ROOT } from './i18n-check-sources.mjs';
import { findEnglish, findInformal, translatableText } from './i18n-check-wording.mjs';

const UNTRANSLATED_LIMIT = 0.4;
const UNTRANSLATED_MIN_VALUES = 5;
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

/** i18next's (v4 JSON) plural suffixes: `key_one`, `key_few`, ... */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;
/** ICU message syntax, which i18next (without i18next-icu) shows as it is. */
const ICU_BLOCK = /\{\s*[A-Za-z_]\w*\s*,\s*(?:plural|selectordinal|select)\s*,/;

/** `{ a: { b: 'x' } }` -> `{ 'a.b': 'x' }` (arrays by index). */
export function flatten(value, prefix = '', out = {}) {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
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

export function checkLocaleFiles({ localesDir, locales, namespaces, errorCodes, messages, errors, problems }) {
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
