import { Pacer } from './pacer.ts';
import type { RowSink } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';
import { corrupt, DEFAULT_SHARED_STRING_LIMITS, detach, MAX_SHEETS, type SharedStringLimits } from './xlsx-limits.ts';
import { readSharedStrings } from './xlsx-shared-strings.ts';
import { SheetHandler } from './xlsx-worksheet.ts';
import { scanEntry, XmlScanner } from './xlsx-xml-scanner.ts';
import { readZipDirectory, verifyEntry, type ZipEntry } from './zip-guard.ts';

export type { RowSink } from './table-reader.ts';
export { parseSharedStrings } from './xlsx-shared-strings.ts';
export { decodeXmlText, XmlAttributes } from './xlsx-xml-attributes.ts';
export { XmlScanner, type XmlHandler } from './xlsx-xml-scanner.ts';

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

// The parts: xlsx-limits.ts (the bounds), xlsx-xml-attributes.ts and xlsx-xml-scanner.ts (the
// tokenizer), xlsx-shared-strings.ts (the strings table), xlsx-worksheet.ts (a sheet's rows),
// pacer.ts (the yields); the workbook is read here.

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
