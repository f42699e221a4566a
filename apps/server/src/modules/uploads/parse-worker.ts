import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readBackstageFile, type BackstageRow } from './backstage-parser.ts';
import type { ParseMessage, ParseRequest } from './parse-in-worker.ts';
import { UploadFileError } from './upload-file-error.ts';

/**
 * The upload's parse worker thread (parse-in-worker.ts): reads one file at a time with
 * readBackstageFile and sends what it hands on as messages: the file's period, the rows in
 * batches, then the result, whose items name the rows already sent by their number instead of
 * sending them twice. It stays for the next file.
 */
const port = parentPort!;

/**
 * The lowest CPU priority (nice 19) for this thread alone: on a busy machine the server's other
 * requests, and the import's own writes, which wait for the database, go first, and the parse
 * takes what CPU is left (the worker reads ahead of the writes anyway). A 100,000-row import
 * creating every creator measured ~0.3 s faster on two cores (docs/decisions/006). On Linux a
 * thread's id is a process id for setpriority; elsewhere the thread keeps the process's priority.
 */
function lowerThreadPriority(): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, 19);
    return true;
  } catch {
    return false;
  }
}
lowerThreadPriority();
const ROWS_PER_MESSAGE = 1_000;
/**
 * The number of a row among those sent, kept on the row itself: a symbol-keyed property, which
 * structured cloning leaves out (a Map from 100,000 rows to their numbers cost ~50 ms of the read).
 */
const SENT = Symbol('sent');
type SentRow = BackstageRow & { [SENT]?: number };

async function parse(request: ParseRequest): Promise<void> {
  const post = (message: ParseMessage) => port.postMessage(message);
  let sent = 0;
  let batch: BackstageRow[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    post({ type: 'rows', rows: batch });
    batch = [];
  };
  try {
    const result = await readBackstageFile(Buffer.from(request.data.buffer, request.data.byteOffset, request.data.byteLength), {
      mapping: request.mapping,
      remembered: request.remembered,
      localeDateOrder: request.localeDateOrder,
      ...(request.maxRows === undefined ? {} : { maxRows: request.maxRows }),
      onFile: (file) => post({ type: 'file', file }),
      onRow: (row) => {
        (row as SentRow)[SENT] = sent;
        sent += 1;
        batch.push(row);
        if (batch.length >= ROWS_PER_MESSAGE) flush();
      },
    });
    flush();
    post({ type: 'done', result: { ...result, items: [] }, items: result.items.map((item: SentRow) => item[SENT] ?? item) });
  } catch (error) {
    if (error instanceof UploadFileError) post({ type: 'fileError', code: error.code, message: error.message });
    else post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
  // A large file's worker is not kept (parse-in-worker.ts): it ends now, while the main thread may
  // still be writing the rows, so its heap (~80 MB after a 100,000-row export) is given back at
  // once instead of when the main thread has taken the last message. Node delivers every message
  // posted before the thread ends, then emits 'exit'.
  if (request.exitWhenDone) process.exit(0);
}

// One file at a time: the pool sends the next request only after this one's answer.
port.on('message', (request: ParseRequest) => void parse(request));
