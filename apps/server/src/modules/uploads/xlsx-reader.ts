import { StringDecoder } from 'node:string_decoder';
import type { CellValue } from './backstage-values.ts';
import { UploadFileError } from './upload-file-error.ts';
import { inflateEntry, readZipDirectory, streamEntry, verifyEntry, type ZipEntry } from './zip-guard.ts';

/**
 * The import's .xlsx reader: the first worksheet's cell values, row by row, without exceljs.
 *
 * - The zip guard runs first (directory, declared sizes, ratio, tiling: zip-guard.ts); the entries
 *   this reader does not need are inflated once by the guard to check their sizes, the ones it
 *   needs (workbook, its relationships, the shared strings, the sheet) are inflated once here with
 *   the same check, so nothing is inflated twice and a lying entry is still 413.
 * - The first sheet is the first `<sheet>` of xl/workbook.xml, found through
 *   xl/_rels/workbook.xml.rels (xl/worksheets/sheet1.xml when that says nothing).
 * - The sheet is inflated as a stream and scanned row by row: only the current chunk and one
 *   unfinished row are held, never the whole sheet.
 * - Values as exceljs's streaming reader gives them with styles ignored: shared and inline strings
 *   (rich text joined, phonetic runs left out) and `str` results are strings, numbers are numbers
 *   (dates stay Excel day numbers, as without styles exceljs cannot know them), booleans are
 *   booleans, errors are null; `t="d"` (ISO dates, which exceljs misreads) is a Date.
 * - Cells and rows without `r` follow the previous one; namespace prefixes (`<x:row>`) are allowed.
 * - Malformed XML (an unclosed row, a sheet that stops before `</worksheet>`): UPLOAD_CORRUPT.
 */

export type RowSink = (rowNumber: number, cells: CellValue[]) => boolean;

