import { StringDecoder } from 'node:string_decoder';
import type { CellValue } from './backstage-values.ts';
import type { RowSink } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';
import { readZipDirectory, streamEntry, verifyEntry, type ZipEntry } from './zip-guard.ts';

export type { RowSink } from './table-reader.ts';

/**
 * The import's .xlsx reader: every worksheet's cell values, row by row, without exceljs.
 *
 * - The zip guard runs first (directory, declared sizes, ratio, tiling: zip-guard.ts). The parts
 *   this reader reads (workbook, its relationships, the shared strings, a sheet) are inflated as
 *   streams with the guard's size check (more than declared: 413), the others are inflated once by
 *   the guard (`verifyEntry`, counting bytes, keeping none), so nothing is inflated twice.
 * - Every part is read by one forward-only XML tokenizer (`XmlScanner`): it looks at each character
 *   a bounded number of times, holds only the current chunk plus at most one unfinished tag
 *   (<= 64 KiB), and checks that the elements nest (a part cut short or with tags that do not
 *   match is UPLOAD_CORRUPT). Linear in the part's size whatever its content: the regular
 *   expressions it replaces rescanned to the end of the chunk for every unclosed `<c>`, so one
 *   2 KB file with a row of 240,000 `<c>` blocked the server for 27 s (66 s on a loaded machine).
 * - Bounds: at most 16,384 cells in a row and no column past XFD (Excel's limits), one cell's text
 *   at most 256 KiB, elements nested at most 64 deep (UPLOAD_CORRUPT); the shared strings at most
 *   1,000,000 items and 32 Mi characters in all, one item's raw text at most 4 MiB
 *   (UPLOAD_TOO_LARGE); at most 1,000 sheets listed.
 * - Sheets: the `<sheet>`s of xl/workbook.xml in workbook order, with their hidden state (`state`
 *   `hidden` or `veryHidden`), found through xl/_rels/workbook.xml.rels; chart, dialog and macro
 *   sheets are left out (they have no cells). Without relationships, sheet n is
 *   xl/worksheets/sheet<n>.xml; a workbook listing no sheet but having xl/worksheets/sheet1.xml has
 *   that one (named "Sheet1"). No worksheet at all: UPLOAD_EMPTY.
 * - Values as exceljs's streaming reader gives them with styles ignored: shared and inline strings
 *   (rich text joined, phonetic runs left out) and `str` results are strings, numbers are numbers
 *   (dates stay Excel day numbers, as without styles exceljs cannot know them), booleans are
 *   booleans, errors are null; `t="d"` (ISO dates, which exceljs misreads) is a Date. Strings
 *   handed out are copies that do not keep the XML chunk they were cut from alive.
 * - Cells and rows without `r` follow the previous one; namespace prefixes (`<x:row>`) are allowed;
 *   comments, processing instructions and a DOCTYPE are skipped, CDATA is text.
 * - The event loop: the inflater hands chunks of 64 KiB asynchronously and the reader yields
 *   (setImmediate) whenever 5 ms of synchronous work have passed since the last yield (checked
 *   between chunks, so a stretch is 5 ms plus one chunk and the rows it holds).
 */

/** Excel's limits: columns A..XFD. */
const MAX_CELLS_PER_ROW = 16_384;
const MAX_CELL_TEXT = 256 * 1024;
const MAX_TAG_LENGTH = 64 * 1024;
const MAX_DEPTH = 64;
const MAX_SHEETS = 1_000;

export interface SharedStringLimits {
  /** Items of xl/sharedStrings.xml. */
  maxCount: number;
  /** Characters (UTF-16 code units, decoded) of all items together. */
  maxChars: number;
  /** Raw (undecoded) text of one item. */
  maxItemRaw: number;
}

const DEFAULT_SHARED_STRING_LIMITS: SharedStringLimits = {
  maxCount: 1_000_000,
  maxChars: 32 * 1024 * 1024,
  maxItemRaw: 4 * 1024 * 1024,
};

function corrupt(reason?: string): UploadFileError {
  return new UploadFileError('UPLOAD_CORRUPT', reason ? `The spreadsheet could not be read (${reason}); export it again.` : 'The spreadsheet could not be read; export it again.');
}

