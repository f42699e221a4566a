import type { Executor } from '../../db/client.ts';
import type { PlannedRow } from './row-planner.ts';
import { sameMonthRow } from './import-reads.repository.ts';
import { MONTH_INSERT_BATCH, prepareMonthRows, prepareUploadCreators, writesNewMonthTable } from './month-rows.repository.ts';
import { applyMonthUpdates, prepareMonthUpdates, stagedRowsPerUpdate } from './month-updates.repository.ts';
import { finishNewMonth, newMonthTableName, startNewMonth } from '../../db/month-partitions.ts';
import { SnapshotFigures } from './snapshot-figures.ts';
import { Batch, type CreatorEntry } from './month-writer-batch.ts';

export type WrittenRow = PlannedRow & { creatorId: string };

/** The size of the first batch of each kind (MonthWriter.ramp). */
const FIRST_BATCH = 1_000;

export interface MonthWriterOptions {
  tx: Executor;
  period: string;
  uploadId: string;
  at: Date;
  /**
   * How many rows the month had as read under the lock (0: a first import); each planned row
   * carries its creator's (`previous`, from the same read).
   */
  storedRows: number;
  batchSize?: number;
  /** Staged rows per UPDATE while the file is read (default stagedRowsPerUpdate: the database's). */
  applyEvery?: number;
  /** Tests only: fail once this many rows were written. */
  failAfterInsertedRows?: number;
}

/**
 * The write step of the upload's pipeline: the planned rows into the month, in the caller's
 * transaction, as the plan hands them on (the import plans each row as soon as the file has read
 * it, so the database writes while Node reads). A row equal to the stored one is left as it is (it
 * keeps the upload id and time of the upload that last changed it); a new one is inserted; a
 * changed one is staged (prepareMonthUpdates), and each `applyEvery` staged rows, and the rest at
 * finish(), are written by applyMonthUpdates (one UPDATE, or on PGlite the month written anew). A
 * row of a creator the upload makes (`createUnknown`) waits for a batch of creators: their ids are
 * made when the batch is queued, so their rows are written as any new row, queued after the
 * creators' insert. A later row of the same creator (a creator listed twice, the higher diamonds
 * win) replaces what was planned for it: in its batch when that is not written yet, else by an
 * UPDATE after the one that writes the earlier row. New rows go in batches of one COPY (or
 * `unnest` insert) each, changed rows in staged batches, one batch after the other, in the order
 * they filled; the batches grow from 1,000 rows to `batchSize` (ramp()). Each write's data is
 * prepared when it is queued (on PostgreSQL its COPY lines), so the database goes from one write
 * to the next without waiting for Node. Stored rows the plan does not name stay as they are. The
 * caller owns the transaction: on an error it waits for settle() and rolls back.
 */
export class MonthWriter {
  /** Each creator's final figures in this upload (its last row), kept or written: the upload's snapshot. */
  readonly figures = new SnapshotFigures();
  /** Each creator of this upload's rows so far, by id: one lookup a row (CreatorEntry). */
  private readonly entries = new Map<string, CreatorEntry>();
  /** The creators whose rows are staged for the next UPDATE, and later rows of theirs (staged after it). */
  private staged: CreatorEntry[] = [];
  private readonly late = new Map<string, WrittenRow>();
  /** Rows to insert and rows to update, each creator at most once per batch. */
  private readonly inserts = new Batch();
  private readonly updates = new Batch();
  /** Rows of creators to make by username, and the ids of those made (or queued to be). */
  private toCreate = new Map<string, PlannedRow>();
  private readonly createdIds = new Map<string, string>();
  private chain: Promise<void> = Promise.resolve();
  private failed = false;
  private written = 0;
  /** Rows queued for insert: with the stored ones, the month's size. */
  private inserted = 0;
  /** True once the month was written anew (a new table swapped in): its partition has no statistics yet. */
  rewritten = false;
  /**
   * A first import of the month (writesNewMonthTable) inserts into a new table, made before the
   * first insert and swapped in for the month's partition at close(); the rows staged meanwhile (a
   * creator listed twice) wait for the swap. On PostgreSQL a month that already has a partition
   * is written in place instead: `newTableMade` says which, once the table's step has run.
   */
  private newTable: 'no' | 'pending' | 'created';
  private newTableMade = false;
  private readonly batchSize: number;
  private readonly applyEvery: number;
  /** How many rows (or creators) make the next batch of each kind: see ramp(). */
  private readonly limits: Record<'insert' | 'update' | 'create', number>;

  constructor(private readonly options: MonthWriterOptions) {
    this.batchSize = options.batchSize ?? MONTH_INSERT_BATCH;
    this.applyEvery = options.applyEvery ?? stagedRowsPerUpdate(options.tx);
    const first = Math.min(FIRST_BATCH, this.batchSize);
    this.limits = { insert: first, update: first, create: first };
    this.newTable = writesNewMonthTable(options.tx, options.storedRows) ? 'pending' : 'no';
  }

  /**
   * The first batch of each kind is small and each next one twice as large, up to batchSize: the
   * database starts writing as soon as the file's first rows are read instead of after the first
   * 10,000 (on PostgreSQL it was idle for the first ~0.6 s of a 100,000-row import), and the
   * large batches that keep the round trips few come later.
   */
  private ramp(kind: 'insert' | 'update' | 'create'): void {
    this.limits[kind] = Math.min(this.batchSize, this.limits[kind] * 2);
  }

