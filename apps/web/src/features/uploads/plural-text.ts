/**
 * Texts with counts carry ICU plural blocks, `{count, plural, one {# row} other {# rows}}`, because
 * the six languages need different CLDR categories (ru: one/few/many/other, ro: one/few/other) and
 * i18next's suffixed keys (`_few`, `_many`) would give each language another key set, which the
 * i18n check refuses. Variables keep the `{{name}}` form of every other text.
 *
 * Plural blocks are resolved first and the variables second, in one pass, so a value taken from
 * the file (a cell as written) is never read as syntax.
 */
export type TextValue = string | number | boolean | null | undefined;
export type TextValues = Record<string, TextValue>;

const PLURAL_START = /\{\s*([A-Za-z_]\w*)\s*,\s*plural\s*,/y;
const SELECTOR = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y;
const VARIABLE = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

/** Index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** `#` of this level (not inside a nested block) becomes the number. */
function replaceHash(text: string, number: string): string {
  let depth = 0;
  let out = '';
  for (const char of text) {
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    out += char === '#' && depth === 0 ? number : char;
  }
  return out;
}

interface PluralBlock {
  name: string;
  branches: Map<string, string>;
  end: number;
}

function readPluralBlock(text: string, start: number): PluralBlock | null {
  PLURAL_START.lastIndex = start;
  const head = PLURAL_START.exec(text);
  if (!head) return null;
  const end = closingBrace(text, start);
  if (end < 0) return null;
  const branches = new Map<string, string>();
  let index = PLURAL_START.lastIndex;
  while (index < end) {
    SELECTOR.lastIndex = index;
    const selector = SELECTOR.exec(text);
    if (!selector || selector.index !== index) break;
    const open = SELECTOR.lastIndex - 1;
    const close = closingBrace(text, open);
    if (close < 0 || close > end) return null;
    branches.set(selector[1]!, text.slice(open + 1, close));
    index = close + 1;
    while (index < end && /\s/.test(text[index]!)) index += 1;
  }
  return branches.has('other') ? { name: head[1]!, branches, end } : null;
}

function resolvePlurals(text: string, values: TextValues, rules: Intl.PluralRules, formatNumber: (value: number) => string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const isBlockStart = text[index] === '{' && text[index + 1] !== '{' && text[index - 1] !== '{';
    const block = isBlockStart ? readPluralBlock(text, index) : null;
    if (!block) {
      out += text[index];
      index += 1;
      continue;
    }
    const raw = values[block.name];
    const count = typeof raw === 'number' && Number.isFinite(raw) ? raw : Number(raw ?? 0) || 0;
    const branch = block.branches.get(`=${count}`) ?? block.branches.get(rules.select(count)) ?? block.branches.get('other')!;
    out += resolvePlurals(replaceHash(branch, formatNumber(count)), values, rules, formatNumber);
    index = block.end + 1;
  }
  return out;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** `template` with its plural blocks chosen for `locale` and its `{{variables}}` filled in. */
export function formatText(template: string, values: TextValues, locale: string, formatNumber: (value: number) => string = String): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const chosen = resolvePlurals(template, values, rules, formatNumber);
  return chosen.replace(VARIABLE, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
