/**
 * What the check (dry run) and the import of a file share: the request and the admin's answers,
 * the service's dependencies, the outcome, and the read of the file.
 */
import type { UploadMapping, UploadReport } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../../lib/storage/index.ts';
import type { BackstageReadResult, ReadOptions } from './backstage-parser.ts';
import { readBackstageFileInWorker } from './parse-in-worker.ts';
import { UploadFileError, type UploadFileErrorCode } from './upload-file-error.ts';
import type { Answers } from './upload-month.ts';

export interface UploadInput {
  fileName: string;
  data: Buffer;
  asOf: string;
  dryRun: boolean;
  createUnknown: boolean;
  /** The admin's answers to the dry run's questions (uploadFieldsSchema). */
  period?: string | undefined;
  missing?: 'keep' | 'zero';
  acceptWindow?: boolean;
  mapping?: UploadMapping | undefined;
}

export function answersOf(input: UploadInput): Answers {
  return { period: input.period, acceptWindow: input.acceptWindow ?? false, missing: input.missing ?? 'keep', createUnknown: input.createUnknown };
}

/** Either the report of a dry run or a commit, or a refusal (nothing written) with the report. */
export type UploadOutcome = { ok: true; report: UploadReport } | { ok: false; code: UploadFileErrorCode | 'UPLOAD_INVALID' | 'UPLOAD_NEEDS_ANSWERS'; report: UploadReport };

export interface UploadsDeps {
  db: Database;
  clock: Clock;
  /** Where the original file of each committed import is kept (`uploads/<uuid>.xlsx|csv`). */
  storage: FileStorage;
  /** Where a failed clean-up after a committed import is reported (the import itself stands). */
  log?: { warn(object: Record<string, unknown>, message: string): void };
  /** Called after an import committed (the daily brief); it runs on its own, the upload does not wait. */
  afterCommit?: () => void;
  /** Tests only: abort the commit once this many month rows were inserted (proves the rollback). */
  failAfterInsertedRows?: number;
  /** Tests only: month rows per insert (default MONTH_INSERT_BATCH). */
  monthInsertBatch?: number;
  /** Tests only: staged month rows per UPDATE while the file is read (default stagedRowsPerUpdate). */
  monthApplyEvery?: number;
}

export function invalidPeriodError(): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path: 'period', message: "The month must be the file's Data period month or the as-of date's" }] });
}

/**
 * Text dates such as `2/3/2026` whose column cannot tell day from month are read day first: the
 * portal's six languages (and en-GB, the English date format) all write the day first.
 */
const AGENCY_DATE_ORDER = 'dmy' as const;

/** Read -> recognise -> map -> parse: once per request, for the check and the import alike. */
export async function readUploadedFile(
  input: UploadInput,
  remembered: ReadonlyMap<string, UploadMapping>,
  stream: Pick<ReadOptions, 'onRow' | 'onFile'> = {},
): Promise<{ ok: true; read: BackstageReadResult } | { ok: false; code: UploadFileErrorCode }> {
  try {
    return { ok: true, read: await readBackstageFileInWorker(input.data, { mapping: input.mapping, remembered, localeDateOrder: AGENCY_DATE_ORDER, ...stream }) };
  } catch (error) {
    if (!(error instanceof UploadFileError)) throw error;
    return { ok: false, code: error.code };
  }
}
