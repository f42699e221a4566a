import {
  isValidTiktokUsername,
  normalizeTiktokUsername,
  UPLOAD_MAX_ROWS,
  type UploadError,
  type UploadWarning,
} from '@agency/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import { isCreatorQuitText, matchHeader, type BackstageField } from './backstage-columns.ts';
import { parseCount, parseDateTime, parseDays, parseDurationSeconds, type CellValue, type Parsed } from './backstage-values.ts';
import { UploadFileError } from './upload-file-error.ts';
import { readXlsxRows } from './xlsx-reader.ts';

/**
 * Reads the backstage "Creator data" export (PRODUCT section 2) into one row per creator.
 * The type is decided by the content, never by the name: a zip is an .xlsx (guarded, then read
 * by xlsx-reader.ts, first worksheet only), UTF-8 text is a CSV (`,` `;` or tab).
 *
 * Rows: the header row is the first row (of the first 20) with a username column; rows before it
 * (`Exported at ...`) are ignored, blank rows too. A creator who quit is a warning and skipped.
 * Duplicates: the same username twice with the same figures is a warning (kept once); with
 * different figures it is an error, since which row is right cannot be known.
 */

export interface BackstageRow {
  /** Line of the file (spreadsheet row number, CSV line), 1-based. */
  row: number;
  tiktokUsername: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  matches: number;
  lastLiveAt: Date | null;
}

export interface BackstageParseResult {
  format: 'xlsx' | 'csv';
  /** Data rows read (header, lines before it and blank lines excluded). */
  rows: number;
  items: BackstageRow[];
  /** Header text -> field, for the columns recognised. */
  columns: Record<string, string>;
  errors: UploadError[];
  warnings: UploadWarning[];
  /** Rows left out without an error: creators who quit, repeated identical rows. */
  skipped: number;
}

export interface ParseOptions {
  maxRows?: number;
  /**
   * Called with each row as soon as it is read without an error and its username is new (before
   * the rest of the file is read): the commit writes rows while the file is parsed. A later
   * problem (an error on another row, the same username with other figures) is still reported in
   * the result, so the caller must throw away what it did with the rows when `errors` is not empty.
   */
  onRow?: (row: BackstageRow) => void;
}

const HEADER_SEARCH_ROWS = 20;
const MAX_LISTED_ERRORS = 1000;
const MAX_LISTED_WARNINGS = 1000;

// ---- content type ----

const REFUSED_SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an old Excel (.xls) file: save it as .xlsx' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
];

function startsWith(data: Buffer, bytes: readonly number[]): boolean {
  return data.length >= bytes.length && bytes.every((byte, index) => data[index] === byte);
}

export function detectFormat(data: Buffer): 'xlsx' | 'csv' {
  if (data.length === 0) throw new UploadFileError('UPLOAD_EMPTY', 'The file is empty.');
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06])) return 'xlsx';
  for (const signature of REFUSED_SIGNATURES) {
    if (startsWith(data, signature.bytes)) throw new UploadFileError('UPLOAD_TYPE_INVALID', `This is ${signature.what}, not an .xlsx or .csv file.`);
  }
  return 'csv';
}

// ---- rows to creators ----

type FieldColumns = Partial<Record<BackstageField, number>>;

