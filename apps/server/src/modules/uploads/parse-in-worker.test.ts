import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBackstageFile, type BackstageRow, type ReadOptions } from './backstage-parser.ts';
import { readBackstageFileInWorker } from './parse-in-worker.ts';
import { UploadFileError } from './upload-file-error.ts';

const folder = new URL('./fixtures/real-exports/', import.meta.url);
const files = readdirSync(folder).filter((name) => /\.(xlsx|csv)$/.test(name));

/** The result and what was handed on, read in this thread or in the worker. */
async function read(reader: typeof readBackstageFile, data: Buffer, options: Omit<ReadOptions, 'open'> = {}) {
  const handed: BackstageRow[] = [];
  const filesSeen: unknown[] = [];
  const result = await reader(data, { ...options, onRow: (row) => handed.push(row), onFile: (file) => filesSeen.push(file) });
  return { result, handed, filesSeen };
}

describe('the parse in a worker thread answers exactly what the parse in this thread answers', () => {
  it.each(files)('%s', async (name) => {
    const data = readFileSync(new URL(name, folder));
    const here = await read(readBackstageFile, data, { localeDateOrder: 'dmy' });
    const there = await read(readBackstageFileInWorker, data, { localeDateOrder: 'dmy' });
    expect(there.result).toEqual(here.result);
    expect(there.handed).toEqual(here.handed);
    expect(there.filesSeen).toEqual(here.filesSeen);
    // The items are the rows handed on (one object per row, as in this thread).
    for (const item of there.result.items) expect(there.handed).toContain(item);
  });

  it('with a remembered mapping and the admin mapping of an unknown header row', async () => {
    const data = readFileSync(new URL('10a-unknown-headers.csv', folder));
    const asked = await readBackstageFile(data);
    expect(asked.mappingCandidate).not.toBeNull();
    const remembered = new Map([[asked.mappingCandidate!.signature, { username: 0, diamonds: 2 }]]);
    const here = await read(readBackstageFile, data, { remembered, localeDateOrder: 'mdy' });
    const there = await read(readBackstageFileInWorker, data, { remembered, localeDateOrder: 'mdy' });
    expect(there.result).toEqual(here.result);
    expect(there.handed).toEqual(here.handed);
  });

  it('a file that cannot be read is refused with the same code; a row limit holds', async () => {
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 7)]);
    const codeOf = (promise: Promise<unknown>) => promise.then(() => 'read', (error: unknown) => (error instanceof UploadFileError ? error.code : `other: ${String(error)}`));
    expect(await codeOf(readBackstageFileInWorker(broken))).toBe(await codeOf(readBackstageFile(broken)));
    expect(await codeOf(readBackstageFileInWorker(Buffer.alloc(0)))).toBe('UPLOAD_EMPTY');
    const many = Buffer.from(`Creator's username,Diamonds\n${Array.from({ length: 50 }, (_, index) => `creator.${index},${index}`).join('\n')}\n`);
    expect(await codeOf(readBackstageFileInWorker(many, { maxRows: 10 }))).toBe('UPLOAD_TOO_LARGE');
  });

  it("a failure of the caller's onRow rejects the read", async () => {
    const data = readFileSync(new URL('09-partial.csv', folder));
    await expect(
      readBackstageFileInWorker(data, {
        onRow: () => {
          throw new Error('planner broke');
        },
      }),
    ).rejects.toThrow('planner broke');
  });
});

describe('a large file: the worker ends as soon as it has answered', () => {
  it('every row still arrives when this thread takes the messages long after the worker ended', async () => {
    // Over 1 MB, so the worker is not kept and ends right after its last message (parse-worker.ts).
    const rows = 60_000;
    const data = Buffer.from(`Creator's username,Diamonds\n${Array.from({ length: rows }, (_, index) => `creator.${index.toString(36)}_${index % 97},${index * 3}`).join('\n')}\n`);
    expect(data.byteLength).toBeGreaterThan(1024 * 1024);
    const here = await read(readBackstageFile, data);
    let first = true;
    const handed: BackstageRow[] = [];
    // The process's threads (Linux), while the worker runs and when this thread takes the last row.
    const threads = () => Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]);
    let withWorker = 0;
    let atLastRow = 0;
    const result = await readBackstageFileInWorker(data, {
      onRow: (row) => {
        if (first) {
          // This thread is busy (as on PGlite, which writes on it) while the worker reads to the end and
          // exits (at the lowest priority it may take a while on a busy machine: up to 30 s here).
          first = false;
          withWorker = threads();
          const until = Date.now() + 30_000;
          while (Date.now() < until && threads() >= withWorker);
        }
        handed.push(row);
        if (handed.length === rows) atLastRow = threads();
      },
    });
    expect(atLastRow).toBeLessThan(withWorker);
    expect(handed).toHaveLength(rows);
    expect(handed).toEqual(here.handed);
    expect(result).toEqual(here.result);
  });
});

/** The nice value of each thread of this process (field 19 of /proc/self/task/<id>/stat). */
function threadNiceValues(): Map<number, number> {
  const values = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      values.set(Number(id), Number(fields[16]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return values;
}

describe('the parse worker runs at the lowest CPU priority', () => {
  it.runIf(process.platform === 'linux')('a worker thread is at nice 19 while it reads; this thread keeps its priority', async () => {
    const before = threadNiceValues().get(process.pid);
    expect(before).not.toBe(19);
    const data = readFileSync(new URL(files.find((name) => name.endsWith('.xlsx'))!, folder));
    let during: Map<number, number> | null = null;
    await readBackstageFileInWorker(data, { onRow: () => (during ??= threadNiceValues()) });
    expect(during).not.toBeNull();
    expect([...during!.values()].filter((nice) => nice === 19).length).toBeGreaterThanOrEqual(1);
    expect(during!.get(process.pid)).toBe(before);
  });
});
