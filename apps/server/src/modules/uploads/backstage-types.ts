import type { UploadError, UploadFileInfo, UploadMapping, UploadQuestion, UploadWarning } from '@agency/shared';
import type { DateOrder } from './backstage-values.ts';
import type { TableSource } from './table-reader.ts';

// What the Backstage export reader (backstage-parser.ts) takes and gives: its options, one
// creator's row, and the result of a read.

export interface BackstageRow {
  /** Line of the file (spreadsheet row number, CSV line), 1-based. */
  row: number;
  tiktokUsername: string;
  diamonds: number;
  validDays: number;
  liveSeconds: number;
  matches: number;
  lastLiveAt: Date | null;
  /** The export says the creator has quit the network. */
  leftNetwork: boolean;
}

/** The header row offered to the admin when the needed columns were not recognised. */
export interface MappingCandidate {
  signature: string;
  headers: string[];
  question: Extract<UploadQuestion, { kind: 'mapping' }>;
}

export interface BackstageReadResult {
  file: UploadFileInfo;
  /** The header row read (its signature and cells), null when none was found. */
  header: { signature: string; cells: string[] } | null;
  /** Set when the username or the diamonds column could not be found: nothing was read. */
  mappingCandidate: MappingCandidate | null;
  /** Data rows read (header, lines before it and blank lines excluded). */
  rows: number;
  items: BackstageRow[];
  /** Header text -> field, for the columns recognised (or mapped). */
  columns: Record<string, string>;
  errors: UploadError[];
  warnings: UploadWarning[];
  /** Rows left out without an error: duplicates, totals, notes. */
  skipped: number;
  counts: { quit: number; duplicates: number; approximate: number };
}

export interface ReadOptions {
  /** The admin's mapping (answer to the mapping question), relative to the candidate header row. */
  mapping?: UploadMapping;
  /** Mappings remembered for header rows, by signature. */
  remembered?: ReadonlyMap<string, UploadMapping>;
  /** Day/month order when a date column's values cannot tell (the agency's locale). */
  localeDateOrder?: DateOrder;
  maxRows?: number;
  open?: (data: Buffer) => Promise<TableSource>;
  /**
   * Each creator's row as soon as it is final, in the file's order (the import writes while the
   * file is read). A creator listed twice with other figures is handed on again when the later row
   * wins (the higher diamonds): the last row handed on for a username is the one of the result. A
   * row whose text date waits for its column's order comes at the end. Rows with an error are not
   * handed on; the caller drops what it did with the rows when the result has errors.
   */
  onRow?: (row: BackstageRow) => void;
  /** Called once, before the first onRow, with what is known of the file then (its period and kind of figures). */
  onFile?: (file: Pick<UploadFileInfo, 'dataPeriod' | 'figureKind'>) => void;
}
