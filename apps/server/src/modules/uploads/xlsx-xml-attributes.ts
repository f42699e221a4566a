import { MAX_CELLS_PER_ROW } from './xlsx-limits.ts';

// The XML text of an .xlsx part (entities, line ends) and the attributes of the start tag the
// tokenizer (xlsx-xml-scanner.ts) is reporting, read in place.

// ---- XML text ----

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text content as an XML parser gives it: line ends normalised, entities decoded. */
export function decodeXmlText(raw: string): string {
  let text = raw;
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name]!;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(decimal!, 10);
    if (!(code >= 0 && code <= 0x10ffff)) return whole;
    return String.fromCodePoint(code);
  });
}

// ---- attributes ----

/** The attributes of the start tag being reported; valid only during the `open` call. */
export class XmlAttributes {
  source = '';
  count = 0;
  /** [nameStart, nameEnd, valueStart, valueEnd] per attribute, offsets into `source`. */
  spans: number[] = [];

  /** The slot (offset into `spans`) of the attribute with this exact (qualified) name, or -1. */
  find(name: string): number {
    for (let index = 0; index < this.count; index += 1) {
      const at = index * 4;
      const start = this.spans[at]!;
      if (this.spans[at + 1]! - start === name.length && this.source.startsWith(name, start)) return at;
    }
    return -1;
  }

  /** The raw (undecoded) value of the attribute with this exact (qualified) name. */
  raw(name: string): string | undefined {
    const at = this.find(name);
    return at < 0 ? undefined : this.source.slice(this.spans[at + 2]!, this.spans[at + 3]!);
  }

  /**
   * The raw value of the attribute with this name as one of `known` (the same string, not a copy)
   * when it is one of them, else as raw() gives it: a cell's type is one of a few words, and a copy
   * of `inlineStr` for each of a million cells was ~25 MB of garbage.
   */
  rawOneOf(name: string, known: readonly string[]): string | undefined {
    const at = this.find(name);
    if (at < 0) return undefined;
    const start = this.spans[at + 2]!;
    const length = this.spans[at + 3]! - start;
    for (const word of known) if (word.length === length && this.source.startsWith(word, start)) return word;
    return this.source.slice(start, start + length);
  }

  /** The column (1-based) of a cell reference value (`B7`, `$AB$12`) read in place; 0 when it has no letters. */
  column(name: string): number {
    const at = this.find(name);
    if (at < 0) return 0;
    const source = this.source;
    const end = this.spans[at + 3]!;
    let index = this.spans[at + 2]!;
    if (source.charCodeAt(index) === 0x24 /* $ */) index += 1;
    let column = 0;
    for (; index < end; index += 1) {
      const code = source.charCodeAt(index) | 0x20;
      if (code < 0x61 || code > 0x7a) break;
      column = column * 26 + (code - 0x60);
      if (column > MAX_CELLS_PER_ROW) return column;
    }
    return column;
  }

  /** The decoded value of the attribute with this name. */
  get(name: string): string | undefined {
    const value = this.raw(name);
    return value === undefined ? undefined : decodeXmlText(value);
  }

  /** The decoded value of `<any prefix>:<local>` (e.g. `r:id` whatever the relationships prefix is). */
  getPrefixed(local: string): string | undefined {
    for (let index = 0; index < this.count; index += 1) {
      const at = index * 4;
      const start = this.spans[at]!;
      const end = this.spans[at + 1]!;
      const colon = this.source.indexOf(':', start);
      if (colon > start && colon < end && end - colon - 1 === local.length && this.source.startsWith(local, colon + 1)) {
        return decodeXmlText(this.source.slice(this.spans[at + 2]!, this.spans[at + 3]!));
      }
    }
    return undefined;
  }
}
