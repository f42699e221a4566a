import { isUtf8 } from 'node:buffer';
import { parse, type Options as CsvParseOptions, type Parser } from 'csv-parse';
import iconv from 'iconv-lite';
import { detectDelimiter } from './csv-delimiter.ts';
import { detectEncoding } from './csv-encoding.ts';
import { Pacer } from './pacer.ts';
import type { RowSink } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';

export { detectDelimiter } from './csv-delimiter.ts';
export { detectEncoding } from './csv-encoding.ts';

/**
 * The import's CSV reader: the encoding and the delimiter are detected, then the file is parsed by
 * csv-parse's streaming parser, fed 8 KiB at a time, yielding to the event loop (setImmediate)
 * whenever 5 ms of work have passed (checked between chunks).
 *
 * Encoding: `detectEncoding` (csv-encoding.ts); delimiter: `detectDelimiter` (csv-delimiter.ts).
 *
 * Refusals: control characters other than tab, CR and LF anywhere in the decoded text: not a CSV
 * (UPLOAD_TYPE_INVALID); a line (a record) longer than 64 KiB, or more than 16,384 fields on one,
 * or a quote never closed: UPLOAD_CORRUPT; nothing but blanks: UPLOAD_EMPTY.
 * Rows are numbered by the physical line where the record starts (a field with line breaks in
 * quotes moves the next record's number by as many lines).
 */

const MAX_CSV_RECORD_BYTES = 64 * 1024;
const MAX_CSV_FIELDS = 16_384;
const CHUNK_BYTES = 8 * 1024;
const SAMPLE_BYTES = 64 * 1024;

function notCsv(): UploadFileError {
  return new UploadFileError('UPLOAD_TYPE_INVALID', 'This is not an .xlsx file or a .csv file.');
}

function corrupt(reason: string): UploadFileError {
  return new UploadFileError('UPLOAD_CORRUPT', `The CSV file could not be read: ${reason}.`);
}

// ---- reading ----

// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const CONTROL_BYTE = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte += 1) CONTROL_BYTE[byte] = byte === 0x09 || byte === 0x0a || byte === 0x0d ? 0 : 1;

function hasControlBytes(bytes: Buffer): boolean {
  for (let index = 0; index < bytes.length; index += 1) if (CONTROL_BYTE[bytes[index]!]) return true;
  return false;
}

function lineBreaks(field: string): number {
  let breaks = 0;
  for (let index = 0; index < field.length; index += 1) {
    const code = field.charCodeAt(index);
    if (code === 0x0a) breaks += 1;
    else if (code === 0x0d) {
      breaks += 1;
      if (field.charCodeAt(index + 1) === 0x0a) index += 1;
    }
  }
  return breaks;
}

export interface CsvTable {
  encoding: string;
  delimiter: string;
  readRows(sink: RowSink): Promise<void>;
}

/** Detects the encoding and the delimiter; refuses what is not a CSV. */
export async function openCsv(data: Buffer): Promise<CsvTable> {
  const pacer = new Pacer();
  const encoding = await detectEncoding(data, pacer);
  // The bytes go to csv-parse as they are when they are valid UTF-8; else they are decoded first.
  const direct = encoding === 'utf-8' && isUtf8(data);
  const sampleBytes = data.subarray(0, SAMPLE_BYTES);
  const sample = (direct ? sampleBytes.toString('utf8') : iconv.decode(sampleBytes, encoding)).replace(/^\uFEFF/, '');
  if (CONTROL.test(sample)) throw notCsv();
  if (sample.trim() === '' && sampleBytes.length === data.length) throw new UploadFileError('UPLOAD_EMPTY', 'The file is empty.');
  const delimiter = detectDelimiter(sample);
  return { encoding, delimiter, readRows: (sink) => readCsvRows(data, encoding, direct, delimiter, sink) };
}

interface ParserInternals {
  __onRecord: (...args: unknown[]) => unknown;
  state: { record: unknown[]; expectedRecordLength: number | undefined };
}

/**
 * csv-parse 7 builds a CsvError (a stack trace and JSON deep copies of its context) for every
 * record whose number of fields differs from the FIRST record's, even with relax_column_count,
 * and then drops it. With a metadata line first (`Exported at ...`) that is every row: ~25 µs
 * each, 90% of the parse (40,000 rows: 1.2 s instead of 0.12 s); a 20 MB file of alternating 1-
 * and 2-field lines would keep a core busy for minutes. Every count is accepted here, so each
 * record is made "as long as expected" just before the check. Guarded: when the internals are not
 * what this expects, the parser runs as it is (right, only slow) and csv-reader.test.ts fails.
 */
