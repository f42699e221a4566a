import { UploadFileError } from './upload-file-error.ts';

// The .xlsx reader's bounds and limits (see xlsx-reader.ts), the error for a workbook that breaks
// them or cannot be read, and the copying of strings handed out.

/** Excel's limits: columns A..XFD. */
export const MAX_CELLS_PER_ROW = 16_384;
export const MAX_CELL_TEXT = 256 * 1024;
export const MAX_TAG_LENGTH = 64 * 1024;
export const MAX_DEPTH = 64;
export const MAX_SHEETS = 1_000;

export interface SharedStringLimits {
  /** Items of xl/sharedStrings.xml. */
  maxCount: number;
  /** Characters (UTF-16 code units, decoded) of all items together. */
  maxChars: number;
  /** Raw (undecoded) text of one item. */
  maxItemRaw: number;
}

export const DEFAULT_SHARED_STRING_LIMITS: SharedStringLimits = {
  maxCount: 1_000_000,
  maxChars: 32 * 1024 * 1024,
  maxItemRaw: 4 * 1024 * 1024,
};

export function corrupt(reason?: string): UploadFileError {
  return new UploadFileError('UPLOAD_CORRUPT', reason ? `The spreadsheet could not be read (${reason}); export it again.` : 'The spreadsheet could not be read; export it again.');
}

/** A copy of a string that does not keep the (64 KiB) chunk it was sliced from alive. */
export function detach(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