/** A copy of a string that does not keep the (64 KiB) chunk it was sliced from alive. */
function detach(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

const YIELD_AFTER_MS = 5;

/** Yields to the event loop when more than YIELD_AFTER_MS of work ran since the last yield. */
export class Pacer {
  private last = performance.now();

  async pace(): Promise<void> {
    if (performance.now() - this.last < YIELD_AFTER_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}

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

// ---- the tokenizer ----

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

export interface XmlHandler {
  /** A start tag; `name` without its namespace prefix. A self-closing tag gets no `close`. */
  open(name: string, attributes: XmlAttributes, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw text (entities not decoded), only while the scanner's `capture` is on. */
  text(raw: string): void;
}

/** Where the scanner is between chunks. */
const Mode = { Text: 0, Comment: 1, CData: 2, Instruction: 3 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

/** Character classes of the ASCII range (anything from 0x80 up is a name character). */
const SPACE = 1;
const NAME_END = 2;
const CLASSES = new Uint8Array(128);
for (const code of [0x20, 0x0a, 0x0d, 0x09]) CLASSES[code] = SPACE | NAME_END;
for (const code of [0x2f /* / */, 0x3e /* > */, 0x3d /* = */]) CLASSES[code] = NAME_END;

function isSpace(code: number): boolean {
  return code < 128 && (CLASSES[code]! & SPACE) !== 0;
}

/** Ends a tag or attribute name: whitespace, `/`, `>`, `=`. */
function endsName(code: number): boolean {
  return code < 128 && (CLASSES[code]! & NAME_END) !== 0;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

const INCOMPLETE = -1;

/**
 * A forward-only XML tokenizer fed with string chunks. Each call to `write` scans from where the
 * last one stopped; an unfinished tag (at most MAX_TAG_LENGTH) is kept and completed with the next
 * chunk. Checks nesting; `end` checks the document is complete.
 */
export class XmlScanner {
  /** Whether text is handed to `handler.text` (the handler turns it on for the elements it reads). */
  capture = false;
  /** Set by the owner to stop scanning (the rest of the input is ignored). */
  stopped = false;
  private pending = '';
  private mode: Mode = Mode.Text;
  /** The open elements' qualified names, and their local names (handed to `close` without slicing again). */
  private readonly stack: string[] = [];
  private readonly locals: string[] = [];
  private rootSeen = false;
  private readonly attributes = new XmlAttributes();

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    if (this.stopped) return;
    const text = this.pending.length > 0 ? this.pending + chunk : chunk;
    this.pending = '';
    const rest = this.scan(text);
    if (this.stopped) return;
    if (text.length - rest > MAX_TAG_LENGTH) throw corrupt('a tag of more than 64 KB');
    this.pending = rest < text.length ? text.slice(rest) : '';
  }

  end(): void {
    if (this.stopped) return;
    if (this.mode !== Mode.Text || this.pending.trim() !== '' || this.stack.length > 0 || !this.rootSeen) throw corrupt('the XML ends too early');
  }

  /** Scans `text`; returns where the unconsumed rest starts. */
  private scan(text: string): number {
    const length = text.length;
    let position = 0;
    while (position < length && !this.stopped) {
      switch (this.mode) {
        case Mode.Comment: {
          const end = text.indexOf('-->', position);
          if (end < 0) return Math.max(position, length - 2);
          position = end + 3;
          this.mode = Mode.Text;
          break;
        }
        case Mode.Instruction: {
          const end = text.indexOf('?>', position);
          if (end < 0) return Math.max(position, length - 1);
          position = end + 2;
          this.mode = Mode.Text;
          break;
        }
        case Mode.CData: {
          const end = text.indexOf(']]>', position);
          const stop = end < 0 ? Math.max(position, length - 2) : end;
          // CDATA is literal: escaped so that the entity decoding of the joined text leaves it alone.
          if (this.capture && stop > position) this.handler.text(text.slice(position, stop).replace(/&/g, '&amp;'));
          if (end < 0) return stop;
          position = end + 3;
          this.mode = Mode.Text;
          break;
        }
        case Mode.Text: {
          const open = text.indexOf('<', position);
          if (open < 0) {
            if (this.capture) this.handler.text(text.slice(position));
            return length;
          }
          if (open > position && this.capture) this.handler.text(text.slice(position, open));
          position = open;
          if (position + 1 >= length) return position;
          const next = text.charCodeAt(position + 1);
          if (next === 0x2f /* / */) {
            const end = text.indexOf('>', position + 2);
            if (end < 0) return position;
            this.closeTag(text, position + 2, end);
            position = end + 1;
          } else if (next === 0x3f /* ? */) {
            this.mode = Mode.Instruction;
            position += 2;
          } else if (next === 0x21 /* ! */) {
            if (text.startsWith('<!--', position)) {
              this.mode = Mode.Comment;
              position += 4;
            } else if (text.startsWith('<![CDATA[', position)) {
              this.mode = Mode.CData;
              position += 9;
            } else if (length - position < 9) {
              return position;
            } else {
              const end = this.declarationEnd(text, position);
              if (end === INCOMPLETE) return position;
              position = end;
            }
          } else {
            const end = this.startTag(text, position);
            if (end === INCOMPLETE) return position;
            position = end;
          }
          break;
        }
      }
    }
    return position;
  }

  /** `<!DOCTYPE ...>` (an internal subset in brackets included) or another declaration: skipped. */
  private declarationEnd(text: string, start: number): number {
    let end = text.indexOf('>', start);
    if (end < 0) return INCOMPLETE;
    // Only the declaration's own characters are looked at (no search past its end).
    let bracket = -1;
    for (let at = start; at < end; at += 1) {
      if (text.charCodeAt(at) === 0x5b /* [ */) {
        bracket = at;
        break;
      }
    }
    if (bracket >= 0) {
      const close = text.indexOf(']', bracket);
      if (close < 0) return INCOMPLETE;
      end = text.indexOf('>', close);
      if (end < 0) return INCOMPLETE;
    }
    return end + 1;
  }

  /** `</name>` with the name at [start, end) of `text` (whitespace may follow it). */
  private closeTag(text: string, start: number, end: number): void {
    const open = this.stack.pop();
    const local = this.locals.pop();
    let nameEnd = end;
    while (nameEnd > start && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd -= 1;
    if (open === undefined || local === undefined || nameEnd - start !== open.length || !text.startsWith(open, start)) {
      throw corrupt(`</${text.slice(start, Math.min(nameEnd, start + 100))}> does not close <${open ?? ''}>`);
    }
    this.handler.close(local);
  }

  /** Parses the start tag at `start` (`<` then a name); INCOMPLETE when the chunk ends inside it. */
  private startTag(text: string, start: number): number {
    const length = text.length;
    let at = start + 1;
    while (at < length && !endsName(text.charCodeAt(at))) at += 1;
    if (at >= length) return INCOMPLETE;
    if (at === start + 1) throw corrupt('a tag without a name');
    const qualified = text.slice(start + 1, at);
    const attributes = this.attributes;
    attributes.source = text;
    attributes.count = 0;
    const spans = attributes.spans;
    for (;;) {
      while (at < length && isSpace(text.charCodeAt(at))) at += 1;
      if (at >= length) return INCOMPLETE;
      const code = text.charCodeAt(at);
      if (code === 0x3e /* > */ || code === 0x2f /* / */) {
        const selfClosing = code === 0x2f;
        if (selfClosing && at + 1 >= length) return INCOMPLETE;
        if (selfClosing && text.charCodeAt(at + 1) !== 0x3e) throw corrupt('a malformed tag');
        const end = at + (selfClosing ? 2 : 1);
        if (end - start > MAX_TAG_LENGTH) throw corrupt('a tag of more than 64 KB');
        this.openTag(qualified, selfClosing);
        return end;
      }
      const nameStart = at;
      while (at < length && !endsName(text.charCodeAt(at))) at += 1;
      const nameEnd = at;
      if (nameEnd === nameStart) throw corrupt('a malformed attribute');
      while (at < length && isSpace(text.charCodeAt(at))) at += 1;
      if (at >= length) return INCOMPLETE;
      if (text.charCodeAt(at) !== 0x3d /* = */) throw corrupt('a malformed attribute');
      at += 1;
      while (at < length && isSpace(text.charCodeAt(at))) at += 1;
      if (at >= length) return INCOMPLETE;
      const quote = text.charCodeAt(at);
      if (quote !== 0x22 && quote !== 0x27) throw corrupt('an unquoted attribute');
      const valueEnd = text.indexOf(quote === 0x22 ? '"' : "'", at + 1);
      if (valueEnd < 0) return INCOMPLETE;
      const slot = attributes.count * 4;
      spans[slot] = nameStart;
      spans[slot + 1] = nameEnd;
      spans[slot + 2] = at + 1;
      spans[slot + 3] = valueEnd;
      attributes.count += 1;
      at = valueEnd + 1;
      const after = at < length ? text.charCodeAt(at) : 0x20;
      if (!isSpace(after) && after !== 0x3e && after !== 0x2f) throw corrupt('a malformed attribute');
    }
  }

  private openTag(qualified: string, selfClosing: boolean): void {
    if (this.stack.length === 0) {
      if (this.rootSeen) throw corrupt('a second root element');
      this.rootSeen = true;
    }
    const local = localName(qualified);
    if (!selfClosing) {
      if (this.stack.length >= MAX_DEPTH) throw corrupt('elements nested too deep');
      this.stack.push(qualified);
      this.locals.push(local);
    }
    this.handler.open(local, this.attributes, selfClosing);
  }
}

/** Feeds one zip entry through a scanner, yielding to the event loop regularly. */
async function scanEntry(data: Buffer, entry: ZipEntry, scanner: XmlScanner, pacer: Pacer): Promise<void> {
  const decoder = new StringDecoder('utf8');
  // After the scanner stops, the rest is still inflated (counted, not scanned): a lying part is 413.
  for await (const chunk of streamEntry(data, entry)) {
    if (!scanner.stopped) scanner.write(decoder.write(chunk));
    await pacer.pace();
  }
  if (!scanner.stopped) {
    scanner.write(decoder.end());
    scanner.end();
  }
}

// ---- text of string items ----

/** Collects the text of `<t>` elements inside a string item (`<si>` or `<is>`), phonetic runs left out. */
class StringItemText {
  private pieces: string[] = [];
  private rawLength = 0;
  private phoneticDepth = 0;
  inItem = false;

  constructor(
    private readonly scanner: XmlScanner,
    private readonly maxRaw: number,
    private readonly tooLong: () => UploadFileError,
  ) {}

  start(): void {
    this.pieces = [];
    this.rawLength = 0;
    this.phoneticDepth = 0;
    this.inItem = true;
  }

  /** Returns true when the element was one of the item's. */
  open(name: string, selfClosing: boolean): boolean {
    if (!this.inItem) return false;
    if (name === 'rPh') {
      if (!selfClosing) this.phoneticDepth += 1;
      return true;
    }
    if (name === 't' && !selfClosing && this.phoneticDepth === 0) this.scanner.capture = true;
    return name === 't';
  }

  close(name: string): void {
    if (name === 'rPh') this.phoneticDepth = Math.max(0, this.phoneticDepth - 1);
    else if (name === 't') this.scanner.capture = false;
  }

  text(raw: string): void {
    this.rawLength += raw.length;
    if (this.rawLength > this.maxRaw) throw this.tooLong();
    this.pieces.push(raw);
  }

  finish(): string {
    this.inItem = false;
    this.scanner.capture = false;
    const raw = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    this.pieces = [];
    return decodeXmlText(raw);
  }
}

// ---- shared strings ----

class SharedStringsHandler implements XmlHandler {
  readonly strings: string[] = [];
  readonly scanner = new XmlScanner(this);
  private chars = 0;
  private readonly item: StringItemText;

  constructor(private readonly limits: SharedStringLimits) {
    this.item = new StringItemText(this.scanner, limits.maxItemRaw, () => this.tooLarge());
  }

  private tooLarge(): UploadFileError {
    return new UploadFileError(
      'UPLOAD_TOO_LARGE',
      `The spreadsheet's text is too large (at most ${this.limits.maxCount.toLocaleString('en-US')} texts and ${Math.round(this.limits.maxChars / 1024 / 1024)} million characters).`,
    );
  }

  open(name: string, _attributes: XmlAttributes, selfClosing: boolean): void {
    if (name === 'si') {
      if (this.item.inItem) throw corrupt('a string item inside another');
      if (selfClosing) this.add('');
      else this.item.start();
      return;
    }
    this.item.open(name, selfClosing);
  }

  close(name: string): void {
    if (name === 'si' && this.item.inItem) this.add(this.item.finish());
    else this.item.close(name);
  }

  text(raw: string): void {
    this.item.text(raw);
  }

  private add(text: string): void {
    this.chars += text.length;
    if (this.strings.length >= this.limits.maxCount || this.chars > this.limits.maxChars) throw this.tooLarge();
    this.strings.push(detach(text));
  }
}

/** The items of a sharedStrings part given whole (tests, small parts). */
export function parseSharedStrings(xml: string, limits: SharedStringLimits = DEFAULT_SHARED_STRING_LIMITS): string[] {
  const handler = new SharedStringsHandler(limits);
  handler.scanner.write(xml);
  handler.scanner.end();
  return handler.strings;
}

async function readSharedStrings(data: Buffer, entry: ZipEntry, limits: SharedStringLimits, pacer: Pacer): Promise<string[]> {
  const handler = new SharedStringsHandler(limits);
  await scanEntry(data, entry, handler.scanner, pacer);
  return handler.strings;
}

// ---- a worksheet ----

function cellValue(type: string | undefined, value: string | null, inline: string | null, strings: readonly string[]): CellValue {
  if (type === 'inlineStr' && inline !== null) return inline;
  if (value === null) return null;
  switch (type) {
    case 's':
      return strings[Number.parseInt(value, 10)] ?? null;
    case 'str':
    case 'inlineStr':
      return detach(decodeXmlText(value));
    case 'b':
      return Number.parseInt(value, 10) !== 0;
    case 'e':
      return null;
    case 'd': {
      const decoded = decodeXmlText(value).trim();
      const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(decoded) || !decoded.includes('T') ? decoded : `${decoded}Z`);
      return Number.isNaN(date.getTime()) ? detach(decoded) : date;
    }
    default: {
      const number = Number.parseFloat(value);
      return Number.isFinite(number) ? number : null;
    }
  }
}

class SheetHandler implements XmlHandler {
  readonly scanner = new XmlScanner(this);
  private rowNumber = 0;
  private inRow = false;
  private cells: CellValue[] = [];
  private cellCount = 0;
  private column = 0;
  private inCell = false;
  private cellType: string | undefined;
  private value: string | null = null;
  /** The text of the `<v>` being read (null outside one). */
  private valueText: string | null = null;
  private inline: string | null = null;
  private readonly inlineText: StringItemText;

  constructor(
    private readonly strings: readonly string[],
    private readonly sink: RowSink,
  ) {
    this.inlineText = new StringItemText(this.scanner, MAX_CELL_TEXT, () => corrupt('a cell of more than 256 KB of text'));
  }

  open(name: string, attributes: XmlAttributes, selfClosing: boolean): void {
    if (this.inCell) {
      if (name === 'v') {
        if (!selfClosing && this.value === null && this.valueText === null) {
          this.valueText = '';
          this.scanner.capture = true;
        }
      } else if (name === 'is') {
        if (selfClosing) this.inline = '';
        else this.inlineText.start();
      } else if (name === 'c') {
        throw corrupt('a cell inside a cell');
      } else {
        this.inlineText.open(name, selfClosing);
      }
      return;
    }
    if (name === 'c') {
      if (!this.inRow) return;
      this.cellCount += 1;
      const column = attributes.column('r');
      this.column = column > 0 ? column : this.column + 1;
      if (this.cellCount > MAX_CELLS_PER_ROW || this.column > MAX_CELLS_PER_ROW) throw corrupt(`row ${this.rowNumber} has more than ${MAX_CELLS_PER_ROW} cells`);
      if (selfClosing) return;
      this.inCell = true;
      this.cellType = attributes.raw('t');
      this.value = null;
      this.valueText = null;
      this.inline = null;
    } else if (name === 'row') {
      if (this.inRow) throw corrupt('a row inside a row');
      const reference = attributes.raw('r');
      const number = reference === undefined ? Number.NaN : Number.parseInt(reference, 10);
      this.rowNumber = Number.isNaN(number) ? this.rowNumber + 1 : number;
      this.cells = [];
      this.cellCount = 0;
      this.column = 0;
      if (selfClosing) this.emit();
      else this.inRow = true;
    }
  }

  close(name: string): void {
    if (this.inCell) {
      if (name === 'v') {
        if (this.valueText !== null) {
          this.value = this.valueText;
          this.valueText = null;
          this.scanner.capture = false;
        }
      } else if (name === 'is') {
        if (this.inlineText.inItem) this.inline = detach(this.inlineText.finish());
      } else if (name === 'c') {
        this.inCell = false;
        this.scanner.capture = false;
        const value = cellValue(this.cellType, this.value, this.inline, this.strings);
        if (value !== null) this.cells[this.column - 1] = value;
      } else {
        this.inlineText.close(name);
      }
      return;
    }
    if (name === 'row' && this.inRow) {
      this.inRow = false;
      this.emit();
    }
  }

  text(raw: string): void {
    if (this.valueText !== null) {
      if (this.valueText.length + raw.length > MAX_CELL_TEXT) throw corrupt('a cell of more than 256 KB of text');
      this.valueText += raw;
    } else {
      this.inlineText.text(raw);
    }
  }

  private emit(): void {
    const cells = this.cells;
    for (let index = 0; index < cells.length; index += 1) if (cells[index] === undefined) cells[index] = null;
    this.cells = [];
    if (!this.sink(this.rowNumber, cells)) this.scanner.stopped = true;
  }
}

// ---- the workbook ----

interface XlsxSheet {
  name: string;
  hidden: boolean;
}

export interface XlsxWorkbook {
  sheets: XlsxSheet[];
  /** Reads sheet `index` (of `sheets`) row by row into `sink` until it returns false. */
  readSheet(index: number, sink: RowSink): Promise<void>;
}

export interface XlsxOptions {
  sharedStrings?: SharedStringLimits;
}

interface ListedSheet extends XlsxSheet {
  relationshipId: string | undefined;
}

/** A relationship target of xl/workbook.xml as a zip entry name. */
function resolveTarget(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

async function readWorkbookSheets(data: Buffer, entry: ZipEntry, pacer: Pacer): Promise<ListedSheet[]> {
  const sheets: ListedSheet[] = [];
  const scanner = new XmlScanner({
    open(name, attributes) {
      if (name !== 'sheet') return;
      if (sheets.length >= MAX_SHEETS) throw corrupt(`more than ${MAX_SHEETS} sheets`);
      const state = attributes.get('state');
      sheets.push({
        name: detach(attributes.get('name') ?? ''),
        hidden: state !== undefined && state !== 'visible',
        relationshipId: attributes.getPrefixed('id'),
      });
    },
    close() {},
    text() {},
  });
  await scanEntry(data, entry, scanner, pacer);
  return sheets;
}

interface Relationship {
  type: string;
  target: string;
}

/** The relationships with one of `ids`, and the first shared-strings one (under the key ''). */
async function readRelationships(data: Buffer, entry: ZipEntry, ids: ReadonlySet<string>, pacer: Pacer): Promise<Map<string, Relationship>> {
  const found = new Map<string, Relationship>();
  const scanner = new XmlScanner({
    open(name, attributes) {
      if (name !== 'Relationship') return;
      const id = attributes.get('Id') ?? '';
      const type = attributes.get('Type') ?? '';
      const wanted = ids.has(id) && !found.has(id);
      const strings = type.endsWith('/sharedStrings') && !found.has('');
      if (!wanted && !strings) return;
      const relationship = { type: detach(type), target: detach(attributes.get('Target') ?? '') };
      if (wanted) found.set(id, relationship);
      if (strings) found.set('', relationship);
    },
    close() {},
    text() {},
  });
  await scanEntry(data, entry, scanner, pacer);
  return found;
}

const NOT_WORKSHEET = /\/(?:chartsheet|dialogsheet|xlMacrosheet|xlIntlMacrosheet)$/;

/**
 * Opens an .xlsx: the zip guard, the workbook's sheet list, the size check of the parts not read
 * here. Throws UploadFileError for a file that is not a workbook or breaks a limit.
 */
export async function openXlsx(data: Buffer, options: XlsxOptions = {}): Promise<XlsxWorkbook> {
  const limits = options.sharedStrings ?? DEFAULT_SHARED_STRING_LIMITS;
  const pacer = new Pacer();
  const entries = readZipDirectory(data);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const workbook = byName.get('xl/workbook.xml');
  if (!workbook) {
    for (const entry of entries) await verifyEntry(data, entry);
    throw new UploadFileError('UPLOAD_TYPE_INVALID', 'This zip file is not an .xlsx workbook.');
  }
  const read = new Set<ZipEntry>([workbook]);
  const listed = await readWorkbookSheets(data, workbook, pacer);
  const relsEntry = byName.get('xl/_rels/workbook.xml.rels');
  let rels = new Map<string, Relationship>();
  if (relsEntry) {
    read.add(relsEntry);
    rels = await readRelationships(data, relsEntry, new Set(listed.map((sheet) => sheet.relationshipId ?? '').filter(Boolean)), pacer);
  }

  const sheets: { sheet: XlsxSheet; entry: ZipEntry | undefined }[] = [];
  listed.forEach((sheet, position) => {
    const rel = sheet.relationshipId === undefined ? undefined : rels.get(sheet.relationshipId);
    if (rel && NOT_WORKSHEET.test(rel.type)) return;
    const entry = rel ? byName.get(resolveTarget(rel.target)) : relsEntry ? undefined : byName.get(`xl/worksheets/sheet${position + 1}.xml`);
    sheets.push({ sheet: { name: sheet.name, hidden: sheet.hidden }, entry });
  });
  if (listed.length === 0 && byName.has('xl/worksheets/sheet1.xml')) sheets.push({ sheet: { name: 'Sheet1', hidden: false }, entry: byName.get('xl/worksheets/sheet1.xml') });
  const stringsRel = rels.get('');
  const stringsEntry = (stringsRel ? byName.get(resolveTarget(stringsRel.target)) : undefined) ?? byName.get('xl/sharedStrings.xml');
  // The sheets and the shared strings are checked while they are read; the rest as the guard always did.
  for (const { entry } of sheets) if (entry) read.add(entry);
  if (stringsEntry) read.add(stringsEntry);
  for (const entry of entries) if (!read.has(entry)) await verifyEntry(data, entry);
  if (sheets.length === 0) throw new UploadFileError('UPLOAD_EMPTY', 'The workbook has no worksheet.');

  let strings: Promise<string[]> | null = null;
  return {
    sheets: sheets.map(({ sheet }) => ({ ...sheet })),
    async readSheet(index, sink) {
      const sheet = sheets[index];
      if (!sheet) throw new RangeError(`No sheet ${index}`);
      if (!sheet.entry) return;
      strings ??= stringsEntry ? readSharedStrings(data, stringsEntry, limits, new Pacer()) : Promise.resolve([]);
      const handler = new SheetHandler(await strings, sink);
      await scanEntry(data, sheet.entry, handler.scanner, new Pacer());
    },
  };
}

/** Reads the first worksheet of an .xlsx into `sink` (the reader before openTable; kept for its callers). */
export async function readXlsxRows(data: Buffer, sink: RowSink): Promise<void> {
  let workbook: XlsxWorkbook;
  try {
    workbook = await openXlsx(data);
  } catch (error) {
    // The old reader answered a workbook without sheets with no rows.
    if (error instanceof UploadFileError && error.code === 'UPLOAD_EMPTY') return;
    throw error;
  }
  await workbook.readSheet(0, sink);
}
