import { describe, expect, it } from 'vitest';
import { openTable } from '../../src/modules/uploads/table-reader.ts';
import { UploadFileError } from '../../src/modules/uploads/upload-file-error.ts';
import { giantFieldCsv, hugeSharedStrings, manyCellsRow, manySharedStrings, oneLineCsv } from './hostile-files.ts';
import { measureInProcess } from './measure.ts';

/**
 * The reading layer (openTable + readSheet) on each hostile file, in this process: refused with
 * the right code, in time linear in the file (seconds, not minutes), never blocking the event
 * loop for long, with a bounded peak of memory. The server-level test (server.test.ts) checks
 * the same through POST /api/admin/uploads once backstage-parser.ts reads through openTable.
 * Bounds are generous: the machine is shared; the measured values are printed.
 */

async function readAll(data: Buffer): Promise<number> {
  const source = await openTable(data);
  let rows = 0;
  for (let index = 0; index < source.sheets.length; index += 1) await source.readSheet(index, () => ++rows > 0);
  return rows;
}

const cases: { label: string; make: () => Buffer | Promise<Buffer>; code: string; maxMs: number; maxPeakMb: number }[] = [
  { label: '(a) a row opening 240,000 <c> cells (2 KB)', make: () => manyCellsRow(), code: 'UPLOAD_CORRUPT', maxMs: 2_000, maxPeakMb: 64 },
  { label: '(a2) a row of 60,000 closed cells', make: () => manyCellsRow(60_000, true), code: 'UPLOAD_CORRUPT', maxMs: 2_000, maxPeakMb: 64 },
  { label: '(b) a sharedStrings part of 190 MB', make: () => hugeSharedStrings(), code: 'UPLOAD_TOO_LARGE', maxMs: 15_000, maxPeakMb: 256 },
  { label: '(b2) 1,200,000 shared strings', make: () => manySharedStrings(), code: 'UPLOAD_TOO_LARGE', maxMs: 15_000, maxPeakMb: 256 },
  { label: '(c) a 15 MB CSV on one line', make: () => oneLineCsv(), code: 'UPLOAD_CORRUPT', maxMs: 5_000, maxPeakMb: 128 },
  { label: '(d) 19.5 MB of CSV rows with one 8 MB quoted field', make: () => giantFieldCsv(), code: 'UPLOAD_CORRUPT', maxMs: 20_000, maxPeakMb: 256 },
];

describe('hostile uploads: the readers in process', () => {
  it.each(cases)('$label: $code, in time, without blocking, bounded memory', { timeout: 90_000 }, async ({ label, make, code, maxMs, maxPeakMb }) => {
    const data = await make();
    const measured = await measureInProcess(() => readAll(data));
    console.warn(
      `${label}: ${(data.length / 1024).toFixed(0)} KB, ${measured.ms.toFixed(0)} ms, longest event-loop stall ${measured.maxStallMs.toFixed(0)} ms, peak RSS +${measured.peakAboveMb.toFixed(0)} MB: ${(measured.error as Error | null)?.message ?? 'read'}`,
    );
    expect(measured.error).toBeInstanceOf(UploadFileError);
    expect(measured.error).toMatchObject({ code });
    expect(measured.ms).toBeLessThan(maxMs);
    expect(measured.maxStallMs).toBeLessThan(1_000);
    expect(measured.peakAboveMb).toBeLessThan(maxPeakMb);
  });
});
