import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { UploadFileInfo, UploadMapping } from '@agency/shared';
import type { BackstageReadResult, BackstageRow, ReadOptions } from './backstage-parser.ts';
import type { DateOrder } from './backstage-values.ts';
import { UploadFileError, type UploadFileErrorCode } from './upload-file-error.ts';

/** What the worker is given. */
export interface ParseRequest {
  data: Uint8Array;
  mapping: UploadMapping | undefined;
  remembered: ReadonlyMap<string, UploadMapping> | undefined;
  localeDateOrder: DateOrder | undefined;
  maxRows: number | undefined;
  /** End the thread once the answer is sent (a large file: the worker is not kept). */
  exitWhenDone: boolean;
}

/** What the worker sends back, in this order: the file (once), rows, then one of done, fileError, failed. */
export type ParseMessage =
  | { type: 'file'; file: Pick<UploadFileInfo, 'dataPeriod' | 'figureKind'> }
  | { type: 'rows'; rows: BackstageRow[] }
  /** `items`: the result's items, each the number of a row sent before (in the order sent) or, when it was not sent, the row. */
  | { type: 'done'; result: BackstageReadResult; items: (number | BackstageRow)[] }
  | { type: 'fileError'; code: UploadFileErrorCode; message: string }
  | { type: 'failed'; message: string };

/**
 * Heap of the parse worker. The parser is linear and bounded (xlsx-reader.ts, csv-reader.ts): a
 * 100,000-row export needs ~60 MB; a file that needs more than this is refused as too large
 * instead of growing the server.
 */
const PARSE_WORKER_HEAP_MB = 256;
/**
 * Young generation of the parse worker, smaller than V8's default: the parser's objects are
 * short-lived rows. The server's peak RSS during 100,000-row imports on PGlite measured ~15 MB
 * lower, with no slower import (8 MB: ~5 MB lower again, kept at 16 for the parse's speed).
 */
const PARSE_WORKER_YOUNG_MB = 16;

/**
 * The worker's script: the bundle's `upload-parse-worker.js` beside `dist/server.js` (build.mjs),
 * else, when the server runs from its TypeScript sources (tests, `npm run dev`), parse-worker.ts
 * through tsx.
 */
function workerScript(): { script: URL | string; eval: boolean } {
  const bundled = new URL('./upload-parse-worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(bundled)) return { script: bundled, eval: false };
  const source = JSON.stringify(new URL('./parse-worker.ts', import.meta.url).href);
  return { script: `import('tsx/esm/api').then(({ tsImport }) => tsImport(${source}, ${JSON.stringify(import.meta.url)}))`, eval: true };
}

/** A worker thread and whether a file is being read on it. */
interface PooledWorker {
  worker: Worker;
  busy: boolean;
}

/** Idle workers kept for the next file (more are started while they are busy, and end when done). */
const MAX_IDLE_WORKERS = 1;
/**
 * A worker that read a file larger than this is ended rather than kept: its heap (~100 MB after a
 * 100,000-row export) goes with it at once instead of staying in the server until V8 collects it.
 */
const KEEP_WORKER_MAX_BYTES = 1024 * 1024;
const idle: PooledWorker[] = [];

function startWorker(): PooledWorker {
  const { script, eval: evaluate } = workerScript();
  const worker = new Worker(script, { eval: evaluate, resourceLimits: { maxOldGenerationSizeMb: PARSE_WORKER_HEAP_MB, maxYoungGenerationSizeMb: PARSE_WORKER_YOUNG_MB }, stdout: false, stderr: false });
  return { worker, busy: false };
}

/**
 * readBackstageFile in a worker thread: the same result, and the same onFile and onRow calls (as
 * the worker's messages arrive), while this thread goes on with the rest of the import (on PGlite
 * the database runs on this thread too) and answers other requests. The file is copied to the
 * worker; each row crosses once (the result's items are the rows handed on, the same objects).
 * A worker reads one file at a time and is kept for the next small file (starting one costs
 * ~30 ms, and up to a second when the server runs from its TypeScript sources); one that read a
 * large file or failed is ended.
 */
export function readBackstageFileInWorker(data: Buffer, options: Omit<ReadOptions, 'open'> = {}): Promise<BackstageReadResult> {
  const request: ParseRequest = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    mapping: options.mapping,
    remembered: options.remembered,
    localeDateOrder: options.localeDateOrder,
    maxRows: options.maxRows,
    exitWhenDone: data.byteLength > KEEP_WORKER_MAX_BYTES,
  };
  const pooled = idle.pop() ?? startWorker();
  pooled.busy = true;
  const { worker } = pooled;
  worker.ref();
  return new Promise<BackstageReadResult>((resolve, reject) => {
    const received: BackstageRow[] = [];
    let settled = false;
    const finish = (outcome: { result: BackstageReadResult } | { error: Error }, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      pooled.busy = false;
      if (keepWorker && data.byteLength <= KEEP_WORKER_MAX_BYTES && idle.length < MAX_IDLE_WORKERS) {
        worker.unref();
        idle.push(pooled);
      } else {
        void worker.terminate();
      }
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const onMessage = (message: ParseMessage) => {
      if (settled) return;
      try {
        switch (message.type) {
          case 'file':
            options.onFile?.(message.file);
            break;
          case 'rows':
            for (const row of message.rows) {
              received.push(row);
              options.onRow?.(row);
            }
            break;
          case 'done':
            finish({ result: { ...message.result, items: message.items.map((item) => (typeof item === 'number' ? received[item]! : item)) } }, true);
            break;
          case 'fileError':
            finish({ error: new UploadFileError(message.code, message.message) }, true);
            break;
          case 'failed':
            finish({ error: new Error(`The upload's parse worker failed: ${message.message}`) }, false);
            break;
        }
      } catch (error) {
        // onFile or onRow threw: the caller's failure, as it would be without the worker; the
        // worker is still reading this file, so it is ended rather than kept.
        finish({ error: error instanceof Error ? error : new Error(String(error)) }, false);
      }
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') finish({ error: new UploadFileError('UPLOAD_TOO_LARGE', `Reading the file needs more than ${PARSE_WORKER_HEAP_MB} MB.`) }, false);
      else finish({ error }, false);
    };
    const onExit = (code: number) => finish({ error: new Error(`The upload's parse worker stopped (exit code ${code}) before it answered.`) }, false);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(request);
  });
}
