// Contracts of the earnings upload (issue 4): the request's fields, the import report and the upload history (earnings.ts re-exports them).
import { z } from 'zod';
import { memberRef, periodSchema } from './earnings-common.ts';

import { UPLOAD_COLUMN_FIELDS } from '../upload-limits.ts';

/** Field -> 0-based column of the header row, as the admin chose it in the dry run. */
const uploadMappingSchema = z.partialRecord(z.enum(UPLOAD_COLUMN_FIELDS), z.number().int().min(0).max(16_383));
export type UploadMapping = z.infer<typeof uploadMappingSchema>;

const booleanField = z.enum(['true', 'false']).default('false').transform((value) => value === 'true');

/** The text fields of `POST /api/admin/uploads` (multipart, beside `file`). */
export const uploadFieldsSchema = z.strictObject({
  asOf: z.iso.date(),
  dryRun: booleanField,
  createUnknown: booleanField,
  /**
   * The month the admin confirms. Needed only when the file's `Data period` is in another month
   * than the as-of date (the dry run asks: question `period`); must be one of the two.
   */
  period: periodSchema.optional(),
  /** Creators of the month missing from the file: keep their figures (default) or set them to zero. */
  missing: z.enum(['keep', 'zero']).default('keep'),
  /** Store a rolling 30-day or selected-period file's figures as the month's (question `window`). */
  acceptWindow: booleanField,
  /** JSON of UploadMapping: the columns the admin picked (question `mapping`). Remembered for the header row. */
  mapping: z
    .string()
    .max(2_000)
    .optional()
    .transform((text, context) => {
      if (text === undefined || text === '') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'Not JSON' });
        return z.NEVER;
      }
      const parsed = uploadMappingSchema.safeParse(json);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: 'Not a column mapping' });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

/**
 * Row problems, as codes the web app translates (`params` fill the text). A file with any imports
 * nothing. `fileUnreadable` (row 0) carries the whole-file error code in `params.code`.
 */
const UPLOAD_ERROR_CODES = [
  'usernameInvalid',
  'notANumber',
  'notAWholeNumber',
  'numberTooLarge',
  'notADuration',
  'notDays',
  'notADate',
  'noUsernameColumn',
  'noDiamondsColumn',
  'moreErrors',
  'fileUnreadable',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];
const reportParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** A problem of one row: the file imports nothing while any exists. */
const uploadErrorSchema = z.object({
  /** 1-based line of the file (the spreadsheet row number), 0 for the file as a whole. */
  row: z.number().int(),
  /** The header of the column as the file writes it. */
  column: z.string().nullable(),
  code: z.enum(UPLOAD_ERROR_CODES),
  /** `value`: the cell as written; `count` for moreErrors; `code` for fileUnreadable. */
  params: reportParams,
});
export type UploadError = z.infer<typeof uploadErrorSchema>;

export const UPLOAD_WARNING_KINDS = [
  /** params.created: created as a creator (`createUnknown`) or skipped. */
  'unknownUsername',
  /** An exact copy of row params.firstRow: kept once. */
  'duplicateIdentical',
  /** Listed twice with other figures (moving between groups): params.keptRow (higher diamonds) kept, params.droppedRow left out. */
  'duplicateKeptHigher',
  /** Left the network: stored with the figures, counted in commission, marked as left. */
  'creatorQuit',
  /** A creator with figures this month (or active) not in the file: params.action `keep` or `zero`. */
  'missingFromFile',
  /** A `Total` row of sums (params.value: its label): skipped. */
  'totalRow',
  /** A row without a username (a note, a sub-header): skipped. params.value: its first text. */
  'noteRow',
  /** Blank rows among the creators (params.count): skipped. */
  'blankRows',
  /** Another sheet of the workbook (params.sheet): not read. */
  'sheetSkipped',
  /** A rounded figure (`2.98M`): params.column, params.value as written, params.read (the number stored). */
  'approximateValue',
  /** Day and month order of params.column could not be told from its values: params.order (`dmy`/`mdy`) from the agency's locale. */
  'dateOrderFromLocale',
] as const;
export type UploadWarningKind = (typeof UPLOAD_WARNING_KINDS)[number];
/** Not an error: listed in the report (unknown usernames are skipped unless `createUnknown`). */
const uploadWarningSchema = z.object({
  row: z.number().int().nullable(),
  kind: z.enum(UPLOAD_WARNING_KINDS),
  tiktokUsername: z.string().nullable(),
  params: reportParams,
});
export type UploadWarning = z.infer<typeof uploadWarningSchema>;

const UPLOAD_CHANGE_KINDS = ['new', 'changed', 'unchanged', 'created', 'removed', 'zeroed', 'kept'] as const;
/** One creator's figures in the file against the current figures of the month. */
const uploadChangeSchema = z.object({
  tiktokUsername: z.string(),
  creatorId: z.string().nullable(),
  kind: z.enum(UPLOAD_CHANGE_KINDS),
  before: z.object({ diamonds: z.number().int(), validDays: z.number().int(), liveSeconds: z.number().int() }).nullable(),
  after: z.object({ diamonds: z.number().int(), validDays: z.number().int(), liveSeconds: z.number().int() }).nullable(),
});
export type UploadChange = z.infer<typeof uploadChangeSchema>;

