import { createHash } from 'node:crypto';
import {
  isValidTiktokUsername,
  normalizeTiktokUsername,
  UPLOAD_COLUMN_FIELDS,
  UPLOAD_MAX_ROWS,
  UPLOAD_REQUIRED_FIELDS,
  type UploadColumnField,
  type UploadError,
  type UploadErrorCode,
  type UploadFigureKind,
  type UploadFileInfo,
  type UploadMapping,
  type UploadQuestion,
  type UploadWarning,
} from '@agency/shared';
import { headerKey, isCreatorQuitText, isTotalLabel, matchHeader, type BackstageField } from './backstage-columns.ts';
import {
  dateOrderEvidence,
  parseCount,
  parseDateTime,
  parseDays,
  parseDurationSeconds,
  parsePeriodRange,
  type CellValue,
  type DateOrder,
  type Parsed,
} from './backstage-values.ts';
import { openTable as openTableDefault, type TableSource } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';

/**
 * Reads a LIVE Backstage export (docs/product.md §6) into one row per creator: the first three
 * steps of the upload's one pipeline (read -> recognise the layout -> map the columns -> parse the
 * values -> plan -> write). The check and the import both call `readBackstageFile` once; the plan
 * (upload-plan.ts) and the write (month-writer.ts) take its result as it is.
 *
 * - Read: table-reader.ts (format by content, encodings, sheets; bounded and streamed).
 * - Recognise: the header row is the first row (of the first 20 of a sheet) whose headers name the
 *   username and the diamonds (backstage-columns.ts), or whose signature has a remembered mapping,
 *   or, when the admin sent a mapping, the candidate header row the mapping question showed. The
 *   first sheet with a header is read; the other sheets are skipped with a warning. Lines before the
 *   header may carry the `Data period`.
 * - Map: one window of figures (this period, else the selected period, else the last 30 days); the
 *   kind of figures is known from it and from the period.
 * - Parse: values per backstage-values.ts; text dates' day/month order decided per column from all
 *   its values (the agency's locale when they cannot tell, with a warning); rows of sums, notes and
 *   blank rows skipped with a warning; creators who quit kept and marked; a creator listed twice
 *   keeps the row with the higher diamonds (exact copies collapse), with a warning.
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
  /** The export says the creator has quit the network. */
  leftNetwork: boolean;
}

