import { UPLOAD_REQUIRED_FIELDS, type UploadError, type UploadFileInfo, type UploadMapping, type UploadWarning } from '@agency/shared';
import type { BackstageField } from './backstage-columns.ts';
import { figureKindOf, headerSignature, mappingQuestion, type SheetHeader } from './backstage-header.ts';
import { SheetReader, TooManyRows } from './backstage-sheet-reader.ts';
import type { BackstageReadResult, MappingCandidate, ReadOptions } from './backstage-types.ts';
import type { DateOrder } from './backstage-values.ts';
import { openTable as openTableDefault } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';

export type { BackstageReadResult, BackstageRow, ReadOptions } from './backstage-types.ts';

/**
 * Reads a LIVE Backstage export (docs/product.md §6) into one row per creator: the first three
 * steps of the upload's one pipeline (read -> recognise the layout -> map the columns -> parse the
 * values -> plan -> write). The check and the import both call `readBackstageFile` once; the plan
 * (upload-plan.ts) and the write (month-writer.ts) take its result as it is.
 *
 * - Read: table-reader.ts (format by content, encodings, sheets; bounded and streamed).
 * - Recognise: the header row is the first row (of the first 20 of a sheet) whose headers name the
 *   username and the diamonds (backstage-columns.ts), or whose signature has a remembered mapping,
 *   or, when the admin sent a mapping, the candidate header row the mapping question showed. The
 *   first sheet with a header is read; the other sheets are skipped with a warning. Lines before the
 *   header may carry the `Data period`.
 * - Map: one window of figures (this period, else the selected period, else the last 30 days); the
 *   kind of figures is known from it and from the period.
 * - Parse: values per backstage-values.ts; text dates' day/month order decided per column from all
 *   its values (the agency's locale when they cannot tell, with a warning); rows of sums, notes and
 *   blank rows skipped with a warning; creators who quit kept and marked; a creator listed twice
 *   keeps the row with the higher diamonds (exact copies collapse), with a warning.
 */

// The parts: backstage-types.ts (the options and the result), backstage-header.ts (recognise, map),
// backstage-sheet-reader.ts (one sheet: the header search, the rows parsed), backstage-rows.ts (the
// rows kept: duplicates, dates, errors and warnings).

const MAX_LISTED_WARNINGS_PER_KIND = 200;

/** Warnings of one kind beyond a readable number are counted, not listed. */
function capWarnings(warnings: readonly UploadWarning[]): UploadWarning[] {
  const perKind = new Map<string, number>();
  const listed: UploadWarning[] = [];
  for (const warning of warnings) {
    const seen = (perKind.get(warning.kind) ?? 0) + 1;
    perKind.set(warning.kind, seen);
    if (seen <= MAX_LISTED_WARNINGS_PER_KIND) listed.push(warning);
  }
  return listed;
}