function corrupt(): UploadFileError {
  return new UploadFileError('UPLOAD_CORRUPT', 'The spreadsheet could not be read; export it again.');
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

/** An attribute of a start tag's attribute text (`name="value"` or `name='value'`), decoded. */
function attribute(attributes: string, name: string): string | undefined {
  const at = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  if (!at) return undefined;
  return decodeXmlText(at[1] ?? at[2] ?? '');
}

const PREFIX = '(?:[A-Za-z_][\\w.-]*:)?';
const PHONETIC = new RegExp(`<${PREFIX}rPh(?=[\\s/>])[^>]*?(?:/>|>[\\s\\S]*?</${PREFIX}rPh\\s*>)`, 'g');
const TEXT_RUN = new RegExp(`<${PREFIX}t(?=[\\s/>])[^>]*?(?:/>|>([^<]*)</${PREFIX}t\\s*>)`, 'g');

/** The text of a string item (`<si>` or `<is>` content): every `<t>` joined, phonetic runs left out. */
function stringItemText(inner: string): string {
  const content = inner.includes('rPh') ? inner.replace(PHONETIC, '') : inner;
  let text = '';
  TEXT_RUN.lastIndex = 0;
  for (let match = TEXT_RUN.exec(content); match; match = TEXT_RUN.exec(content)) {
    if (match[1]) text += match[1];
  }
  return decodeXmlText(text);
}

// ---- workbook parts ----

const SHEET_TAG = new RegExp(`<${PREFIX}sheet(?=[\\s/>])([^>]*)>`, 'g');
const RELATIONSHIP_TAG = new RegExp(`<${PREFIX}Relationship(?=[\\s/>])([^>]*)>`, 'g');
const STRING_ITEM = new RegExp(`<${PREFIX}si(?=[\\s/>])[^>]*?(?:/>|>([\\s\\S]*?)</${PREFIX}si\\s*>)`, 'g');

interface Relationship {
  id: string;
  type: string;
  target: string;
}

function relationships(xml: string): Relationship[] {
  const found: Relationship[] = [];
  for (const match of xml.matchAll(RELATIONSHIP_TAG)) {
    const attributes = match[1]!;
    found.push({ id: attribute(attributes, 'Id') ?? '', type: attribute(attributes, 'Type') ?? '', target: attribute(attributes, 'Target') ?? '' });
  }
  return found;
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

function firstSheetPath(workbookXml: string, rels: readonly Relationship[]): string | null {
  SHEET_TAG.lastIndex = 0;
  const sheet = SHEET_TAG.exec(workbookXml);
  if (!sheet) return null;
  // The relationship id is `r:id` with whatever prefix the relationships namespace has.
  const id = /(?:^|\s)[A-Za-z_][\w.-]*:id\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(sheet[1]!);
  const rel = id ? rels.find((candidate) => candidate.id === (id[1] ?? id[2])) : undefined;
  return rel ? resolveTarget(rel.target) : null;
}

export function parseSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  STRING_ITEM.lastIndex = 0;
  for (let match = STRING_ITEM.exec(xml); match; match = STRING_ITEM.exec(xml)) strings.push(match[1] ? stringItemText(match[1]) : '');
  return strings;
}

// ---- the sheet ----

const ROW_OPEN = new RegExp(`<(${PREFIX})row(?=[\\s/>])([^>]*?)(/?)>`, 'g');
const CELL = new RegExp(`<${PREFIX}c(?=[\\s/>])([^>]*?)(?:/>|>([\\s\\S]*?)</${PREFIX}c\\s*>)`, 'g');
const VALUE = new RegExp(`<${PREFIX}v(?:\\s[^>]*)?>([^<]*)</${PREFIX}v\\s*>`);
const INLINE = new RegExp(`<${PREFIX}is(?=[\\s/>])[^>]*?(?:/>|>([\\s\\S]*?)</${PREFIX}is\\s*>)`);
const WORKSHEET_END = new RegExp(`^\\s*</${PREFIX}worksheet\\s*>\\s*$`);
const CELL_REF = /(?:^|\s)r\s*=\s*["']\$?([A-Za-z]{1,3})/;
const ROW_REF = /(?:^|\s)r\s*=\s*["'](\d+)/;
const TYPE = /(?:^|\s)t\s*=\s*["']([A-Za-z]+)/;

function columnOf(letters: string): number {
  let column = 0;
  for (let index = 0; index < letters.length; index += 1) column = column * 26 + ((letters.charCodeAt(index) | 0x20) - 96);
  return column;
}

function cellValue(type: string | undefined, inner: string, strings: readonly string[]): CellValue {
  if (type === 'inlineStr') {
    const inline = INLINE.exec(inner);
    if (inline) return inline[1] ? stringItemText(inline[1]) : '';
  }
  const value = VALUE.exec(inner);
  if (!value) return null;
  const text = value[1]!;
  switch (type) {
    case 's':
      return strings[Number.parseInt(text, 10)] ?? null;
    case 'str':
    case 'inlineStr':
      return decodeXmlText(text);
    case 'b':
      return Number.parseInt(text, 10) !== 0;
    case 'e':
      return null;
    case 'd': {
      const decoded = decodeXmlText(text).trim();
      const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(decoded) || !decoded.includes('T') ? decoded : `${decoded}Z`);
      return Number.isNaN(date.getTime()) ? decoded : date;
    }
    default: {
      const number = Number.parseFloat(text);
      return Number.isFinite(number) ? number : null;
    }
  }
}

/** The cells of one row's content, 0-based (column A is index 0), holes null. */
function rowCells(inner: string, strings: readonly string[]): CellValue[] {
  const cells: CellValue[] = [];
  let column = 0;
  CELL.lastIndex = 0;
  for (let match = CELL.exec(inner); match; match = CELL.exec(inner)) {
    const attributes = match[1]!;
    const ref = CELL_REF.exec(attributes);
    column = ref ? columnOf(ref[1]!) : column + 1;
    const content = match[2];
    if (!content) continue;
    const value = cellValue(TYPE.exec(attributes)?.[1], content, strings);
    if (value !== null) cells[column - 1] = value;
  }
  for (let index = 0; index < cells.length; index += 1) if (cells[index] === undefined) cells[index] = null;
  return cells;
}

/** Scans the sheet's XML as it arrives; `push` returns false once the sink wants no more rows. */
class SheetScanner {
  private pending = '';
  private rowNumber = 0;
  stopped = false;

  constructor(
    private readonly strings: readonly string[],
    private readonly sink: RowSink,
  ) {}

  push(chunk: string): void {
    const text = this.pending.length > 0 ? this.pending + chunk : chunk;
    let position = 0;
    ROW_OPEN.lastIndex = 0;
    for (;;) {
      ROW_OPEN.lastIndex = position;
      const open = ROW_OPEN.exec(text);
      if (!open) {
        // Keep from the last tag start: it may be a row tag cut by the chunk boundary.
        const lastTag = text.lastIndexOf('<');
        position = lastTag >= position ? lastTag : text.length;
        break;
      }
      const reference = ROW_REF.exec(open[2]!);
      const number = reference ? Number.parseInt(reference[1]!, 10) : this.rowNumber + 1;
      let inner = '';
      let end = ROW_OPEN.lastIndex;
      if (open[3] !== '/') {
        const close = text.indexOf(`</${open[1]}row>`, end);
        if (close < 0) {
          position = open.index;
          break;
        }
        inner = text.slice(end, close);
        end = close + open[1]!.length + 6;
      }
      this.rowNumber = number;
      position = end;
      if (!this.sink(number, rowCells(inner, this.strings))) {
        this.stopped = true;
        this.pending = '';
        return;
      }
    }
    this.pending = text.slice(position);
    // A "row" that never ends (or no tag for megabytes) is not a worksheet.
    if (this.pending.length > 16 * 1024 * 1024) throw corrupt();
  }

  finish(): void {
    if (this.stopped) return;
    if (!WORKSHEET_END.test(this.pending)) throw corrupt();
  }
}

/** Reads the first worksheet of an .xlsx into `sink`, row by row, until it returns false. */
export async function readXlsxRows(data: Buffer, sink: RowSink): Promise<void> {
  const entries = readZipDirectory(data);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const workbook = byName.get('xl/workbook.xml');
  if (!workbook) {
    for (const entry of entries) await verifyEntry(data, entry);
    throw new UploadFileError('UPLOAD_TYPE_INVALID', 'This zip file is not an .xlsx workbook.');
  }
  const read = new Set<ZipEntry>([workbook]);
  const readText = (entry: ZipEntry) => {
    read.add(entry);
    return inflateEntry(data, entry).toString('utf8');
  };
  const workbookXml = readText(workbook);
  const relsEntry = byName.get('xl/_rels/workbook.xml.rels');
  const rels = relsEntry ? relationships(readText(relsEntry)) : [];
  const sheet = byName.get(firstSheetPath(workbookXml, rels) ?? '') ?? byName.get('xl/worksheets/sheet1.xml');
  const stringsRel = rels.find((rel) => rel.type.endsWith('/sharedStrings'));
  const stringsEntry = (stringsRel ? byName.get(resolveTarget(stringsRel.target)) : undefined) ?? byName.get('xl/sharedStrings.xml');
  if (sheet) read.add(sheet);
  if (stringsEntry) read.add(stringsEntry);
  // The entries not read here are checked as the guard always did.
  for (const entry of entries) if (!read.has(entry)) await verifyEntry(data, entry);
  const strings = stringsEntry ? parseSharedStrings(readText(stringsEntry)) : [];
  if (!sheet) return;

  const scanner = new SheetScanner(strings, sink);
  const decoder = new StringDecoder('utf8');
  // After the sink stops, the rest is still inflated (counted, not scanned): a lying sheet is 413.
  for await (const chunk of streamEntry(data, sheet)) {
    if (!scanner.stopped) scanner.push(decoder.write(chunk));
  }
  if (!scanner.stopped) scanner.push(decoder.end());
  scanner.finish();
}