/** The header row offered to the admin when the needed columns were not recognised. */
interface MappingCandidate {
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

const HEADER_SEARCH_ROWS = 20;
const MAX_LISTED_ERRORS = 1000;
const MAX_LISTED_WARNINGS_PER_KIND = 200;
const SAMPLE_VALUES = 3;

type Columns = Partial<Record<BackstageField, number>>;

function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/**
 * A copy of a string that does not keep its source alive: V8 makes substrings of 13+ characters
 * views into the source, so a username cut from a chunk of sheet XML would keep the whole chunk.
 */
function ownString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** The header row's identity: its cells' keys, trailing empty cells left out. */
function headerSignature(cells: readonly string[]): string {
  const keys = cells.map((cell) => headerKey(cell));
  while (keys.length > 0 && keys.at(-1) === '') keys.pop();
  return createHash('sha256').update(JSON.stringify(keys)).digest('hex');
}

function recognise(cells: readonly CellValue[]): { columns: Columns; names: Map<number, string> } {
  const columns: Columns = {};
  const names = new Map<number, string>();
  cells.forEach((cell, index) => {
    if (typeof cell !== 'string') return;
    const field = matchHeader(cell);
    if (field && columns[field] === undefined) {
      columns[field] = index;
      names.set(index, cell.trim());
    }
  });
  return { columns, names };
}

/** The columns of the figures: one window (this period, else the selected period, else the last 30 days). */
function chooseWindow(columns: Columns): { columns: Columns; window: 'period' | 'selected' | 'rolling' | 'none' } {
  const chosen: Columns = { ...columns };
  let window: 'period' | 'selected' | 'rolling' | 'none' = 'none';
  if (columns.diamonds !== undefined) window = 'period';
  else if (columns.diamondsSelectedPeriod !== undefined) window = 'selected';
  else if (columns.diamondsLast30Days !== undefined) window = 'rolling';
  const pick = (period: BackstageField, selected: BackstageField, rolling: BackstageField) => {
    const order = window === 'rolling' ? [rolling, selected, period] : window === 'selected' ? [selected, period, rolling] : [period, selected, rolling];
    for (const field of order) if (columns[field] !== undefined) return columns[field];
    return undefined;
  };
  chosen.diamonds = pick('diamonds', 'diamondsSelectedPeriod', 'diamondsLast30Days');
  chosen.liveDuration = pick('liveDuration', 'liveDurationSelectedPeriod', 'liveDurationLast30Days');
  chosen.validDays = pick('validDays', 'validDaysSelectedPeriod', 'validDaysLast30Days');
  return { columns: chosen, window };
}

function figureKindOf(window: 'period' | 'selected' | 'rolling' | 'none', period: { from: string; to: string } | null): UploadFigureKind {
  const monthToDate = period !== null && period.from.endsWith('-01') && period.from.slice(0, 7) === period.to.slice(0, 7);
  if (window === 'rolling') return 'rolling30';
  if (window === 'selected') return monthToDate ? 'monthToDate' : 'selectedPeriod';
  if (period === null) return 'unknown';
  return monthToDate ? 'monthToDate' : 'selectedPeriod';
}

interface SheetHeader {
  rowNumber: number;
  cells: string[];
  columns: Columns;
  names: Map<number, string>;
  source: UploadFileInfo['mappingSource'];
  window: 'period' | 'selected' | 'rolling' | 'none';
}

interface PendingRow {
  item: BackstageRow;
  lastLive: CellValue;
}

/** One text date parse per distinct text and order: an export repeats the same Last LIVE on many rows. */
class DateTexts {
  private readonly parsed = new Map<string, Parsed<Date | null>>();
  parse(value: CellValue, order: DateOrder): Parsed<Date | null> {
    if (typeof value !== 'string') return parseDateTime(value, order);
    const key = `${order}${value}`;
    let parsed = this.parsed.get(key);
    if (!parsed) {
      parsed = parseDateTime(value, order);
      if (this.parsed.size < 10_000) this.parsed.set(key, parsed);
    }
    return parsed;
  }
}

/** Collects one sheet's rows: the header search, then the data rows. */
class SheetReader {
  header: SheetHeader | null = null;
  /** The first row that looks like a header (two or more text cells), with the rows under it. */
  candidate: { rowNumber: number; cells: string[]; below: CellValue[][]; size: number } | null = null;
  metadataPeriod: { from: string; to: string } | null = null;
  columnPeriod: { from: string; to: string } | null = null;
  rowsSeen = 0;
  dataRows = 0;
  blankRows = 0;
  /** The row kept for each username (a creator listed twice keeps the higher diamonds). */
  readonly byUsername = new Map<string, PendingRow>();
  /** Kept rows whose text date waits for the column's day/month order. */
  readonly deferred = new Set<PendingRow>();
  duplicates = 0;
  readonly errors: UploadError[] = [];
  hiddenErrors = 0;
  readonly warnings: UploadWarning[] = [];
  readonly counts = { quit: 0, approximate: 0, skipped: 0 };
  readonly dateEvidence = { dmy: [] as number[], mdy: [] as number[], either: 0 };
  private readonly dates = new DateTexts();

  constructor(
    private readonly options: ReadOptions,
    /** Take this row as the header with the admin's mapping (a second read of the candidate's sheet). */
    private readonly forcedHeader: { rowNumber: number; mapping: UploadMapping } | null,
  ) {}

  add(rowNumber: number, cells: CellValue[]): boolean {
    this.rowsSeen += 1;
    if (!this.header) {
      this.findHeader(rowNumber, cells);
      if (!this.header && this.rowsSeen >= HEADER_SEARCH_ROWS) {
        // Keep a few rows for the mapping question's samples, then stop.
        return this.candidate !== null && this.candidate.below.length < SAMPLE_VALUES && this.rowsSeen < HEADER_SEARCH_ROWS + SAMPLE_VALUES;
      }
      return true;
    }
    this.readRow(rowNumber, cells);
    return true;
  }

  private useMapping(rowNumber: number, cells: string[], mapping: UploadMapping, source: SheetHeader['source']): void {
    const columns: Columns = {};
    const names = new Map<number, string>();
    for (const field of UPLOAD_COLUMN_FIELDS) {
      const index = mapping[field];
      if (index === undefined) continue;
      columns[field as BackstageField] = index;
      names.set(index, cells[index] || `#${index + 1}`);
    }
    this.header = { rowNumber, cells, columns, names, source, window: 'none' };
  }