function cellText(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/**
 * A copy of a string that does not keep its source alive: V8 makes substrings of 13+ characters
 * views into the source, so a username cut from a 64 KB chunk of sheet XML would keep the whole
 * chunk (and all of them, the whole sheet) in memory as long as the row is.
 */
function ownString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** Collects rows of either format in order; knows nothing of xlsx or CSV. */
class RowCollector {
  readonly result: BackstageParseResult;
  private header: { columns: FieldColumns; names: Map<number, string> } | null = null;
  private rowsSeen = 0;
  private hiddenErrors = 0;
  private readonly byUsername = new Map<string, BackstageRow>();

  constructor(
    format: 'xlsx' | 'csv',
    private readonly maxRows: number,
    private readonly onRow?: (row: BackstageRow) => void,
  ) {
    this.result = { format, rows: 0, items: [], columns: {}, errors: [], warnings: [], skipped: 0 };
  }

  /** False once the header search gave up (the caller stops reading). */
  add(rowNumber: number, cells: readonly CellValue[]): boolean {
    this.rowsSeen += 1;
    if (!this.header) {
      this.tryHeader(cells);
      return this.header !== null || this.rowsSeen < HEADER_SEARCH_ROWS;
    }
    if (cells.every((cell) => cellText(cell) === '')) return true;
    this.result.rows += 1;
    if (this.result.rows > this.maxRows) {
      throw new UploadFileError('UPLOAD_TOO_LARGE', `The file has more than ${this.maxRows.toLocaleString('en-US')} rows.`);
    }
    this.readRow(rowNumber, cells);
    return true;
  }

  private tryHeader(cells: readonly CellValue[]): void {
    const columns: FieldColumns = {};
    const names = new Map<number, string>();
    cells.forEach((cell, index) => {
      if (typeof cell !== 'string') return;
      const field = matchHeader(cell);
      if (field && columns[field] === undefined) {
        columns[field] = index;
        names.set(index, cell.trim());
      }
    });
    if (columns.username === undefined) return;
    // This period's figures when both layouts' columns are present; the L30D ones otherwise.
    columns.diamonds ??= columns.diamondsLast30Days;
    columns.liveDuration ??= columns.liveDurationLast30Days;
    columns.validDays ??= columns.validDaysLast30Days;
    this.header = { columns, names };
    for (const name of names.values()) this.result.columns[name] = matchHeader(name)!;
  }

  private error(row: number, column: string | null, message: string): void {
    if (this.result.errors.length < MAX_LISTED_ERRORS) this.result.errors.push({ row, column, message });
    else this.hiddenErrors += 1;
  }

  private warning(warning: UploadWarning): void {
    // The counts stay complete; the list is for reading.
    if (this.result.warnings.length < MAX_LISTED_WARNINGS) this.result.warnings.push(warning);
  }

  private readRow(row: number, cells: readonly CellValue[]): void {
    const { columns, names } = this.header!;
    const at = (field: BackstageField): CellValue => (columns[field] === undefined ? null : (cells[columns[field]!] ?? null));
    const nameOf = (field: BackstageField) => names.get(columns[field]!) ?? field;
    const rawUsername = cellText(at('username'));
    const username = ownString(normalizeTiktokUsername(rawUsername));

    const quit = [at('creatorId'), at('status'), at('username')].some((cell) => typeof cell === 'string' && isCreatorQuitText(cell));
    if (quit) {
      this.result.skipped += 1;
      this.warning({ row, kind: 'creatorQuit', tiktokUsername: username, message: 'The creator has quit the network: row skipped' });
      return;
    }

    let failed = false;
    if (!username) {
      this.error(row, nameOf('username'), 'The username is missing');
      failed = true;
    } else if (!isValidTiktokUsername(username)) {
      this.error(row, nameOf('username'), `Invalid TikTok username format: "${rawUsername}"`);
      failed = true;
    }
    const read = <T>(field: BackstageField, parser: (value: CellValue) => Parsed<T>, fallback: T): T => {
      if (columns[field] === undefined) return fallback;
      const parsed = parser(at(field));
      if (parsed.error !== undefined) {
        this.error(row, nameOf(field), parsed.error);
        failed = true;
        return fallback;
      }
      return parsed.value as T;
    };
    const item: BackstageRow = {
      row,
      tiktokUsername: username,
      diamonds: read('diamonds', parseCount, 0),
      validDays: read('validDays', parseDays, 0),
      liveSeconds: read('liveDuration', parseDurationSeconds, 0),
      matches: read('matches', parseCount, 0),
      lastLiveAt: read('lastLive', parseDateTime, null),
    };
    if (failed) return;

    const earlier = this.byUsername.get(username);
    if (!earlier) {
      this.byUsername.set(username, item);
      this.onRow?.(item);
      return;
    }
    const same =
      earlier.diamonds === item.diamonds &&
      earlier.validDays === item.validDays &&
      earlier.liveSeconds === item.liveSeconds &&
      earlier.matches === item.matches;
    if (same) {
      this.result.skipped += 1;
      this.warning({ row, kind: 'duplicateUsername', tiktokUsername: username, message: `Same figures as row ${earlier.row}: kept once` });
    } else {
      this.error(row, nameOf('username'), `@${username} is also on row ${earlier.row} with other figures`);
    }
  }

  finish(): BackstageParseResult {
    if (!this.header) {
      if (this.rowsSeen === 0) throw new UploadFileError('UPLOAD_EMPTY', 'The file has no rows.');
      this.error(0, null, "No username column found (expected a header such as \"Creator's username\" or \"Username\")");
    } else if (this.header.columns.diamonds === undefined) {
      this.error(0, null, 'No diamonds column found (expected a header such as "Diamonds")');
    }
    if (this.hiddenErrors > 0) this.result.errors.push({ row: 0, column: null, message: `${this.hiddenErrors} more errors not listed` });
    this.result.items = [...this.byUsername.values()];
    return this.result;
  }
}

// ---- xlsx ----

async function readXlsx(data: Buffer, collector: RowCollector): Promise<void> {
  try {
    await readXlsxRows(data, (rowNumber, cells) => collector.add(rowNumber, cells));
  } catch (error) {
    if (error instanceof UploadFileError) throw error;
    throw new UploadFileError('UPLOAD_CORRUPT', 'The spreadsheet could not be read; export it again.');
  }
}

// ---- csv ----

const DELIMITERS = [',', ';', '\t'] as const;

function decodeText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw new UploadFileError('UPLOAD_TYPE_INVALID', 'This is not an .xlsx file or a UTF-8 .csv file.');
  }
  // Control characters other than tab and line breaks: a binary file that happens to be valid UTF-8.
  // eslint-disable-next-line no-control-regex -- looking for control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text.slice(0, 65_536))) {
    throw new UploadFileError('UPLOAD_TYPE_INVALID', 'This is not an .xlsx file or a .csv file.');
  }
  if (text.trim() === '') throw new UploadFileError('UPLOAD_EMPTY', 'The file is empty.');
  return text;
}