/** Read, recognise, map and parse. Throws UploadFileError for a file that cannot be read at all. */
export async function readBackstageFile(data: Buffer, options: ReadOptions = {}): Promise<BackstageReadResult> {
  const source = await (options.open ?? openTableDefault)(data);
  const order = source.sheets.map((sheet, index) => ({ ...sheet, index })).sort((a, b) => Number(a.hidden) - Number(b.hidden) || a.index - b.index);
  let reader: SheetReader | null = null;
  let readIndex = -1;
  let firstCandidate: { index: number; reader: SheetReader } | null = null;
  const readSheet = async (index: number, forced: { rowNumber: number; mapping: UploadMapping } | null) => {
    const sheetReader = new SheetReader(options, forced);
    try {
      await source.readSheet(index, (rowNumber, cells) => sheetReader.add(rowNumber, cells));
    } catch (error) {
      if (error instanceof TooManyRows) throw new UploadFileError('UPLOAD_TOO_LARGE', `The file has more than ${error.max} rows.`);
      throw error;
    }
    return sheetReader;
  };
  for (const sheet of order) {
    const sheetReader = await readSheet(sheet.index, null);
    if (sheetReader.header) {
      reader = sheetReader;
      readIndex = sheet.index;
      break;
    }
    if (!firstCandidate && sheetReader.candidate) firstCandidate = { index: sheet.index, reader: sheetReader };
  }
  let mappingCandidate: MappingCandidate | null = null;
  if (!reader && firstCandidate) {
    const candidate = mappingQuestion(firstCandidate.reader.candidate!);
    const admin = options.mapping;
    if (admin && UPLOAD_REQUIRED_FIELDS.every((field) => admin[field] !== undefined && admin[field]! < candidate.headers.length)) {
      reader = await readSheet(firstCandidate.index, { rowNumber: firstCandidate.reader.candidate!.rowNumber, mapping: admin });
      readIndex = firstCandidate.index;
    } else {
      mappingCandidate = candidate;
    }
  }

  const errors: UploadError[] = [];
  const warnings: UploadWarning[] = [];
  const sheetName = (index: number) => (source.format === 'xlsx' ? (source.sheets[index]?.name ?? null) : null);
  if (source.format === 'xlsx') {
    for (const [index, sheet] of source.sheets.entries()) {
      if (index !== readIndex) warnings.push({ row: null, kind: 'sheetSkipped', tiktokUsername: null, params: { sheet: sheet.name.slice(0, 80) } });
    }
  }
  const info = (header: SheetHeader | null, period: { from: string; to: string } | null, dates: { order: DateOrder | null; source: 'values' | 'locale' | null }): UploadFileInfo => ({
    format: source.format,
    encoding: source.encoding,
    delimiter: source.delimiter,
    sheet: readIndex >= 0 ? sheetName(readIndex) : null,
    headerRow: header?.rowNumber ?? null,
    dataPeriod: period,
    figureKind: header ? figureKindOf(header.window, period) : 'unknown',
    mappingSource: header?.source ?? 'headers',
    dateOrder: dates.order,
    dateOrderSource: dates.source,
  });

  if (!reader?.header) {
    if (!mappingCandidate) {
      if (order.length > 0 && firstCandidate === null && (reader === null || reader.rowsSeen === 0)) {
        // Nothing like a header in any sheet.
        errors.push({ row: 0, column: null, code: 'noUsernameColumn', params: {} });
      }
    }
    return {
      file: info(null, firstCandidate?.reader.metadataPeriod ?? null, { order: null, source: null }),
      header: null,
      mappingCandidate,
      rows: 0,
      items: [],
      columns: {},
      errors,
      warnings,
      skipped: 0,
      counts: { quit: 0, duplicates: 0, approximate: 0 },
    };
  }

  const header = reader.header;
  const dates = reader.finishDates();
  errors.push(...reader.errors);
  if (reader.hiddenErrors > 0) errors.push({ row: 0, column: null, code: 'moreErrors', params: { count: reader.hiddenErrors } });
  warnings.push(...reader.warnings);
  if (reader.blankRows > 0) warnings.push({ row: null, kind: 'blankRows', tiktokUsername: null, params: { count: reader.blankRows } });
  const items = [...reader.byUsername.values()].map((pending) => pending.item).sort((a, b) => a.row - b.row);
  const duplicates = reader.duplicates;
  // Header -> the field it is read as (`Diamonds in L30D` -> diamonds when that is the window read).
  const columns: Record<string, string> = {};
  const readFirst: BackstageField[] = ['username', 'diamonds', 'liveDuration', 'validDays', 'matches', 'lastLive'];
  const entries = Object.entries(header.columns).sort(([a], [b]) => Number(!readFirst.includes(a as BackstageField)) - Number(!readFirst.includes(b as BackstageField)));
  for (const [field, index] of entries) {
    const name = header.names.get(index!);
    if (name && columns[name] === undefined) columns[name] = field;
  }
  const period = reader.columnPeriod ?? reader.metadataPeriod;
  return {
    file: info(header, period, dates),
    header: { signature: headerSignature(header.cells), cells: header.cells },
    mappingCandidate: null,
    rows: reader.dataRows,
    items,
    columns,
    errors,
    warnings: capWarnings(warnings),
    skipped: reader.counts.skipped + duplicates,
    counts: { quit: items.filter((item) => item.leftNetwork).length, duplicates, approximate: reader.counts.approximate },
  };
}
