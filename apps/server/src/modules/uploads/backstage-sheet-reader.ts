import { isValidTiktokUsername, normalizeTiktokUsername, UPLOAD_COLUMN_FIELDS, UPLOAD_MAX_ROWS, type UploadMapping } from '@agency/shared';
import { isCreatorQuitText, isTotalLabel, type BackstageField } from './backstage-columns.ts';
import { cellText, chooseWindow, headerSignature, recognise, SAMPLE_VALUES, type Columns, type HeaderCandidate, type SheetHeader } from './backstage-header.ts';
import { SheetRows } from './backstage-rows.ts';
import type { BackstageRow, ReadOptions } from './backstage-types.ts';
import { dateOrderEvidence, parseCount, parseDays, parseDurationSeconds, parsePeriodRange, type CellValue, type Parsed } from './backstage-values.ts';

// The read of one sheet of a Backstage export (backstage-parser.ts), row by row: the search for
// the header row, then each data row parsed into a creator's row (kept by SheetRows,
// backstage-rows.ts).

const HEADER_SEARCH_ROWS = 20;

/**
 * A copy of a string that does not keep its source alive: V8 makes substrings of 13+ characters
 * views into the source, so a username cut from a chunk of sheet XML would keep the whole chunk.
 */
function ownString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** Collects one sheet's rows: the header search, then the data rows. */
export class SheetReader extends SheetRows {
  /** The first row that looks like a header (two or more text cells), with the rows under it. */
  candidate: HeaderCandidate | null = null;
  rowsSeen = 0;
  dataRows = 0;
  blankRows = 0;

  constructor(
    options: ReadOptions,
    /** Take this row as the header with the admin's mapping (a second read of the candidate's sheet). */
    private readonly forcedHeader: { rowNumber: number; mapping: UploadMapping } | null,
  ) {
    super(options);
  }

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
}

export class TooManyRows extends Error {
  constructor(readonly max: number) {
    super('too many rows');
  }
}
