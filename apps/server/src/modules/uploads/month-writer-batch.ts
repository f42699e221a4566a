import type { WrittenRow } from './month-writer.ts';

// The month writer's rows waiting in a batch, and what it knows of each creator (month-writer.ts).

/**
 * What the writer knows of one creator of the upload: its slot in the snapshot's figures, what was
 * done with its row so far (staged: its UPDATE is still to run), and the batch that holds its row
 * not written yet (at `at`).
 */
export interface CreatorEntry {
  slot: number;
  done: 'kept' | 'written' | 'staged' | undefined;
  batch: Batch | null;
  at: number;
}

/** Rows waiting to be written, at most one per creator: a later row of a creator takes the place of the earlier. */
export class Batch {
  private rows: WrittenRow[] = [];
  private entries: CreatorEntry[] = [];

  get size(): number {
    return this.rows.length;
  }

  /** Adds a row of a creator not in a batch; returns the batch's size. */
  add(row: WrittenRow, entry: CreatorEntry): number {
    entry.batch = this;
    entry.at = this.rows.length;
    this.rows.push(row);
    this.entries.push(entry);
    return this.rows.length;
  }

  /** Puts `row` in the place `at` of its creator's earlier row. */
  put(at: number, row: WrittenRow): void {
    this.rows[at] = row;
  }

  /** The rows and their creators' entries (no longer in a batch), leaving the batch empty. */
  take(): { rows: WrittenRow[]; entries: CreatorEntry[] } {
    const { rows, entries } = this;
    this.rows = [];
    this.entries = [];
    for (const entry of entries) entry.batch = null;
    return { rows, entries };
  }
}