  /** A planned row, to be written (its creator made first when it is new). */
  add(row: PlannedRow): void {
    if (row.creatorId === null) {
      const id = this.createdIds.get(row.tiktokUsername);
      if (id === undefined) {
        this.toCreate.set(row.tiktokUsername, row);
        if (this.toCreate.size >= this.limits.create) this.createBatch();
        return;
      }
      row.creatorId = id;
    }
    this.write(row as WrittenRow);
  }

  private write(row: WrittenRow): void {
    const id = row.creatorId;
    let entry = this.entries.get(id);
    if (entry === undefined) {
      entry = { slot: this.figures.add(id), done: undefined, batch: null, at: 0 };
      this.entries.set(id, entry);
    }
    this.figures.setAt(entry.slot, row.diamonds, row.validDays, row.liveSeconds);
    // Replaces a row of this upload not written yet.
    if (entry.batch !== null) {
      entry.batch.put(entry.at, row);
      return;
    }
    const done = entry.done;
    if (done === 'staged') {
      this.late.set(id, row);
      return;
    }
    const stored = row.previous;
    if (done === undefined || done === 'kept') {
      if (stored && sameMonthRow(stored, row)) {
        entry.done = 'kept';
        return;
      }
      if (!stored) {
        entry.done = 'written';
        if (this.inserts.add(row, entry) >= this.limits.insert) this.flush(this.inserts, 'insert');
        return;
      }
    }
    // A stored row with other figures, or a row this upload has inserted (a creator listed twice).
    entry.done = 'staged';
    if (this.updates.add(row, entry) >= this.limits.update) this.flush(this.updates, 'update');
  }

  /**
   * Queues the insert of the creators waiting (their ids are made now) and writes their rows,
   * which the queue then writes after them.
   */
  private createBatch(): void {
    const batch = this.toCreate;
    if (batch.size === 0) return;
    this.toCreate = new Map();
    this.ramp('create');
    const { ids, write } = prepareUploadCreators(this.options.tx, [...batch.keys()], this.options.at);
    this.enqueue(write);
    // In the order of their ids.
    for (const [username, id] of ids) {
      const row = batch.get(username)!;
      row.creatorId = id;
      this.createdIds.set(username, id);
      this.write(row as WrittenRow);
    }
  }

  private flush(batch: Batch, kind: 'insert' | 'update'): void {
    const { rows, entries } = batch.take();
    if (rows.length === 0) return;
    this.ramp(kind);
    const { tx, period, uploadId, at } = this.options;
    if (kind === 'insert') {
      this.inserted += rows.length;
      if (this.newTable === 'pending') {
        this.newTable = 'created';
        this.enqueue(async () => {
          this.newTableMade = await startNewMonth(tx, period);
        });
      }
      const into = this.newTable === 'created' ? () => (this.newTableMade ? newMonthTableName(period) : null) : () => null;
      const write = prepareMonthRows(tx, period, uploadId, at, rows, into);
      this.enqueue(async () => {
        await write();
        this.counted(rows.length);
      });
      return;
    }
    for (const entry of entries) this.staged.push(entry);
    this.enqueue(prepareMonthUpdates(tx, rows));
    if (this.staged.length >= this.applyEvery && this.newTable !== 'created') this.applyStaged();
  }

  /**
   * Writes the rows staged so far with one UPDATE (after the staging queued before it). Their
   * creators count as written from now on: a later row of one is staged for the next UPDATE,
   * and so are the later rows of creators that were staged (late).
   */
  private applyStaged(): void {
    const entries = this.staged;
    if (entries.length === 0) return;
    this.staged = [];
    for (const entry of entries) entry.done = 'written';
    const { tx, period, uploadId, at } = this.options;
    const monthRows = this.options.storedRows + this.inserted;
    this.enqueue(async () => {
      if (await applyMonthUpdates(tx, period, uploadId, at, entries.length, monthRows)) this.rewritten = true;
      this.counted(entries.length);
    });
    const late = [...this.late.values()];
    this.late.clear();
    for (const row of late) this.write(row);
  }

  /** Counts rows written (tests: fails once failAfterInsertedRows are). */
  private counted(rows: number): void {
    this.written += rows;
    const { failAfterInsertedRows } = this.options;
    if (failAfterInsertedRows !== undefined && this.written >= failAfterInsertedRows) throw new Error(`injected fault after ${this.written} month rows`);
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

  /** The rows of the month once the writes queued so far are done: the stored ones and the inserted ones. */
  get monthRows(): number {
    return this.options.storedRows + this.inserted;
  }

  /** Queues what is left (creators waiting, rows not in a batch, staged rows): `figures` is then final. */
  close(): void {
    this.createBatch();
    this.flush(this.inserts, 'insert');
    if (this.newTable === 'created') {
      this.newTable = 'no';
      const { tx, period } = this.options;
      this.enqueue(async () => {
        if (!this.newTableMade) return;
        this.rewritten = true;
        await finishNewMonth(tx, period);
      });
    }
    // Staged rows, then the later rows of creators among them (staged again by applyStaged).
    while (this.updates.size > 0 || this.staged.length > 0) {
      this.flush(this.updates, 'update');
      this.applyStaged();
    }
  }

  /** close(), then waits for every write queued; throws the first failure. */
  async finish(): Promise<void> {
    this.close();
    await this.chain;
  }

  /** Waits for the writes under way to end, failed or not (before the caller rolls back). */
  async settle(): Promise<void> {
    await this.chain.catch(() => undefined);
  }
}
