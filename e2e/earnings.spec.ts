import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { chooseLanguage, demo, signInThroughApi, say, typedDay } from './support.ts';

/**
 * The earnings journey of issue 4: an admin uploads a backstage export of this month with a dry
 * run, reads the report, imports it, and Ayşe (the affiliate of five demo creators) sees the new
 * figures and the chart on her publisher page, in Turkish and in English.
 */

/** This month's figures for Ayşe's five creators: 4,000,000 diamonds, 2% tier, exactly $400.00. */
const AYSE_CREATORS: [string, number][] = [
  ['ayse.yilmaz.live', 1_500_000],
  ['mehmet.kaya', 1_000_000],
  ['istanbul.nights', 1_200_000],
  ['bosphorus_beats', 200_000],
  ['kebab.master', 100_000],
];

/** A "Creator data" export as LIVE Backstage writes it: an `Exported at` line, then the header. */
async function writeBackstageExport(asOf: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Creator data');
  sheet.addRow([`Exported at ${asOf} 08:37 UTC+0`]);
  sheet.addRow(['Data period', 'Creator ID', "Creator's username", 'Diamonds', 'LIVE duration', 'Valid go LIVE days', 'Matches']);
  const period = `${asOf.slice(0, 8)}01 ~ ${asOf}`;
  AYSE_CREATORS.forEach(([username, diamonds], index) => {
    sheet.addRow([period, `7300000000${index}`, username, diamonds.toLocaleString('en-US'), '119h 47m 31s', '21d', '12']);
  });
  sheet.addRow([period, '73000000010', 'anka.gaming', '2.98M', '88.46h', '20', '-']);
  sheet.addRow([period, 'The creator has quit the network', 'gone.creator', '-', '-', '-', '-']);
  sheet.addRow([period, '73000000012', 'new.face.live', '12.5K', '45m', '1', '0']);
  const path = join(mkdtempSync(join(tmpdir(), 'backstage-')), 'creator-data.xlsx');
  await workbook.xlsx.writeFile(path);
  return path;
}



test('an admin uploads the backstage export with a dry run, and the member sees the new figures in Turkish and English', async ({ page, request }) => {
  const asOf = new Date().toISOString().slice(0, 10);
  const file = await writeBackstageExport(asOf);

  // ---- the admin: check the file, read the report, import ----
  await signInThroughApi(page, request, demo.admin);
  await chooseLanguage(page, 'English');
  await page.goto('/app/mydesk/uploadFile');
  await expect(page.getByRole('heading', { name: 'Upload earnings' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByLabel('As-of date').fill(typedDay(asOf, 'en'));
  await page.getByRole('button', { name: 'Check file' }).click();

  // The month in words (never `2026-11`), and the figures' date.
  const monthName = new Date(`${asOf}T12:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByText(`${monthName}: figures as of`)).toBeVisible();
  // The unknown username and the creator who quit are warnings, not errors.
  await expect(page.getByText('@new.face.live').first()).toBeVisible();
  await expect(page.getByText('Not a creator of the agency').first()).toBeVisible();
  await expect(page.getByText('The creator has quit the network').first()).toBeVisible();
  await expect(page.getByText(/errors?: nothing can be imported/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  // The month already has the demo figures: the import asks before replacing them.
  await page.getByRole('button', { name: 'Replace figures' }).click();
  await expect(page.getByText('File upload successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'creator-data.xlsx' })).toBeVisible();
  // The original file was kept: the history downloads it byte for byte under its own name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download creator-data.xlsx' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('creator-data.xlsx');
  expect(readFileSync(await download.path()).equals(readFileSync(file))).toBe(true);

  // ---- the member: the new figures and the chart, in Turkish (the default) ----
  await page.evaluate(() => localStorage.clear());
  await signInThroughApi(page, request, demo.member);
  await chooseLanguage(page, 'Türkçe');
  await page.goto('/app/setting/publisher');
  // The team's figure cards: this month's diamonds of her creators and the estimated earnings (the
  // month forecast below them may show the same figures as projected ones).
  const team = async (language: string) => page.getByRole('region', { name: await say(['earnings'], 'Your team (creators you brought)', language) });
  const figure = async (text: string, language: string) =>
    (await team(language)).getByRole('paragraph').filter({ hasText: new RegExp(`^${text.replace(/[.$]/g, '\\$&')}$`) });
  await expect(await figure('4.000.000', 'tr')).toBeVisible();
  await expect(await figure('$400,00', 'tr')).toBeVisible();
  const chartTitle = await say(['earnings'], 'Diamonds and earnings, last 6 months', 'tr');
  const chart = page.getByRole('figure', { name: chartTitle });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();

  // ---- and in English ----
  await chooseLanguage(page, 'English');
  await expect(await figure('4,000,000', 'en')).toBeVisible();
  await expect(await figure('$400.00', 'en')).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Diamonds and earnings, last 6 months' })).toBeVisible();
});
