/** Characters that make a spreadsheet read a text cell as a formula (or a DDE payload). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Text as a spreadsheet must show it, never run it (OWASP "CSV injection"): a text starting with
 * `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`.
 */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) ? `'${text}` : text;
}
