import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutraliseFormula } from './neutralise-formula.ts';

export type ExportCell = string | number | boolean | null;

/** One sheet: English field names as the header row, then rows produced batch by batch. */
export interface ExportSheet {
  name: string;
  headers: readonly string[];
  rows: () => AsyncIterable<readonly ExportCell[]>;
}

function toCell(value: ExportCell): ExportCell {
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

/**
 * Streams the sheets as an .xlsx into `stream` (exceljs WorkbookWriter: each row is committed and
 * leaves memory at once). Every text cell goes through `neutraliseFormula`, headers included.
 */
export async function writeWorkbook(stream: Writable, sheets: readonly ExportSheet[], created: Date): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  workbook.creator = 'Agency portal';
  workbook.created = created;
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow(sheet.headers.map((header) => toCell(header))).commit();
    for await (const row of sheet.rows()) {
      worksheet.addRow(row.map(toCell)).commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
}