  private findHeader(rowNumber: number, cells: CellValue[]): void {
    const texts = cells.map(cellText);
    if (this.forcedHeader) {
      if (rowNumber === this.forcedHeader.rowNumber) this.useMapping(rowNumber, texts, this.forcedHeader.mapping, 'admin');
      else this.readMetadata(cells);
      return;
    }
    const remembered = this.options.remembered?.get(headerSignature(texts));
    if (remembered) {
      this.useMapping(rowNumber, texts, remembered, 'remembered');
      return;
    }
    const { columns, names } = recognise(cells);
    const { columns: chosen, window } = chooseWindow(columns);
    if (chosen.username !== undefined && chosen.diamonds !== undefined) {
      this.header = { rowNumber, cells: texts, columns: chosen, names, source: 'headers', window };
      return;
    }
    // The candidate header: the row with the most cells, all text, of the first rows (the first on
    // ties: in a CSV every cell is text, and the header comes before the data).
    const textCells = cells.filter((cell) => typeof cell === 'string' && cell.trim() !== '').length;
    const filled = cells.filter((cell) => cellText(cell) !== '').length;
    if (textCells >= 2 && textCells === filled && textCells > (this.candidate?.size ?? 0)) {
      this.candidate = { rowNumber, cells: texts, below: [], size: textCells };
      return;
    }
    if (this.candidate && this.candidate.below.length < SAMPLE_VALUES && filled > 0) this.candidate.below.push(cells);
    this.readMetadata(cells);
  }

  private readMetadata(cells: readonly CellValue[]): void {
    if (this.metadataPeriod) return;
    for (const cell of cells) {
      const period = parsePeriodRange(cell);
      if (period) {
        this.metadataPeriod = period;
        return;
      }
    }
  }

  private error(row: number, column: string | null, code: UploadErrorCode, params: Record<string, string | number> = {}): void {
    if (this.errors.length < MAX_LISTED_ERRORS) this.errors.push({ row, column, code, params });
    else this.hiddenErrors += 1;
  }

  private at(cells: readonly CellValue[], field: BackstageField): CellValue {
    const index = this.header!.columns[field];
    return index === undefined ? null : (cells[index] ?? null);
  }

  private nameOf(field: BackstageField): string {
    return this.header!.names.get(this.header!.columns[field]!) ?? field;
  }

  /** One value of a row: its parsed value, or the fallback with an error recorded (`failed` set). */
  private value<T>(row: number, cells: readonly CellValue[], field: BackstageField, parser: (value: CellValue) => Parsed<T>, fallback: T, state: { failed: boolean; username: string }): T {
    if (this.header!.columns[field] === undefined) return fallback;
    const cell = this.at(cells, field);
    const parsed = parser(cell);
    if (parsed.error !== undefined) {
      this.error(row, this.nameOf(field), parsed.error, { value: cellText(cell).slice(0, 80) });
      state.failed = true;
      return fallback;
    }
    if (parsed.approximate) {
      this.counts.approximate += 1;
      this.warnings.push({ row, kind: 'approximateValue', tiktokUsername: state.username, params: { column: this.nameOf(field), value: cellText(cell).slice(0, 40), read: parsed.value as number } });
    }
    return parsed.value as T;
  }

  private skip(row: number, kind: 'totalRow' | 'noteRow', value: string): void {
    this.counts.skipped += 1;
    this.warnings.push({ row, kind, tiktokUsername: null, params: { value } });
  }

