import type { CellValue } from './backstage-values.ts';
import { openCsv } from './csv-reader.ts';
import { UploadFileError } from './upload-file-error.ts';
import { openXlsx } from './xlsx-reader.ts';

/**
 * The reading layer of the earnings import: a file's content as sheets of rows of cell values,
 * whatever its format. Linear in the file's size, streamed (one chunk and one row held at a time,
 * besides the file itself and an .xlsx's shared strings), bounded (see xlsx-reader.ts and
 * csv-reader.ts for the limits), and it yields to the event loop whenever 5 ms of work have passed (checked between chunks).
 *
 * The format is decided by the content, never by the name: a zip is an .xlsx (xlsx-reader.ts);
 * known binary signatures (PDF, images, old .xls, archives, executables) are refused; anything else
 * is read as CSV text (csv-reader.ts), which refuses binary content by its control characters.
 *
 * Errors: a problem of the whole file is an UploadFileError (UPLOAD_EMPTY, UPLOAD_TYPE_INVALID,
 * UPLOAD_CORRUPT, UPLOAD_TOO_LARGE, UPLOAD_ZIP_BOMB), from `openTable` or from `readSheet` (a
 * limit met half-way through a sheet); any other failure of the reader is UPLOAD_CORRUPT. What
 * the sink throws is passed on unchanged.
 */

/** The sink of `readSheet`: one row's cells (0-based, column A first, holes null); false stops reading this sheet. */
export type RowSink = (rowNumber: number, cells: CellValue[]) => boolean;

export interface TableSource {
  format: 'xlsx' | 'csv';
  /** csv only: the detected encoding ('utf-8', 'utf-16le', 'utf-16be', 'windows-1254', 'windows-1252', ...) and delimiter (',' ';' '\t'). */
  encoding: string | null;
  delimiter: string | null;
  /** xlsx: worksheet names in workbook order (hidden ones included, `hidden` says which); csv: one entry ''. */
  sheets: { name: string; hidden: boolean }[];
  /**
   * Reads one sheet row by row into sink until it returns false. Rows 1-based as the
   * spreadsheet/CSV line numbers. Yields to the event loop regularly. May be called again (a sheet
   * is read from the start each time; an .xlsx's shared strings are read once). A sheet index out
   * of range is a RangeError.
   */
  readSheet(index: number, sink: RowSink): Promise<void>;
}

const REFUSED_SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an old Excel (.xls) file: save it as .xlsx' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], what: 'a RAR archive' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz archive' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'a zstd archive' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' },
];

function startsWith(data: Buffer, bytes: readonly number[]): boolean {
  return data.length >= bytes.length && bytes.every((byte, index) => data[index] === byte);
}

/** 'xlsx' for a zip, 'csv' for anything else not refused here. */
export function detectFormat(data: Buffer): 'xlsx' | 'csv' {
  if (data.length === 0) throw new UploadFileError('UPLOAD_EMPTY', 'The file is empty.');
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06])) return 'xlsx';
  for (const signature of REFUSED_SIGNATURES) {
    if (startsWith(data, signature.bytes)) throw new UploadFileError('UPLOAD_TYPE_INVALID', `This is ${signature.what}, not an .xlsx or .csv file.`);
  }
  return 'csv';
}

function unreadable(format: 'xlsx' | 'csv'): UploadFileError {
  return new UploadFileError('UPLOAD_CORRUPT', format === 'xlsx' ? 'The spreadsheet could not be read; export it again.' : 'The CSV file could not be read.');
}

/** Runs one of the readers: its own failures become UPLOAD_CORRUPT, the sink's pass through. */
async function guarded<T>(format: 'xlsx' | 'csv', run: (sink: RowSink | null) => Promise<T>, sink: RowSink | null = null): Promise<T> {
  const sinkFailure: { error: unknown; failed: boolean } = { error: undefined, failed: false };
  const watched: RowSink | null =
    sink &&
    ((rowNumber, cells) => {
      try {
        return sink(rowNumber, cells);
      } catch (error) {
        sinkFailure.failed = true;
        sinkFailure.error = error;
        throw error;
      }
    });
  try {
    return await run(watched);
  } catch (error) {
    if (sinkFailure.failed) throw sinkFailure.error;
    if (error instanceof UploadFileError || error instanceof RangeError) throw error;
    throw unreadable(format);
  }
}

/** Decides the format from the content and opens the file; throws UploadFileError for whole-file problems. */
export async function openTable(data: Buffer): Promise<TableSource> {
  const format = detectFormat(data);
  if (format === 'xlsx') {
    const workbook = await guarded('xlsx', () => openXlsx(data));
    return {
      format,
      encoding: null,
      delimiter: null,
      sheets: workbook.sheets,
      readSheet: (index, sink) => guarded('xlsx', (watched) => workbook.readSheet(index, watched!), sink),
    };
  }
  const csv = await guarded('csv', () => openCsv(data));
  return {
    format,
    encoding: csv.encoding,
    delimiter: csv.delimiter,
    sheets: [{ name: '', hidden: false }],
    readSheet(index, sink) {
      if (index !== 0) return Promise.reject(new RangeError(`A CSV file has one sheet, not ${index + 1}`));
      return guarded('csv', (watched) => csv.readRows(watched!), sink);
    },
  };
}
