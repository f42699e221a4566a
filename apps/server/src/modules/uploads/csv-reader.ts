import { isUtf8 } from 'node:buffer';
import { parse, type Options as CsvParseOptions, type Parser } from 'csv-parse';
import iconv from 'iconv-lite';
import jschardet from 'jschardet';
import type { RowSink } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';
import { Pacer } from './xlsx-reader.ts';

/**
 * The import's CSV reader: the encoding and the delimiter are detected, then the file is parsed by
 * csv-parse's streaming parser, fed 8 KiB at a time, yielding to the event loop (setImmediate)
 * whenever 5 ms of work have passed (checked between chunks).
 *
 * Encoding (`detectEncoding`), in this order:
 * 1. a byte order mark: UTF-8, UTF-16 LE/BE, UTF-32 LE/BE;
 * 2. UTF-16 without a mark, by the NUL pattern of its first 4 KiB (at least 32 bytes): text that
 *    is mostly ASCII has a NUL in every other byte (in at least 30% of the byte pairs, on the odd
 *    bytes for LE, the even ones for BE, and almost never on the other side);
 * 3. bytes that are valid UTF-8 (pure ASCII included): UTF-8;
 * 4. otherwise jschardet, on 32 KiB from the first non-ASCII byte. When it names an 8-bit Latin
 *    charset (any windows-125x / ISO-8859-x / Mac / DOS Latin code page, or nothing, or ASCII),
 *    which of windows-1254 (Turkish Excel's "CSV") and windows-1252 (Western) it is, is decided
 *    by THE TURKISH RULE: windows-1254 when at least one of the bytes that are letters only in
 *    Turkish, 0xD0 0xDD 0xDE 0xF0 0xFD 0xFE (Ğ İ Ş ğ ı ş; in windows-1252 the Icelandic Ð Ý Þ ð ý
 *    þ), stands next to a letter (ASCII, or 0xC0-0xFF except × ÷, or Š Œ Ž š œ ž Ÿ), anywhere in
 *    the file; else windows-1252. jschardet alone is not used for this: on a short Turkish file it
 *    answers Windows-1254, ISO-8859-9, iso8859-3, MacTurkish or Windows-1252 almost at random
 *    (confidence ~0.1). The cost: an Icelandic windows-1252 file reads as Turkish; a Central
 *    European (windows-1250) one as Western or Turkish. A non-Latin answer (Cyrillic, Greek,
 *    Hebrew, Arabic, Thai, CJK, UTF-16 without a mark) is taken as it is when iconv-lite knows it.
 * Decoded by iconv-lite (UTF-8 files are handed to csv-parse as they are).
 *
 * Delimiter (`detectDelimiter`): `,` `;` or tab, whichever splits the most of the first 20
 * records (quotes respected) into the same number (>= 2) of fields; a metadata line before the
 * header (`Exported at ...`, `... aktarma ...`) with another number of fields does not count.
 * Ties: the larger number of fields, then `,` `;` tab. No delimiter on any line: `,`.
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
const DETECT_BYTES = 32 * 1024;
const DELIMITERS = [',', ';', '\t'] as const;
const DELIMITER_RECORDS = 20;

function notCsv(): UploadFileError {
  return new UploadFileError('UPLOAD_TYPE_INVALID', 'This is not an .xlsx file or a .csv file.');
}

function corrupt(reason: string): UploadFileError {
  return new UploadFileError('UPLOAD_CORRUPT', `The CSV file could not be read: ${reason}.`);
}

// ---- encoding ----

function byteOrderMark(data: Buffer): string | null {
  const [a, b, c, d] = [data[0], data[1], data[2], data[3]];
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return 'utf-32le';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'utf-32be';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  return null;
}

/** UTF-16 without a byte order mark: NULs on one side of the byte pairs only. */
function utf16ByNuls(data: Buffer): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(data.length, 4096) / 2);
  // A header row alone is longer than 16 characters: less is no evidence (and a few binary bytes are not text).
  if (pairs < 16) return null;
  let even = 0;
  let odd = 0;
  for (let index = 0; index < pairs; index += 1) {
    if (data[index * 2] === 0) even += 1;
    if (data[index * 2 + 1] === 0) odd += 1;
  }
  if (odd >= pairs * 0.3 && even <= odd * 0.05) return 'utf-16le';
  if (even >= pairs * 0.3 && odd <= even * 0.05) return 'utf-16be';
  return null;
}

const LATIN_CHARSET =
  /^(?:ascii|usascii|(?:windows|cp)125[0247]|iso8859(?:1|2|3|4|9|10|13|14|15|16)|latin\d*|mac(?:roman|intosh|turkish|latin2|iceland|centeuro)|(?:cp|ibm)(?:437|850|852|857|858))$/;

const TURKISH_ONLY = new Uint8Array(256);
for (const byte of [0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]) TURKISH_ONLY[byte] = 1;
const LETTER = new Uint8Array(256);
for (let byte = 0x41; byte <= 0x5a; byte += 1) LETTER[byte] = LETTER[byte + 0x20] = 1;
for (let byte = 0xc0; byte <= 0xff; byte += 1) LETTER[byte] = byte === 0xd7 || byte === 0xf7 ? 0 : 1;
for (const byte of [0x8a, 0x8c, 0x8e, 0x9a, 0x9c, 0x9e, 0x9f]) LETTER[byte] = 1;

/** The Turkish rule (see the top of the file): a Turkish-only byte next to a letter. */
async function hasTurkishLetters(data: Buffer, pacer = new Pacer()): Promise<boolean> {
  const step = 1024 * 1024;
  for (let start = 0; start < data.length; start += step) {
    const end = Math.min(data.length, start + step);
    for (let index = start; index < end; index += 1) {
      if (TURKISH_ONLY[data[index]!] && ((index > 0 && LETTER[data[index - 1]!]) || (index + 1 < data.length && LETTER[data[index + 1]!]))) return true;
    }
    await pacer.pace();
  }
  return false;
}

/** The file's encoding as an iconv-lite name (see the top of the file for the rules). */
export async function detectEncoding(data: Buffer, pacer = new Pacer()): Promise<string> {
  const marked = byteOrderMark(data);
  if (marked) return marked;
  const utf16 = utf16ByNuls(data);
  if (utf16) return utf16;
  if (isUtf8(data)) return 'utf-8';
  let firstHigh = 0;
  while (firstHigh < data.length && data[firstHigh]! < 0x80) firstHigh += 1;
  const sampleStart = Math.max(0, firstHigh - 256);
  const answer = jschardet.detect(data.subarray(sampleStart, sampleStart + DETECT_BYTES)).encoding;
  // jschardet says `utf-16-le`, iconv-lite `utf-16le`.
  const name = (answer ?? '').toLowerCase().replace(/^utf-(16|32)-(le|be)$/, 'utf-$1$2');
  const compact = name.replace(/[^a-z0-9]/g, '');
  if (compact === 'utf8') return 'utf-8';
  if (name !== '' && !LATIN_CHARSET.test(compact) && iconv.encodingExists(name)) return name;
  return (await hasTurkishLetters(data, pacer)) ? 'windows-1254' : 'windows-1252';
}

// ---- delimiter ----

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
