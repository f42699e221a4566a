/**
 * The CSV reader's (csv-reader.ts) delimiter detection.
 *
 * Delimiter (`detectDelimiter`): `,` `;` or tab, whichever splits the most of the first 20
 * records (quotes respected) into the same number (>= 2) of fields; a metadata line before the
 * header (`Exported at ...`, `... aktarma ...`) with another number of fields does not count.
 * Ties: the larger number of fields, then `,` `;` tab. No delimiter on any line: `,`.
 */

const DELIMITERS = [',', ';', '\t'] as const;
const DELIMITER_RECORDS = 20;

/** The number of fields of each of the first `limit` non-blank records, quotes respected. */
function fieldCounts(text: string, delimiter: string, limit: number): number[] {
  const counts: number[] = [];
  let fields = 1;
  let fieldStart = true;
  let quoted = false;
  let blank = true;
  for (let index = 0; index < text.length && counts.length < limit; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') index += 1;
        else quoted = false;
      }
      continue;
    }
    if (char === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
      blank = false;
    } else if (char === delimiter) {
      fields += 1;
      fieldStart = true;
      blank = false;
    } else if (char === '\n' || char === '\r') {
      if (!blank) counts.push(fields);
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      fields = 1;
      fieldStart = true;
      blank = true;
    } else {
      fieldStart = false;
      if (char !== ' ') blank = false;
    }
  }
  if (!blank && counts.length < limit) counts.push(fields);
  return counts;
}

/** `,` `;` or tab: the one that gives the most of the first records the same number (>= 2) of fields. */
export function detectDelimiter(sample: string): string {
  let best: { delimiter: string; support: number; fields: number } = { delimiter: ',', support: 0, fields: 0 };
  for (const delimiter of DELIMITERS) {
    const frequency = new Map<number, number>();
    for (const count of fieldCounts(sample, delimiter, DELIMITER_RECORDS)) if (count >= 2) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    for (const [fields, support] of frequency) {
      if (support > best.support || (support === best.support && fields > best.fields)) best = { delimiter, support, fields };
    }
  }
  return best.delimiter;
}
