import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { BackstageRow } from './backstage-types.ts';

/** The English headers of the backstage "Creator data" export that the import reads. */
const SAMPLE_HEADERS = ['Data period', "Creator's username", 'Diamonds', 'LIVE duration', 'Valid go LIVE days', 'Matches', 'Last LIVE'] as const;

/** A creator's month as the sample file writes it: the figures the import reads back. */
export type SampleRow = Omit<BackstageRow, 'row' | 'leftNetwork'>;

/** `119h 47m 31s`, as the export writes a LIVE duration. */
function formatBackstageDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}h ${minutes}m ${seconds % 60}s`;
}

function formatMinute(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * A backstage-style sheet (first line `Exported at ...`, then the headers) of the active creators
 * with the month's figures: the file an admin can fill in or compare with the real export.
 * Usernames are written as text cells; none can start a formula (the username pattern has no `=`).
 */
export async function writeSampleWorkbook(stream: Writable, input: { now: Date; period: string; rows: readonly SampleRow[] }): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  workbook.creator = 'Agency portal';
  workbook.created = input.now;
  const sheet = workbook.addWorksheet('Creator data');
  sheet.addRow([`Exported at ${formatMinute(input.now)} UTC+0`]).commit();
  sheet.addRow([...SAMPLE_HEADERS]).commit();
  const dataPeriod = `${input.period}-01 ~ ${input.now.toISOString().slice(0, 10)}`;
  for (const row of input.rows) {
    sheet
      .addRow([
        dataPeriod,
        row.tiktokUsername,
        row.diamonds,
        formatBackstageDuration(row.liveSeconds),
        row.validDays,
        row.matches,
        row.lastLiveAt ? formatMinute(row.lastLiveAt) : '-',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}
