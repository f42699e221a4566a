import type { UploadError, UploadErrorCode, UploadWarning } from '@agency/shared';
import { cellText, figureKindOf, type SheetHeader } from './backstage-header.ts';
import type { BackstageRow, ReadOptions } from './backstage-types.ts';
import { parseDateTime, type CellValue, type DateOrder, type Parsed } from './backstage-values.ts';

// What the read of one sheet of a Backstage export keeps (SheetRows; backstage-sheet-reader.ts adds
// the header search and the parsing of the rows): the creators' rows, a creator listed twice
// handled, the errors and warnings, and the text dates that wait for their column's day/month order.

const MAX_LISTED_ERRORS = 1000;

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

/** One sheet's kept rows, errors and warnings (filled by SheetReader). */
export class SheetRows {
  header: SheetHeader | null = null;
  metadataPeriod: { from: string; to: string } | null = null;
  columnPeriod: { from: string; to: string } | null = null;
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
  protected readonly dates = new DateTexts();

  constructor(protected readonly options: ReadOptions) {}

  protected error(row: number, column: string | null, code: UploadErrorCode, params: Record<string, string | number> = {}): void {
    if (this.errors.length < MAX_LISTED_ERRORS) this.errors.push({ row, column, code, params });
    else this.hiddenErrors += 1;
  }

  /**
   * The row kept for its username, handed on (onRow) as soon as it is final: a first row, or one
   * that replaces an earlier row of the same creator (listed twice with other figures: the higher
   * diamonds win); an exact copy is dropped. Both kinds of repeat are warnings.
   */
  protected keep(pending: PendingRow, deferred: boolean): void {
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