/** The delimiter that splits a line of the first 20 into a username column; else the commonest. */
export function detectDelimiter(text: string): string {
  const lines = text.split(/\r\n|\n|\r/, HEADER_SEARCH_ROWS);
  for (const line of lines) {
    for (const delimiter of DELIMITERS) {
      if (line.split(delimiter).some((cell) => matchHeader(cell.replace(/^"|"$/g, '')) === 'username')) return delimiter;
    }
  }
  const counts = DELIMITERS.map((delimiter) => lines.reduce((sum, line) => sum + line.split(delimiter).length - 1, 0));
  return DELIMITERS[counts.indexOf(Math.max(...counts))]!;
}

function readCsv(data: Buffer, collector: RowCollector): void {
  const text = decodeText(data);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new UploadFileError('UPLOAD_CORRUPT', `The CSV file could not be read: ${(error as Error).message}`);
  }
  for (const { record, info } of records) {
    if (!collector.add(info.lines, record)) break;
  }
}

/** Throws UploadFileError for problems of the whole file; row problems are in `errors`. */
export async function parseBackstageFile(data: Buffer, options: ParseOptions = {}): Promise<BackstageParseResult> {
  const format = detectFormat(data);
  const collector = new RowCollector(format, options.maxRows ?? UPLOAD_MAX_ROWS, options.onRow);
  if (format === 'xlsx') await readXlsx(data, collector);
  else readCsv(data, collector);
  return collector.finish();
}
