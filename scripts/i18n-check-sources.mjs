// The i18n check's paths, and the shared sources it reads as text: LOCALES, the ERRORS and MESSAGES catalogues, the app's NAMESPACES.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SHARED = join(ROOT, 'packages/shared/src');
export const DEFAULT_LOCALES_DIR = join(ROOT, 'apps/web/src/locales');
export const DEFAULT_SRC_DIR = join(ROOT, 'apps/web/src');
const I18N_MODULE = join(ROOT, 'apps/web/src/lib/i18n.ts');

export const REFERENCE = 'en';

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

export function readAppNamespaces() {
  if (!existsSync(I18N_MODULE)) return [];
  const match = /export const NAMESPACES = \[([^\]]*)\]/.exec(readFileSync(I18N_MODULE, 'utf8'));
  return match ? [...match[1].matchAll(/'([a-z][a-zA-Z0-9-]*)'/g)].map((m) => m[1]) : [];
}
