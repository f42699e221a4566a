import type { Executor } from '../../db/client.ts';
import type { PlannedRow } from './upload-plan.ts';
import { deleteMonthRowsOf, insertUploadCreators, MONTH_INSERT_BATCH, sameMonthRow, writeMonthRows, type StoredMonthRow } from './uploads.repository.ts';

export type WrittenRow = PlannedRow & { creatorId: string };

export interface MonthWriterOptions {
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
 * The write step of the upload's pipeline: the planned rows into the month, in the caller's
 * transaction, as the plan hands them on (the import plans each row as soon as the file has read
 * it, so PostgreSQL writes while Node reads). A row equal to the stored one is left as it is (it
 * keeps the upload id and time of the upload that last changed it); a changed one has its stored
 * row deleted and is written anew; a new one is written. A row of a creator the upload makes
 * (`createUnknown`) waits for a batch of creators to be inserted. A later row of the same creator
 * (a creator listed twice, the higher diamonds win) replaces what was planned for it. Every
 * `batchSize` rows one delete and one COPY (or `unnest` insert), one batch after the other.
 * Stored rows the plan does not name stay as they are. The caller owns the transaction: on an
 * error it waits for settle() and rolls back.
 */
export class MonthWriter {
  private readonly storedById = new Map<string, StoredMonthRow>();
  /** What this upload did with each creator's row so far. */
  private readonly state = new Map<string, 'kept' | 'written'>();
  private batch: WrittenRow[] = [];
  /** Creator id -> index in `batch` (a replacement before the batch is written takes its place). */
  private readonly inBatch = new Map<string, number>();
  private deletes: string[] = [];
  /** Rows of creators to make, by username, and the ids of those made. */
  private toCreate = new Map<string, PlannedRow>();
  private readonly createdIds = new Map<string, string>();
  /** Usernames whose creator is being inserted, with the latest row planned for each. */
  private readonly creating = new Map<string, PlannedRow>();
  private chain: Promise<void> = Promise.resolve();
  private failed = false;
  private written = 0;
  private readonly batchSize: number;

  constructor(private readonly options: MonthWriterOptions) {
    for (const row of options.stored) this.storedById.set(row.creatorId, row);
    this.batchSize = options.batchSize ?? MONTH_INSERT_BATCH;
  }

  /** A planned row, to be written (its creator made first when it is new). */
  add(row: PlannedRow): void {
    if (row.creatorId === null) {
      const id = this.createdIds.get(row.tiktokUsername);
      if (id === undefined) {
        if (this.creating.has(row.tiktokUsername)) {
          this.creating.set(row.tiktokUsername, row);
          return;
        }
        this.toCreate.set(row.tiktokUsername, row);
        if (this.toCreate.size >= this.batchSize) this.createBatch();
        return;
      }
      row.creatorId = id;
    }
    this.write(row as WrittenRow);
  }

  private write(row: WrittenRow): void {
    const id = row.creatorId;
    const stored = this.storedById.get(id);
    const done = this.state.get(id);
    const waiting = this.inBatch.get(id);
    if (waiting !== undefined) {
      // Replaces a row of this upload not written yet.
      this.batch[waiting] = row;
      return;
    }
    if (done === undefined || done === 'kept') {
      if (stored && sameMonthRow(stored, row)) {
        this.state.set(id, 'kept');
        return;
      }
      if (stored) this.deletes.push(id);
    } else {
      // Replaces a row this upload has written.
      this.deletes.push(id);
    }
    this.state.set(id, 'written');
    this.inBatch.set(id, this.batch.length);
    this.batch.push(row);
    if (this.batch.length >= this.batchSize) this.flush();
  }

  private createBatch(): void {
    const usernames = [...this.toCreate.keys()];
    for (const [username, row] of this.toCreate) this.creating.set(username, row);
    this.toCreate = new Map();
    if (usernames.length === 0) return;
    this.enqueue(async () => {
      const ids = await insertUploadCreators(this.options.tx, usernames, this.options.at);
      // The rows are written once their creators exist; a flush they cause runs after this work.
      for (const username of usernames) {
        const row = this.creating.get(username)!;
        this.creating.delete(username);
        row.creatorId = ids.get(username)!;
        this.createdIds.set(username, row.creatorId);
        this.write(row as WrittenRow);
      }
    });
  }

  private flush(): void {
    const rows = this.batch;
    const deletes = this.deletes;
    this.batch = [];
    this.deletes = [];
    this.inBatch.clear();
    if (rows.length === 0 && deletes.length === 0) return;
    const { tx, period, uploadId, at, failAfterInsertedRows } = this.options;
    this.enqueue(async () => {
      if (deletes.length > 0) await deleteMonthRowsOf(tx, period, deletes);
      if (rows.length > 0) await writeMonthRows(tx, period, uploadId, at, rows);
      this.written += rows.length;
      if (failAfterInsertedRows !== undefined && this.written >= failAfterInsertedRows) throw new Error(`injected fault after ${this.written} month rows`);
    });
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.failed) return;
      try {
        await work();
      } catch (error) {
        this.failed = true;
        throw error;
      }
    });
    // Seen by finish() or settle(); never an unhandled rejection meanwhile.
    this.chain.catch(() => undefined);
  }

  /** Makes the creators still waiting, writes what is left; throws the first failure. */
  async finish(): Promise<void> {
    this.createBatch();
    // Rows of the last creators are queued by the chain: wait for them, then write the rest.
    await this.chain;
    this.flush();
    await this.chain;
  }

  /** Waits for the writes under way to end, failed or not (before the caller rolls back). */
  async settle(): Promise<void> {
    await this.chain.catch(() => undefined);
  }
}