  private readRow(row: number, cells: CellValue[]): void {
    let filled = false;
    for (const cell of cells) {
      if (cellText(cell) !== '') {
        filled = true;
        break;
      }
    }
    if (!filled) {
      this.blankRows += 1;
      return;
    }
    const rawUsername = cellText(this.at(cells, 'username'));
    if (!rawUsername) {
      // A row of sums whose label sits in another column (`Toplam` under the Creator IDs), or a
      // note, a sub-header: not a creator.
      const texts = cells.map(cellText);
      const totalLabel = texts.find((text) => isTotalLabel(text));
      if (totalLabel) this.skip(row, 'totalRow', totalLabel.slice(0, 40));
      else this.skip(row, 'noteRow', (texts.find((text) => text !== '') ?? '').slice(0, 80));
      return;
    }
    if (isTotalLabel(rawUsername)) {
      this.skip(row, 'totalRow', rawUsername.slice(0, 40));
      return;
    }
    this.dataRows += 1;
    if (this.dataRows > (this.options.maxRows ?? UPLOAD_MAX_ROWS)) throw new TooManyRows(this.options.maxRows ?? UPLOAD_MAX_ROWS);
    if (!this.columnPeriod) this.columnPeriod = parsePeriodRange(this.at(cells, 'dataPeriod')) ?? parsePeriodRange(this.at(cells, 'selectedPeriod'));

    const username = ownString(normalizeTiktokUsername(rawUsername));
    const state = { failed: false, username };
    if (!isValidTiktokUsername(username)) {
      this.error(row, this.nameOf('username'), 'usernameInvalid', { value: rawUsername.slice(0, 80) });
      state.failed = true;
    }
    const creatorId = this.at(cells, 'creatorId');
    const status = this.at(cells, 'status');
    const leftNetwork = (typeof creatorId === 'string' && isCreatorQuitText(creatorId)) || (typeof status === 'string' && isCreatorQuitText(status));
    const lastLive = this.at(cells, 'lastLive');
    const evidence = dateOrderEvidence(lastLive);
    if (evidence === 'either') this.dateEvidence.either += 1;
    else if (evidence) this.dateEvidence[evidence].push(row);
    // A date whose text says its order (or needs none) is read now; `2/3/2026` waits for the column.
    let lastLiveAt: Date | null = null;
    if (lastLive !== null && evidence !== 'either') {
      const parsed = this.dates.parse(lastLive, evidence ?? 'dmy');
      if (parsed.error !== undefined) {
        this.error(row, this.nameOf('lastLive'), 'notADate', { value: cellText(lastLive).slice(0, 80) });
        state.failed = true;
      } else lastLiveAt = parsed.value;
    }
    const item: BackstageRow = {
      row,
      tiktokUsername: username,
      diamonds: this.value(row, cells, 'diamonds', parseCount, 0, state),
      validDays: this.value(row, cells, 'validDays', parseDays, 0, state),
      liveSeconds: this.value(row, cells, 'liveDuration', parseDurationSeconds, 0, state),
      matches: this.value(row, cells, 'matches', parseCount, 0, state),
      lastLiveAt,
      leftNetwork,
    };
    if (state.failed) return;
    if (leftNetwork) {
      this.counts.quit += 1;
      this.warnings.push({ row, kind: 'creatorQuit', tiktokUsername: username, params: {} });
    }
    this.keep({ item, lastLive }, evidence === 'either' && lastLive !== null);
  }

  /**
   * The row kept for its username, handed on (onRow) as soon as it is final: a first row, or one
   * that replaces an earlier row of the same creator (listed twice with other figures: the higher
   * diamonds win); an exact copy is dropped. Both kinds of repeat are warnings.
   */
  private keep(pending: PendingRow, deferred: boolean): void {
    const { item } = pending;
    const earlier = this.byUsername.get(item.tiktokUsername)?.item;
    if (earlier) {
      this.duplicates += 1;
      const same =
        earlier.diamonds === item.diamonds &&
        earlier.validDays === item.validDays &&
        earlier.liveSeconds === item.liveSeconds &&
        earlier.matches === item.matches &&
        earlier.leftNetwork === item.leftNetwork;
      if (same) {
        this.warnings.push({ row: item.row, kind: 'duplicateIdentical', tiktokUsername: item.tiktokUsername, params: { firstRow: earlier.row } });
        return;
      }
      const keepLater = item.diamonds > earlier.diamonds || (item.diamonds === earlier.diamonds && item.liveSeconds > earlier.liveSeconds);
      const [kept, dropped] = keepLater ? [item, earlier] : [earlier, item];
      this.warnings.push({ row: dropped.row, kind: 'duplicateKeptHigher', tiktokUsername: item.tiktokUsername, params: { keptRow: kept.row, droppedRow: dropped.row } });
      if (!keepLater) return;
      const replaced = this.byUsername.get(item.tiktokUsername)!;
      this.deferred.delete(replaced);
    }
    this.byUsername.set(item.tiktokUsername, pending);
    if (deferred) this.deferred.add(pending);
    else this.emit(item);
  }

  private announced = false;

  /** Hands a final row on, after telling the caller the file's period and kind of figures once. */
  private emit(item: BackstageRow): void {
    if (!this.options.onRow) return;
    if (!this.announced) {
      this.announced = true;
      const period = this.columnPeriod ?? this.metadataPeriod;
      this.options.onFile?.({ dataPeriod: period, figureKind: figureKindOf(this.header!.window, period) });
    }
    this.options.onRow(item);
  }

