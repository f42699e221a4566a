import type { Executor } from '../../db/client.ts';
import type { PlannedRow } from './upload-plan.ts';
import { deleteMonthRowsOf, MONTH_INSERT_BATCH, sameMonthRow, writeMonthRows, type StoredMonthRow } from './uploads.repository.ts';

export type WrittenRow = PlannedRow & { creatorId: string };

export interface MonthWriteOptions {
  tx: Executor;
  period: string;
  uploadId: string;
  at: Date;
  /** The month's rows as read under the lock (empty: a first import). */
  stored: readonly StoredMonthRow[];
  batchSize?: number;
  /** Tests only: fail once this many rows were written. */
  failAfterInsertedRows?: number;
}

/**
 * The write step of the upload's pipeline: the plan's rows into the month, in the caller's
 * transaction. A row equal to the stored one is left as it is (it keeps the upload id and time of
 * the upload that last changed it); a changed one has its stored row deleted and is written anew;
 * a new one is written. Every `batchSize` rows one delete and one COPY (or `unnest` insert).
 * Stored rows the plan does not name stay as they are: creators missing from the file keep their
 * figures unless the plan zeroes them (then they are rows of the plan).
 */
export async function writeMonth(rows: readonly WrittenRow[], options: MonthWriteOptions): Promise<{ written: number; unchanged: number }> {
  const storedByCreator = new Map<string, StoredMonthRow>();
  for (const row of options.stored) storedByCreator.set(row.creatorId, row);
  const batchSize = options.batchSize ?? MONTH_INSERT_BATCH;
  let batch: WrittenRow[] = [];
  let deletes: string[] = [];
  let written = 0;
  let unchanged = 0;
  const flush = async () => {
    if (deletes.length > 0) await deleteMonthRowsOf(options.tx, options.period, deletes);
    if (batch.length > 0) await writeMonthRows(options.tx, options.period, options.uploadId, options.at, batch);
    written += batch.length;
    batch = [];
    deletes = [];
    if (options.failAfterInsertedRows !== undefined && written >= options.failAfterInsertedRows) throw new Error(`injected fault after ${written} month rows`);
  };
  for (const row of rows) {
    const before = storedByCreator.get(row.creatorId);
    if (before) {
      if (sameMonthRow(before, row)) {
        unchanged += 1;
        continue;
      }
      deletes.push(row.creatorId);
    }
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return { written, unchanged };
}