/** What the figures of a file are: month to date (`Data period` inside one month), the last 30 days (`... in L30D`), a chosen period, or not said. */
const UPLOAD_FIGURE_KINDS = ['monthToDate', 'rolling30', 'selectedPeriod', 'unknown'] as const;
export type UploadFigureKind = (typeof UPLOAD_FIGURE_KINDS)[number];

/** How the file was read. */
const uploadFileInfoSchema = z.object({
  format: z.enum(['xlsx', 'csv']),
  /** csv: the detected text encoding and delimiter. */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  /** xlsx: the sheet read. */
  sheet: z.string().nullable(),
  /** Row of the header (1-based), null when none was found. */
  headerRow: z.number().int().nullable(),
  /** The file's `Data period` (YYYY-MM-DD), null when it has none. */
  dataPeriod: z.object({ from: z.string(), to: z.string() }).nullable(),
  figureKind: z.enum(UPLOAD_FIGURE_KINDS),
  /** How the columns were found: by their headers, a mapping remembered for this header row, or the admin's mapping sent with the request. */
  mappingSource: z.enum(['headers', 'remembered', 'admin']),
  /** Day/month order of text dates, and whether the values or the agency's locale decided it (null: no ambiguous text dates). */
  dateOrder: z.enum(['dmy', 'mdy']).nullable(),
  dateOrderSource: z.enum(['values', 'locale']).nullable(),
});
export type UploadFileInfo = z.infer<typeof uploadFileInfoSchema>;

/** A column of the header row offered in the mapping question, with the first values under it. */
const uploadColumnOptionSchema = z.object({ index: z.number().int(), header: z.string(), samples: z.array(z.string()) });

/** What the admin must answer (in the dry run) before the import can be committed. */
const uploadQuestionSchema = z.discriminatedUnion('kind', [
  /** The file's period is in another month than the as-of date: send `period` (one of the two). */
  z.object({ kind: z.literal('period'), fileMonth: periodSchema, asOfMonth: periodSchema }),
  /** Rolling 30 days or a selected period: send `acceptWindow=true` to store them as the month's figures. */
  z.object({ kind: z.literal('window'), figureKind: z.enum(UPLOAD_FIGURE_KINDS), from: z.string().nullable(), to: z.string().nullable() }),
  /** The needed columns were not recognised: send `mapping`. */
  z.object({ kind: z.literal('mapping'), missing: z.array(z.enum(UPLOAD_COLUMN_FIELDS)), columns: z.array(uploadColumnOptionSchema), suggested: uploadMappingSchema }),
]);
export type UploadQuestion = z.infer<typeof uploadQuestionSchema>;

/** The import report (docs/product.md §6), for a dry run and for a commit alike. */
export const uploadReportSchema = z.object({
  period: periodSchema,
  asOf: z.string(),
  dryRun: z.boolean(),
  /** How the file was read; null when it could not be read at all. */
  file: uploadFileInfoSchema.nullable(),
  /** Open questions: a commit with any answers 422 UPLOAD_NEEDS_ANSWERS and writes nothing. */
  questions: z.array(uploadQuestionSchema),
  /** What happens to creators of the month missing from the file. */
  missing: z.enum(['keep', 'zero']),
  /** Data rows read (header and `Exported at` lines excluded). */
  rows: z.number().int(),
  /** Rows whose figures were (or would be) written. */
  imported: z.number().int(),
  /** Creators created from unknown usernames (`createUnknown`). */
  created: z.number().int(),
  /** Rows left out (unknown usernames without `createUnknown`, duplicates, totals and notes). */
  skipped: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    unknown: z.number().int(),
    missing: z.number().int(),
    /** Creators set to zero because they are missing (missing = zero). */
    zeroed: z.number().int(),
    quit: z.number().int(),
    duplicates: z.number().int(),
    approximate: z.number().int(),
  }),
  /** The header row matched: column name in the file -> field. */
  columns: z.record(z.string(), z.string()),
  warnings: z.array(uploadWarningSchema),
  errors: z.array(uploadErrorSchema),
  /** Per-creator changes, at most 500 (the counts are complete). */
  changes: z.array(uploadChangeSchema),
  /** Set when committed: the history entry. */
  uploadId: z.string().nullable(),
});
export type UploadReport = z.infer<typeof uploadReportSchema>;

/** One entry of `GET /api/admin/uploads`. */
export const uploadHistoryItemSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  period: periodSchema,
  asOf: z.string(),
  rows: z.number().int(),
  imported: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  missing: z.number().int(),
  sizeBytes: z.number().int(),
  /** The original file can be downloaded at `/api/admin/uploads/:id/file`. */
  hasFile: z.boolean(),
  uploadedBy: memberRef.nullable(),
  createdAt: z.string(),
});
export type UploadHistoryItem = z.infer<typeof uploadHistoryItemSchema>;

export const uploadListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  period: periodSchema.optional(),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;
