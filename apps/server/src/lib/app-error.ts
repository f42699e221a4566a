import { ERRORS, type ErrorCode, type ErrorDetail } from '@agency/shared';

/**
 * The one error type services throw. The errors plugin turns it into
 * `{ error: true, code, message, details? }` with the status of the shared catalogue.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetail[] | undefined;
  /** Seconds for the `Retry-After` header of 429 answers. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { details?: ErrorDetail[]; retryAfterSeconds?: number } = {}) {
    super(ERRORS[code].message);
    this.code = code;
    this.statusCode = ERRORS[code].status;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
