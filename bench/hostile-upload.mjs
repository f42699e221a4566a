// `node --expose-gc --import tsx bench/hostile-upload.mjs [--old] [--rounds=N]`: the reading layer of the import
// (apps/server/src/modules/uploads/table-reader.ts) in this process, no server, no database.
// 1. Speed: a 100,000-row "Creator data" export written as bench/upload.mjs writes it (exceljs
//    streaming writer, inline strings), and the same rows with shared strings (an Excel re-save
//    keeps text there), read by: exceljs's streaming reader (bench:upload's floor), openTable +
//    readSheet, a bare saxes pass over the same sheet XML (what a saxes-based reader could at best
//    do: events only, no values built), and the regex reader before table-reader.ts (from git
//    HEAD, or BENCH_OLD_REF) when it is there. Alternated, best of N rounds (default 3). Run with
//    `node --expose-gc` so each measure starts after a full collection.
// 2. Hostile files (apps/server/test/hostile-uploads/hostile-files.ts): openTable + readSheet(0)
//    on each must refuse it; printed: the time, the longest event-loop stall (the longest gap
//    of a 5 ms timer) and the peak RSS above the RSS before (VmHWM reset through /proc/self/clear_refs).
//    `--old` also runs the code before table-reader.ts on them (slow: ~30-60 s and ~700 MB).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import { writeBackstageExport } from './backstage-export.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const UPLOADS = join(ROOT, 'apps/server/src/modules/uploads');
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 3);
const WITH_OLD_ON_HOSTILE = process.argv.includes('--old');

const { openTable } = await import(pathToFileURL(join(UPLOADS, 'table-reader.ts')).href);
const { readZipDirectory, streamEntry } = await import(pathToFileURL(join(UPLOADS, 'zip-guard.ts')).href);
const hostile = await import(pathToFileURL(join(ROOT, 'apps/server/test/hostile-uploads/hostile-files.ts')).href);
const { measureInProcess } = await import(pathToFileURL(join(ROOT, 'apps/server/test/hostile-uploads/measure.ts')).href);



async function exceljsRead(data) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'emit' });
  let cells = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) cells += row.values.length;
    break;
  }
  return cells;
}

async function tableRead(data) {
  const source = await openTable(data);
  let cells = 0;
  await source.readSheet(0, (_row, values) => {
    cells += values.length;
    return true;
  });
  return cells;
}

/** saxes over the sheet part only (inflated as the reader does), events counted, no values made. */
async function saxesRead(data) {
  const entries = readZipDirectory(data);
  const sheet = entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml');
  const parser = new SaxesParser();
  let cells = 0;
  let text = 0;
  parser.on('opentag', (tag) => {
    if (tag.name === 'c') cells += 1;
  });
  parser.on('text', (value) => {
    text += value.length;
  });
  const decoder = new StringDecoder('utf8');
  for await (const chunk of streamEntry(data, sheet)) parser.write(decoder.write(chunk));
  parser.close();
  return cells + (text > 0 ? 0 : 0);
}

/** The reader before table-reader.ts (and its zip guard), from git (BENCH_OLD_REF, default HEAD), in a temp folder. */
async function loadOldReader() {
  const ref = process.env.BENCH_OLD_REF ?? 'HEAD';
  const show = (path) => execFileSync('git', ['show', `${ref}:${path}`], { cwd: ROOT, encoding: 'utf8' });
  let reader;
  let guard;
  try {
    reader = show('apps/server/src/modules/uploads/xlsx-reader.ts');
    guard = show('apps/server/src/modules/uploads/zip-guard.ts');
  } catch {
    return null;
  }
  if (!reader.includes('const CELL = new RegExp')) {
    console.log(`(the reader at ${ref} is not the old regex reader: old reader left out; set BENCH_OLD_REF)`);
    return null;
  }
  const folder = mkdtempSync(join(tmpdir(), 'bench-old-reader-'));
  const errors = `'${pathToFileURL(join(UPLOADS, 'upload-file-error.ts')).href}'`;
  writeFileSync(
    join(folder, 'old-zip-guard.ts'),
    guard.replace("'./upload-file-error.ts'", errors).replace("'@agency/shared'", `'${pathToFileURL(join(ROOT, 'packages/shared/src/index.ts')).href}'`),
  );
  writeFileSync(join(folder, 'old-xlsx-reader.ts'), reader.replace("'./upload-file-error.ts'", errors).replace("'./zip-guard.ts'", "'./old-zip-guard.ts'"));
  const module = await import(pathToFileURL(join(folder, 'old-xlsx-reader.ts')).href);
  rmSync(folder, { recursive: true, force: true });
  return async (data) => {
    let cells = 0;
    await module.readXlsxRows(data, (_row, values) => {
      cells += values.length;
      return true;
    });
    return cells;
  };
}

