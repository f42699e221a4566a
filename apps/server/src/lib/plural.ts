import { formatNumber, type Locale } from '@agency/shared';

/**
 * The forms of a phrase with a number in it, by CLDR plural category (Intl.PluralRules); `#` is
 * replaced by the number written in the language's format. `other` is required: every language
 * has it, and it is the form for a category a language has but the phrase does not list (Turkish
 * and Azerbaijani keep the noun singular after a number, so `other` alone is right there).
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<Locale, Intl.PluralRules>();

/** `forms` chosen for `count` in `locale`, with the number in place: `plural('ru', 5, ...)` -> "5 минут". */
export function plural(locale: Locale, count: number, forms: PluralForms): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  const text = forms[rule.select(count)] ?? forms.other;
  // The number as every screen writes it (the shared formats, which also cover Azerbaijani).
  return text.replaceAll('#', formatNumber(count, locale));
}
