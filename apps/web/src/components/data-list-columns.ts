// What a DataList shows: its columns and props, and the empty-value test its table and cards share.
import type { ReactNode } from 'react';

/**
 * Where a column goes on a phone's card: the title and the status on top, then the amount (money,
 * diamonds) large, then the other fields two by two, then the actions. `none`: not on the card.
 */
export type CardPlace = 'title' | 'status' | 'amount' | 'field' | 'actions' | 'none';

export interface DataColumn<T> {
  key: string;
  /** The header, the card's label of the field and the drawer's label. */
  label: string;
  cell(row: T): ReactNode;
  /** A header that sorts the list on the server by this field. */
  sortField?: string;
  /** Money, diamonds, counts, durations: right-aligned tabular figures. */
  numeric?: boolean;
  /** A long text (a reason, a message) that wraps instead of staying on one line. */
  wrap?: boolean;
  /**
   * 0 (the default): always in the table. 1 and more: hidden when the table does not fit its box,
   * the highest number first (a later column first among equals); its value is then in the row's
   * details drawer.
   */
  priority?: number;
  card?: CardPlace;
  /** The header is read by screen readers only (a column of buttons). */
  labelHidden?: boolean;
}

export interface DataListProps<T> {
  rows: T[];
  rowKey(row: T): string;
  columns: DataColumn<T>[];
  /** The row's name: the details drawer's title and the details button's name. */
  rowLabel(row: T): string;
  /** The server's sort (`field` or `-field`) for the columns with a `sortField`. */
  sort?: { value: string; onChange(sort: string): void };
  caption?: string;
  /** A totals row under the table (on phones a last card): label and values by column key. */
  totals?: { label: string; values: Partial<Record<string, ReactNode>> };
  /** Content shown under a row across the whole table (and at the end of its card). */
  expanded?(row: T): ReactNode;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: 'xs' | 'sm' | 'md';
}

export const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || value === '';
