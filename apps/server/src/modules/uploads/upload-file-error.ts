import type { ErrorCode } from '@agency/shared';

/** Codes a file as a whole can fail with (the row problems are listed in the report instead). */
export type UploadFileErrorCode = Extract<
  ErrorCode,
  'UPLOAD_EMPTY' | 'UPLOAD_CORRUPT' | 'UPLOAD_TOO_LARGE' | 'UPLOAD_ZIP_BOMB' | 'UPLOAD_TYPE_INVALID'
>;

/** A problem of the whole file; the service turns it into a report with one error on row 0. */
export class UploadFileError extends Error {
  override name = 'UploadFileError';
  constructor(
    readonly code: UploadFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}