/** Runs `run` once: ms, longest event-loop stall (ms), peak RSS above the start (MB), outcome. */
async function measure(run) {
  const measured = await measureInProcess(run);
  const error = measured.error;
  const outcome = error ? (error.code ? `${error.code}: ${error.message}` : `${error.name}: ${error.message}`) : `ok (${measured.result} cells)`;
  return { ms: measured.ms, stallMs: measured.maxStallMs, peakMb: measured.peakAboveMb, outcome };
}

/** HEAD's CSV path (backstage-parser.ts readCsv): the whole file decoded, then csv-parse/sync on it. */
async function oldCsvRead(data) {
  const { parse: parseCsv } = await import('csv-parse/sync');
  const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  const records = parseCsv(text, { bom: true, delimiter: ',', relax_column_count: true, relax_quotes: true, skip_empty_lines: false, info: true });
  return records.reduce((sum, { record }) => sum + record.length, 0);
}

const fmt = (value) => value.toFixed(0).padStart(6);

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'bench-hostile-upload-'));
  try {
    console.log(`node ${process.version}, load average ${(await import('node:os')).loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    const old = await loadOldReader();
    for (const sharedStrings of [false, true]) {
      const path = join(folder, `export-${sharedStrings}.xlsx`);
      await writeBackstageExport(path, { rows: ROWS, sharedStrings });
      const data = readFileSync(path);
      console.log(`\n${ROWS.toLocaleString('en-US')}-row export, ${sharedStrings ? 'shared strings' : 'inline strings (bench:upload file)'}: ${(data.length / 1024 / 1024).toFixed(1)} MB`);
      const readers = [
        ['exceljs streaming reader (floor)', exceljsRead],
        ['openTable + readSheet', tableRead],
        ['saxes, events only (lower bound)', saxesRead],
        ...(old ? [['old regex reader', old]] : []),
      ];
      const best = new Map();
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [label, read] of readers) {
          const result = await measure(() => read(data));
          const previous = best.get(label);
          if (!previous || result.ms < previous.ms) best.set(label, result);
        }
      }
      for (const [label] of readers) {
        const result = best.get(label);
        console.log(`  ${label.padEnd(34)} ${fmt(result.ms)} ms  stall max ${fmt(result.stallMs)} ms  peak +${fmt(result.peakMb)} MB  ${result.outcome}`);
      }
    }

    console.log('\nhostile files (openTable + readSheet(0)):');
    const files = [
      ['(a) row of 240,000 <c> (unclosed)', () => hostile.manyCellsRow()],
      ['(a2) row of 60,000 closed cells', () => hostile.manyCellsRow(60_000, true)],
      ['(b) sharedStrings of 190 MB', () => hostile.hugeSharedStrings()],
      ['(b2) 1,200,000 shared strings', () => hostile.manySharedStrings()],
      ['(c) 15 MB CSV on one line', () => hostile.oneLineCsv()],
      ['(d) 19.5 MB CSV, one 8 MB field', () => hostile.giantFieldCsv()],
    ];
    for (const [label, make] of files) {
      const data = await make();
      const result = await measure(() => tableRead(data));
      console.log(`  ${label.padEnd(34)} ${(data.length / 1024).toFixed(0).padStart(7)} KB ${fmt(result.ms)} ms  stall max ${fmt(result.stallMs)} ms  peak +${fmt(result.peakMb)} MB  ${result.outcome}`);
      const oldRead = label.startsWith('(a') || label.startsWith('(b') ? old : oldCsvRead;
      if (WITH_OLD_ON_HOSTILE && oldRead) {
        const before = await measure(() => oldRead(data));
        console.log(`  ${(oldRead === old ? '  old regex reader' : '  old CSV path (csv-parse/sync)').padEnd(34)} ${''.padStart(10)} ${fmt(before.ms)} ms  stall max ${fmt(before.stallMs)} ms  peak +${fmt(before.peakMb)} MB  ${before.outcome}`);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
