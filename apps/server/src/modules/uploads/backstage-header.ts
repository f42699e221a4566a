import { createHash } from 'node:crypto';
import {
  UPLOAD_COLUMN_FIELDS,
  UPLOAD_REQUIRED_FIELDS,
  type UploadColumnField,
  type UploadFigureKind,
  type UploadFileInfo,
  type UploadMapping,
} from '@agency/shared';
import { headerKey, matchHeader, type BackstageField } from './backstage-columns.ts';
import type { MappingCandidate } from './backstage-types.ts';
import type { CellValue } from './backstage-values.ts';

// The header row of a Backstage export (backstage-parser.ts): its cells' text and signature, the
// columns it names, the window of figures read and their kind, and the mapping question asked
// when the needed columns were not recognised.

export const SAMPLE_VALUES = 3;

export type Columns = Partial<Record<BackstageField, number>>;

export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

/** The header row's identity: its cells' keys, trailing empty cells left out. */
export function headerSignature(cells: readonly string[]): string {
  const keys = cells.map((cell) => headerKey(cell));
  while (keys.length > 0 && keys.at(-1) === '') keys.pop();
  return createHash('sha256').update(JSON.stringify(keys)).digest('hex');
}

export function recognise(cells: readonly CellValue[]): { columns: Columns; names: Map<number, string> } {
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
export function chooseWindow(columns: Columns): { columns: Columns; window: 'period' | 'selected' | 'rolling' | 'none' } {
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

export function figureKindOf(window: 'period' | 'selected' | 'rolling' | 'none', period: { from: string; to: string } | null): UploadFigureKind {
  const monthToDate = period !== null && period.from.endsWith('-01') && period.from.slice(0, 7) === period.to.slice(0, 7);
  if (window === 'rolling') return 'rolling30';
  if (window === 'selected') return monthToDate ? 'monthToDate' : 'selectedPeriod';
  if (period === null) return 'unknown';
  return monthToDate ? 'monthToDate' : 'selectedPeriod';
}

export interface SheetHeader {
  rowNumber: number;
  cells: string[];
  columns: Columns;
  names: Map<number, string>;
  source: UploadFileInfo['mappingSource'];
  window: 'period' | 'selected' | 'rolling' | 'none';
}

/** A row that looks like a header (two or more text cells), with the rows under it. */
export interface HeaderCandidate {
  rowNumber: number;
  cells: string[];
  below: CellValue[][];
  size: number;
}

export function mappingQuestion(candidate: HeaderCandidate): MappingCandidate {
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
