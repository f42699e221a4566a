import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CellValue } from './backstage-values.ts';
import { detectFormat, openTable, type TableSource } from './table-reader.ts';
import { UploadFileError } from './upload-file-error.ts';

async function rowsOf(source: TableSource, index: number): Promise<[number, CellValue[]][]> {
  const rows: [number, CellValue[]][] = [];
  await source.readSheet(index, (line, cells) => rows.push([line, cells]) > 0);
  return rows;
}

/** A workbook of several sheets, as Excel users make them: a hidden helper sheet, a very hidden one, a notes sheet. */
async function multiSheetWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const notes = workbook.addWorksheet('Notlar');
  notes.addRow(['Bu dosya 2026-11-01 tarihinde dışa aktarıldı']);
  const data = workbook.addWorksheet('Creator data');
  data.addRow(['Exported at 2026-11-01 08:37 UTC+0']);
  data.addRow(["Creator's username", 'Diamonds', 'LIVE duration', 'Valid go LIVE days']);
  data.addRow(['star.one', 2_980_000, '119h 47m 31s', 21]);
  data.addRow(['yıldız.kedi', 1.5, '3sa 30dk', 3]);
  const hidden = workbook.addWorksheet('Old export', { state: 'hidden' });
  hidden.addRow(["Creator's username", 'Diamonds']);
  hidden.addRow(['old.one', 5]);
  const veryHidden = workbook.addWorksheet('Lookup', { state: 'veryHidden' });
  veryHidden.getCell('C2').value = true;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('openTable', () => {
  it('a multi-sheet workbook (exceljs): every sheet in workbook order, hidden ones flagged, each readable by index', async () => {
    const source = await openTable(await multiSheetWorkbook());
    expect(source).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null });
    expect(source.sheets).toEqual([
      { name: 'Notlar', hidden: false },
      { name: 'Creator data', hidden: false },
      { name: 'Old export', hidden: true },
      { name: 'Lookup', hidden: true },
    ]);
    expect(await rowsOf(source, 1)).toEqual([
      [1, ['Exported at 2026-11-01 08:37 UTC+0']],
      [2, ["Creator's username", 'Diamonds', 'LIVE duration', 'Valid go LIVE days']],
      [3, ['star.one', 2_980_000, '119h 47m 31s', 21]],
      [4, ['yıldız.kedi', 1.5, '3sa 30dk', 3]],
    ]);
    expect(await rowsOf(source, 2)).toEqual([
      [1, ["Creator's username", 'Diamonds']],
      [2, ['old.one', 5]],
    ]);
    expect(await rowsOf(source, 3)).toEqual([[2, [null, null, true]]]);
    expect(await rowsOf(source, 0)).toEqual([[1, ['Bu dosya 2026-11-01 tarihinde dışa aktarıldı']]]);
    await expect(source.readSheet(4, () => true)).rejects.toBeInstanceOf(RangeError);
  });

  it('what the sink throws comes out unchanged (xlsx)', async () => {
    const source = await openTable(await multiSheetWorkbook());
    const own = new TypeError('the sink failed');
    await expect(
      source.readSheet(1, () => {
        throw own;
      }),
    ).rejects.toBe(own);
  });

  it('decides the format by the content', () => {
    expect(detectFormat(Buffer.from('PK\x03\x04rest'))).toBe('xlsx');
    expect(detectFormat(Buffer.from('a,b\n'))).toBe('csv');
    expect(() => detectFormat(Buffer.alloc(0))).toThrow(UploadFileError);
    expect(() => detectFormat(Buffer.from('%PDF-1.7'))).toThrow(/PDF/);
  });

  it('a broken zip is UPLOAD_CORRUPT, not an internal error', async () => {
    const error = await openTable(Buffer.from('PK\x03\x04 this is no zip at all')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadFileError);
    expect(error).toMatchObject({ code: 'UPLOAD_CORRUPT' });
  });
});
