import type { CellValue } from './backstage-values.ts';
import type { RowSink } from './table-reader.ts';
import { corrupt, detach, MAX_CELL_TEXT, MAX_CELLS_PER_ROW } from './xlsx-limits.ts';
import { StringItemText } from './xlsx-shared-strings.ts';
import { decodeXmlText, type XmlAttributes } from './xlsx-xml-attributes.ts';
import { XmlScanner, type XmlHandler } from './xlsx-xml-scanner.ts';

// One worksheet of an .xlsx read row by row: its cells' values (as exceljs's streaming reader
// gives them, styles ignored) handed to a RowSink.

// ---- a worksheet ----

function cellValue(type: string | undefined, value: string | null, inline: string | null, strings: readonly string[]): CellValue {
  if (type === 'inlineStr' && inline !== null) return inline;
  if (value === null) return null;
  switch (type) {
    case 's':
      return strings[Number.parseInt(value, 10)] ?? null;
    case 'str':
    case 'inlineStr':
      return detach(decodeXmlText(value));
    case 'b':
      return Number.parseInt(value, 10) !== 0;
    case 'e':
      return null;
    case 'd': {
      const decoded = decodeXmlText(value).trim();
      const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(decoded) || !decoded.includes('T') ? decoded : `${decoded}Z`);
      return Number.isNaN(date.getTime()) ? detach(decoded) : date;
    }
    default: {
      const number = Number.parseFloat(value);
      return Number.isFinite(number) ? number : null;
    }
  }
}

/** The cell types of SpreadsheetML (`t`), which cellValue tells apart. */
const CELL_TYPES = ['s', 'n', 'str', 'inlineStr', 'b', 'e', 'd'] as const;

export class SheetHandler implements XmlHandler {
  readonly scanner = new XmlScanner(this);
  private rowNumber = 0;
  private inRow = false;
  private cells: CellValue[] = [];
  private cellCount = 0;
  private column = 0;
  private inCell = false;
  private cellType: string | undefined;
  private value: string | null = null;
  /** The text of the `<v>` being read (null outside one). */
  private valueText: string | null = null;
  private inline: string | null = null;
  private readonly inlineText: StringItemText;

  constructor(
    private readonly strings: readonly string[],
    private readonly sink: RowSink,
  ) {
    this.inlineText = new StringItemText(this.scanner, MAX_CELL_TEXT, () => corrupt('a cell of more than 256 KB of text'));
  }

  open(name: string, attributes: XmlAttributes, selfClosing: boolean): void {
    if (this.inCell) {
      if (name === 'v') {
        if (!selfClosing && this.value === null && this.valueText === null) {
          this.valueText = '';
          this.scanner.capture = true;
        }
      } else if (name === 'is') {
        if (selfClosing) this.inline = '';
        else this.inlineText.start();
      } else if (name === 'c') {
        throw corrupt('a cell inside a cell');
      } else {
        this.inlineText.open(name, selfClosing);
      }
      return;
    }
    if (name === 'c') {
      if (!this.inRow) return;
      this.cellCount += 1;
      const column = attributes.column('r');
      this.column = column > 0 ? column : this.column + 1;
      if (this.cellCount > MAX_CELLS_PER_ROW || this.column > MAX_CELLS_PER_ROW) throw corrupt(`row ${this.rowNumber} has more than ${MAX_CELLS_PER_ROW} cells`);
      if (selfClosing) return;
      this.inCell = true;
      this.cellType = attributes.rawOneOf('t', CELL_TYPES);
      this.value = null;
      this.valueText = null;
      this.inline = null;
    } else if (name === 'row') {
      if (this.inRow) throw corrupt('a row inside a row');
      const reference = attributes.raw('r');
      const number = reference === undefined ? Number.NaN : Number.parseInt(reference, 10);
      this.rowNumber = Number.isNaN(number) ? this.rowNumber + 1 : number;
      this.cells = [];
      this.cellCount = 0;
      this.column = 0;
      if (selfClosing) this.emit();
      else this.inRow = true;
    }
  }

  close(name: string): void {
    if (this.inCell) {
      if (name === 'v') {
        if (this.valueText !== null) {
          this.value = this.valueText;
          this.valueText = null;
          this.scanner.capture = false;
        }
      } else if (name === 'is') {
        if (this.inlineText.inItem) this.inline = detach(this.inlineText.finish());
      } else if (name === 'c') {
        this.inCell = false;
        this.scanner.capture = false;
        const value = cellValue(this.cellType, this.value, this.inline, this.strings);
        if (value !== null) this.cells[this.column - 1] = value;
      } else {
        this.inlineText.close(name);
      }
      return;
    }
    if (name === 'row' && this.inRow) {
      this.inRow = false;
      this.emit();
    }
  }

  text(raw: string): void {
    if (this.valueText !== null) {
      if (this.valueText.length + raw.length > MAX_CELL_TEXT) throw corrupt('a cell of more than 256 KB of text');
      this.valueText += raw;
    } else {
      this.inlineText.text(raw);
    }
  }

  private emit(): void {
    const cells = this.cells;
    for (let index = 0; index < cells.length; index += 1) if (cells[index] === undefined) cells[index] = null;
    this.cells = [];
    if (!this.sink(this.rowNumber, cells)) this.scanner.stopped = true;
  }
}
