import type { Executor } from '../../db/client.ts';
import type { BackstageRow } from './backstage-parser.ts';
import { planRow, type PlannedRow, type RowContext } from './upload-plan.ts';
import { deleteMonthRowsOf, MONTH_INSERT_BATCH, sameMonthRow, writeMonthRows, type KnownCreator, type StoredMonthRow } from './uploads.repository.ts';

type WrittenRow = PlannedRow & { creatorId: string };

export interface MonthWriterOptions {
  tx: Executor;
  context: RowContext;
  uploadId: string;
  at: Date;
  creators: ReadonlyMap<string, KnownCreator>;
  /** The month's rows as read under the lock (stored.length 0: a first import). */
  stored: readonly StoredMonthRow[];
  batchSize?: number;
  /** Tests only: fail once this many rows were written. */
  failAfterInsertedRows?: number;
}

/**
 * Makes the month exactly the file's rows while the file is still being read: each row of a known
 * creator is compared with the stored one as it arrives (same: left as it is; other figures or
 * state: its stored row deleted and the new one written; none: written), and every `batchSize`
 * rows one delete and one COPY (or `unnest` insert) go to the transaction's connection, one
 * batch after the other, while parsing goes on. Rows of creators the upload makes are given with
 * addRow once they exist; finish() writes the last batch and deletes the rows of creators no
 * longer in the file. The caller owns the transaction: when the file turns out to have an error,
 * it waits for settle() and throws, and everything written rolls back.
 */
export class MonthWriter {
  private readonly storedByCreator = new Map<string, StoredMonthRow>();
  private batch: WrittenRow[] = [];
  private deletes: string[] = [];
  private chain: Promise<void> = Promise.resolve();
  private failed = false;
  private written = 0;
  private readonly batchSize: number;

  constructor(private readonly options: MonthWriterOptions) {
    for (const row of options.stored) this.storedByCreator.set(row.creatorId, row);
    this.batchSize = options.batchSize ?? MONTH_INSERT_BATCH;
  }

  /**
   * The rows made by add(), in the file's order: the plan takes them as they are (planUpload's
   * `planned`) instead of making each row a second time.
   */
  readonly rows: PlannedRow[] = [];

  /** A row of the file (unknown usernames are left for addRow once their creators exist). */
  add(item: BackstageRow): void {
    const creator = this.options.creators.get(item.tiktokUsername);
    if (!creator) return;
    const row = planRow(item, creator, this.storedByCreator.get(creator.id), this.options.context) as WrittenRow;
    this.rows.push(row);
    this.addRow(row);
  }

  addRow(row: WrittenRow): void {
    const before = this.storedByCreator.get(row.creatorId);
    if (before) {
      this.storedByCreator.delete(row.creatorId);
      if (sameMonthRow(before, row)) return;
      this.deletes.push(row.creatorId);
    }
    this.batch.push(row);
    if (this.batch.length >= this.batchSize) this.flush();
  }

  private flush(): void {
    const rows = this.batch;
    const deletes = this.deletes;
    this.batch = [];
    this.deletes = [];
    if (rows.length === 0 && deletes.length === 0) return;
    const { tx, context, uploadId, at, failAfterInsertedRows } = this.options;
    this.chain = this.chain.then(async () => {
      if (this.failed) return;
      try {
        if (deletes.length > 0) await deleteMonthRowsOf(tx, context.period, deletes);
        if (rows.length > 0) await writeMonthRows(tx, context.period, uploadId, at, rows);
        this.written += rows.length;
        if (failAfterInsertedRows !== undefined && this.written >= failAfterInsertedRows) throw new Error(`injected fault after ${this.written} month rows`);
      } catch (error) {
        this.failed = true;
        throw error;
      }
    });
    // Seen by finish() or settle(); never an unhandled rejection meanwhile.
    this.chain.catch(() => undefined);
  }

  /** Writes what is left, deletes the rows of creators no longer in the file; throws the first failure. */
  async finish(): Promise<void> {
    this.flush();
    this.deletes = [...this.storedByCreator.keys()];
    this.storedByCreator.clear();
    this.flush();
    await this.chain;
  }

  /** Waits for the writes under way to end, failed or not (before the caller rolls back). */
  async settle(): Promise<void> {
    await this.chain.catch(() => undefined);
  }
}
