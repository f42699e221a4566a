// The bench's "Creator data" export, shared by bench:upload and bench/hostile-upload.mjs.
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { createRandom } from './random.mjs';

const USERNAME_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The username of the creator on row `index` (the bench seeds the same names): 4-14 characters
 * drawn from the row's own seed, then `.` and the index, which makes it unique (at most 19
 * characters). Diverse as real usernames are: names sharing a prefix (`creator.…`) share most of
 * their trigrams, and PostgreSQL's trigram index of the usernames then costs a new agency's
 * import far less than real names do (docs/decisions/006).
 */
export const usernameOf = (index) => {
  const random = createRandom(index + 1);
  const length = 4 + Math.floor(random() * 11);
  let name = '';
  for (let at = 0; at < length; at += 1) name += USERNAME_CHARACTERS[Math.floor(random() * USERNAME_CHARACTERS.length)];
  return `${name}.${index.toString(36)}`;
};

/**
 * Writes a `rows`-row export as LIVE Backstage does (an `Exported at` line, then the header);
 * `seed` draws the figures (another seed: every row's figures change, same usernames);
 * `sharedStrings`: text in xl/sharedStrings.xml as Excel keeps it, instead of inline strings.
 */
export async function writeBackstageExport(path, { rows, seed = 2026, sharedStrings = false }) {
  const random = createRandom(seed);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(path), useStyles: false, useSharedStrings: sharedStrings });
  const sheet = workbook.addWorksheet('Creator data');
  sheet.addRow(['Exported at 2026-09-16 08:37 UTC+0']).commit();
  sheet
    .addRow(['Data period', 'Creator ID', "Creator's username", 'Group', 'Join time', 'Diamonds', 'LIVE duration', 'Valid go LIVE days', 'New followers', 'Diamonds last month', 'Matches', 'Last LIVE', 'Status'])
    .commit();
  for (let index = 0; index < rows; index += 1) {
    const seconds = Math.floor(random() * 120 * 3600);
    const diamonds = Math.floor(random() * 3_000_000);
    sheet
      .addRow([
        '2026-09-01 ~ 2026-09-15',
        String(7_000_000 + index),
        usernameOf(index),
        `G${index % 9}`,
        '2025-01-10',
        index % 10 === 0 ? `${(diamonds / 1_000_000).toFixed(2)}M` : diamonds,
        `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m ${seconds % 60}s`,
        `${Math.floor(random() * 16)}d`,
        Math.floor(random() * 500),
        Math.floor(random() * 3_000_000),
        index % 3 === 0 ? '-' : Math.floor(random() * 40),
        '2026-09-15 21:04',
        'Active',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}