  /** Decides the date order, parses the dates. */
  finishDates(): { order: DateOrder | null; source: 'values' | 'locale' | null } {
    const { dmy, mdy, either } = this.dateEvidence;
    let order: DateOrder | null = null;
    let source: 'values' | 'locale' | null = null;
    if (dmy.length > 0 || mdy.length > 0) {
      order = dmy.length >= mdy.length ? 'dmy' : 'mdy';
      source = 'values';
    } else if (either > 0) {
      order = this.options.localeDateOrder ?? 'dmy';
      source = 'locale';
    }
    const wrong = new Set(order === 'dmy' ? mdy : dmy);
    const column = this.header ? (this.header.names.get(this.header.columns.lastLive!) ?? 'lastLive') : null;
    if (source === 'locale') this.warnings.push({ row: null, kind: 'dateOrderFromLocale', tiktokUsername: null, params: { column: column ?? '', order: order! } });
    // A date whose text disagrees with the column's order: the column cannot be trusted.
    for (const pending of this.byUsername.values()) {
      if (wrong.has(pending.item.row)) this.error(pending.item.row, column, 'notADate', { value: cellText(pending.lastLive).slice(0, 80) });
    }
    // The dates that waited for the order, then their rows handed on.
    for (const pending of this.deferred) {
      const parsed = this.dates.parse(pending.lastLive, order ?? 'dmy');
      if (parsed.error !== undefined) {
        this.error(pending.item.row, column, 'notADate', { value: cellText(pending.lastLive).slice(0, 80) });
        this.byUsername.delete(pending.item.tiktokUsername);
        continue;
      }
      pending.item.lastLiveAt = parsed.value;
      this.emit(pending.item);
    }
    this.deferred.clear();
    return { order, source };
  }
}

class TooManyRows extends Error {
  constructor(readonly max: number) {
    super('too many rows');
  }
}

function mappingQuestion(candidate: NonNullable<SheetReader['candidate']>): MappingCandidate {
  const { columns } = chooseWindow(recognise(candidate.cells).columns);
  const suggested: UploadMapping = {};
  for (const field of UPLOAD_COLUMN_FIELDS) if (columns[field] !== undefined) suggested[field] = columns[field];
  const missing = UPLOAD_REQUIRED_FIELDS.filter((field) => suggested[field] === undefined) as UploadColumnField[];
  return {
    signature: headerSignature(candidate.cells),
    headers: candidate.cells,
    question: {
      kind: 'mapping',
      missing,
      columns: candidate.cells.map((header, index) => ({
        index,
        header: header.slice(0, 80),
        samples: candidate.below.map((row) => cellText(row[index]).slice(0, 40)).filter((text) => text !== '').slice(0, SAMPLE_VALUES),
      })),
      suggested,
    },
  };
}

/** Warnings of one kind beyond a readable number are counted, not listed. */
function capWarnings(warnings: readonly UploadWarning[]): UploadWarning[] {
  const perKind = new Map<string, number>();
  const listed: UploadWarning[] = [];
  for (const warning of warnings) {
    const seen = (perKind.get(warning.kind) ?? 0) + 1;
    perKind.set(warning.kind, seen);
    if (seen <= MAX_LISTED_WARNINGS_PER_KIND) listed.push(warning);
  }
  return listed;
}

/** Read, recognise, map and parse. Throws UploadFileError for a file that cannot be read at all. */
export async function readBackstageFile(data: Buffer, options: ReadOptions = {}): Promise<BackstageReadResult> {
  const source = await (options.open ?? openTableDefault)(data);
  const order = source.sheets.map((sheet, index) => ({ ...sheet, index })).sort((a, b) => Number(a.hidden) - Number(b.hidden) || a.index - b.index);
  let reader: SheetReader | null = null;
  let readIndex = -1;
  let firstCandidate: { index: number; reader: SheetReader } | null = null;
  const readSheet = async (index: number, forced: { rowNumber: number; mapping: UploadMapping } | null) => {
    const sheetReader = new SheetReader(options, forced);
    try {
      await source.readSheet(index, (rowNumber, cells) => sheetReader.add(rowNumber, cells));
    } catch (error) {
      if (error instanceof TooManyRows) throw new UploadFileError('UPLOAD_TOO_LARGE', `The file has more than ${error.max} rows.`);
      throw error;
    }
    return sheetReader;
  };
  for (const sheet of order) {
    const sheetReader = await readSheet(sheet.index, null);
    if (sheetReader.header) {
      reader = sheetReader;
      readIndex = sheet.index;
      break;
    }
    if (!firstCandidate && sheetReader.candidate) firstCandidate = { index: sheet.index, reader: sheetReader };
  }
  let mappingCandidate: MappingCandidate | null = null;
  if (!reader && firstCandidate) {
    const candidate = mappingQuestion(firstCandidate.reader.candidate!);
    const admin = options.mapping;
    if (admin && UPLOAD_REQUIRED_FIELDS.every((field) => admin[field] !== undefined && admin[field]! < candidate.headers.length)) {
      reader = await readSheet(firstCandidate.index, { rowNumber: firstCandidate.reader.candidate!.rowNumber, mapping: admin });
      readIndex = firstCandidate.index;
    } else {
      mappingCandidate = candidate;
    }
  }

  const errors: UploadError[] = [];
  const warnings: UploadWarning[] = [];
  const sheetName = (index: number) => (source.format === 'xlsx' ? (source.sheets[index]?.name ?? null) : null);
  if (source.format === 'xlsx') {
    for (const [index, sheet] of source.sheets.entries()) {
      if (index !== readIndex) warnings.push({ row: null, kind: 'sheetSkipped', tiktokUsername: null, params: { sheet: sheet.name.slice(0, 80) } });
    }
  }
  const info = (header: SheetHeader | null, period: { from: string; to: string } | null, dates: { order: DateOrder | null; source: 'values' | 'locale' | null }): UploadFileInfo => ({
    format: source.format,
    encoding: source.encoding,
    delimiter: source.delimiter,
    sheet: readIndex >= 0 ? sheetName(readIndex) : null,
    headerRow: header?.rowNumber ?? null,
    dataPeriod: period,
    figureKind: header ? figureKindOf(header.window, period) : 'unknown',
    mappingSource: header?.source ?? 'headers',
    dateOrder: dates.order,
    dateOrderSource: dates.source,
  });

  if (!reader?.header) {
    if (!mappingCandidate) {
      if (order.length > 0 && firstCandidate === null && (reader === null || reader.rowsSeen === 0)) {
        // Nothing like a header in any sheet.
        errors.push({ row: 0, column: null, code: 'noUsernameColumn', params: {} });
      }
    }
    return {
      file: info(null, firstCandidate?.reader.metadataPeriod ?? null, { order: null, source: null }),
      header: null,
      mappingCandidate,
      rows: 0,
      items: [],
      columns: {},
      errors,
      warnings,
      skipped: 0,
      counts: { quit: 0, duplicates: 0, approximate: 0 },
    };
  }

  const header = reader.header;
  const dates = reader.finishDates();
  errors.push(...reader.errors);
  if (reader.hiddenErrors > 0) errors.push({ row: 0, column: null, code: 'moreErrors', params: { count: reader.hiddenErrors } });
  warnings.push(...reader.warnings);
  if (reader.blankRows > 0) warnings.push({ row: null, kind: 'blankRows', tiktokUsername: null, params: { count: reader.blankRows } });
  const items = [...reader.byUsername.values()].map((pending) => pending.item).sort((a, b) => a.row - b.row);
  const duplicates = reader.duplicates;
  // Header -> the field it is read as (`Diamonds in L30D` -> diamonds when that is the window read).
  const columns: Record<string, string> = {};
  const readFirst: BackstageField[] = ['username', 'diamonds', 'liveDuration', 'validDays', 'matches', 'lastLive'];
  const entries = Object.entries(header.columns).sort(([a], [b]) => Number(!readFirst.includes(a as BackstageField)) - Number(!readFirst.includes(b as BackstageField)));
  for (const [field, index] of entries) {
    const name = header.names.get(index!);
    if (name && columns[name] === undefined) columns[name] = field;
  }
  const period = reader.columnPeriod ?? reader.metadataPeriod;
  return {
    file: info(header, period, dates),
    header: { signature: headerSignature(header.cells), cells: header.cells },
    mappingCandidate: null,
    rows: reader.dataRows,
    items,
    columns,
    errors,
    warnings: capWarnings(warnings),
    skipped: reader.counts.skipped + duplicates,
    counts: { quit: items.filter((item) => item.leftNetwork).length, duplicates, approximate: reader.counts.approximate },
  };
}