export function bypassFieldCountCheck(parser: Parser): boolean {
  const api = (parser as unknown as { api?: Partial<ParserInternals> }).api;
  if (!api || typeof api.__onRecord !== 'function' || !api.state || !('expectedRecordLength' in api.state) || !Array.isArray(api.state.record)) return false;
  const internals = api as ParserInternals;
  const original = internals.__onRecord;
  internals.__onRecord = function (this: ParserInternals, ...args: unknown[]) {
    this.state.expectedRecordLength = this.state.record.length;
    return original.apply(this, args);
  };
  return true;
}

/** csv-parse's streaming parser as the import uses it. */
function createCsvParser(delimiter: string): Parser {
  const options: CsvParseOptions & { readableHighWaterMark: number } = {
    bom: true,
    delimiter,
    // Any line end, even mixed in one file (an edited export); CRLF first so it counts once.
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_CSV_RECORD_BYTES,
    // Records wait in the parser until read: no back-pressure inside one chunk.
    readableHighWaterMark: 1 << 30,
  };
  const parser = parse(options);
  bypassFieldCountCheck(parser);
  parser.on('error', () => {
    // Reported through the write callbacks.
  });
  return parser;
}

async function readCsvRows(data: Buffer, encoding: string, direct: boolean, delimiter: string, sink: RowSink): Promise<void> {
  const pacer = new Pacer();
  const parser = createCsvParser(delimiter);
  const decoder = direct ? null : iconv.getDecoder(encoding);
  let line = 1;
  let content = false;
  let stopped = false;

  const failure = (error: unknown): UploadFileError => {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') return corrupt(`line ${line} is longer than ${MAX_CSV_RECORD_BYTES / 1024} KB`);
    if (code === 'CSV_QUOTE_NOT_CLOSED') return corrupt(`the quote opened on line ${line} is never closed`);
    return corrupt(`${(error as Error).message} (line ${line})`);
  };
  /** Hands the parsed records to the sink (none when `counting`: only the line numbers move on). */
  const drain = (counting = false) => {
    for (let record = parser.read() as string[] | null; record !== null; record = parser.read() as string[] | null) {
      if (record.length > MAX_CSV_FIELDS) throw corrupt(`line ${line} has more than ${MAX_CSV_FIELDS} fields`);
      const row = line;
      let breaks = 0;
      for (const field of record) {
        if (!content && field.trim() !== '') content = true;
        if (field.length > 0 && (field.includes('\n') || field.includes('\r'))) breaks += lineBreaks(field);
      }
      line += 1 + breaks;
      if (counting) continue;
      if (!sink(row, record)) {
        stopped = true;
        return;
      }
    }
  };
  const settle = (resolve: () => void, reject: (error: unknown) => void) => (error?: Error | null) => {
    if (!error) return resolve();
    // The records before the failing one count for its line number (the file is refused anyway).
    try {
      drain(true);
    } catch {
      // a record with too many fields before it: the first failure is the one reported
    }
    reject(failure(error));
  };
  const feed = (chunk: Buffer | string) => new Promise<void>((resolve, reject) => parser.write(chunk, settle(resolve, reject)));

  try {
    for (let start = 0; start < data.length && !stopped; start += CHUNK_BYTES) {
      const bytes = data.subarray(start, start + CHUNK_BYTES);
      let chunk: Buffer | string = bytes;
      if (decoder) {
        chunk = decoder.write(bytes);
        if (CONTROL.test(chunk)) throw notCsv();
      } else if (hasControlBytes(bytes)) {
        throw notCsv();
      }
      if (chunk.length > 0) await feed(chunk);
      drain();
      await pacer.pace();
    }
    if (stopped) return;
    const tail = decoder?.end();
    if (tail) {
      if (CONTROL.test(tail)) throw notCsv();
      await feed(tail);
    }
    await new Promise<void>((resolve, reject) => parser.end(settle(resolve, reject)));
    drain();
    if (!stopped && !content) throw new UploadFileError('UPLOAD_EMPTY', 'The file is empty.');
  } finally {
    parser.destroy();
  }
}
