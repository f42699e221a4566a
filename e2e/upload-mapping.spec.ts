import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseLanguage, demo, signInThroughApi, typedDay } from './support.ts';

/**
 * The column mapping of the earnings upload (docs/product.md §6): an export whose headers no alias
 * knows is read only after the admin picks its columns in the dry run; the choice is remembered for
 * that header row, so the next file of the same shape imports without the question.
 *
 * The creators are the spec's own (created by the import with `createUnknown`) and the creators of
 * the month missing from the file keep their figures (the default), so other specs' data is untouched.
 */

/** German-looking headers that are no Backstage alias in any language. */
const HEADER = ['Kanal', 'Edelsteine', 'Sendezeit'];
const ONE = 'mapping.e2e.one';
const TWO = 'mapping.e2e.two';

type Row = [username: string, diamonds: number, liveDuration: string];

function writeCsv(name: string, rows: Row[]): string {
  const text = [HEADER.join(';'), ...rows.map((row) => row.join(';'))].join('\n') + '\n';
  const path = join(mkdtempSync(join(tmpdir(), 'upload-mapping-')), name);
  writeFileSync(path, text, 'utf8');
  return path;
}



/** This month's figures of a creator, as the admin creators list reads them. */
async function monthFigures(request: APIRequestContext, token: string, username: string): Promise<{ diamonds: number; liveSeconds: number }> {
  const response = await request.get(`/api/admin/creators?q=${encodeURIComponent(username)}`, { headers: { accesstoken: token } });
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { data: { items: { tiktokUsername: string; diamonds: number; liveSeconds: number }[] } };
  const creator = body.data.items.find((item) => item.tiktokUsername === username);
  if (!creator) throw new Error(`No creator ${username}`);
  return { diamonds: creator.diamonds, liveSeconds: creator.liveSeconds };
}

/** Picks, in the mapping question, the column whose header is `header` for the field labelled `field`. */
async function chooseColumn(page: Page, field: string, header: string): Promise<void> {
  const select = page.getByRole('combobox', { name: new RegExp(`^${field}`) });
  const value = await select.locator('option', { hasText: new RegExp(`^${header}( —|$)`) }).getAttribute('value');
  if (value === null) throw new Error(`No column ${header} for ${field}`);
  await select.selectOption(value);
}

async function importChecked(page: Page, rows: number): Promise<void> {
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  // The month has the demo creators' figures: the import asks before replacing them, and says they are kept.
  await expect(page.getByText(/creators missing from the file keep their figures/)).toBeVisible();
  await page.getByRole('button', { name: 'Replace figures' }).click();
  // The report of the committed import (the toast of an earlier import may still be on screen).
  await expect(page.getByText(rows === 1 ? '1 row imported' : `${rows} rows imported`)).toBeVisible();
}

test('an admin maps the columns of an unknown export once; the next file of that shape is read with the remembered columns', async ({ page, request }) => {
  const asOf = new Date().toISOString().slice(0, 10);
  const token = (await signInThroughApi(page, request, demo.admin)).token;
  await chooseLanguage(page, 'English');
  await page.goto('/app/mydesk/uploadFile');
  await expect(page.getByRole('heading', { name: 'Upload earnings' })).toBeVisible();

  // ---- the first file: the columns are asked for ----
  await page.locator('input[type="file"]').setInputFiles(writeCsv('kanal-1.csv', [[ONE, 123_456, '2h 30m 0s'], [TWO, 7_890, '1h 0m 0s']]));
  await page.getByLabel('As-of date').fill(typedDay(asOf, 'en'));
  await page.getByLabel('Create unknown usernames as creators').check();
  await page.getByRole('button', { name: 'Check file' }).click();

  await expect(page.getByRole('heading', { name: 'Which columns hold the figures?' })).toBeVisible();
  await expect(page.getByText('No rows can be read before the columns are chosen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  // Each column is offered with its first values.
  await expect(page.getByRole('combobox', { name: /^Username/ }).locator('option', { hasText: `Kanal — ${ONE}` })).toHaveCount(1);

  await chooseColumn(page, 'Username', 'Kanal');
  await chooseColumn(page, 'Diamonds', 'Edelsteine');
  await chooseColumn(page, 'LIVE duration', 'Sendezeit');
  await page.getByRole('button', { name: 'Check again' }).click();

  // The rows read with the chosen columns.
  await expect(page.getByText('2 rows read with these columns.')).toBeVisible();
  await expect(page.getByText('Read with the columns you chose')).toBeVisible();
  await expect(page.getByText(`@${ONE}`).first()).toBeVisible();
  await expect(page.getByText(`@${TWO}`).first()).toBeVisible();
  await importChecked(page, 2);

  expect(await monthFigures(request, token, ONE)).toEqual({ diamonds: 123_456, liveSeconds: 9_000 });
  expect(await monthFigures(request, token, TWO)).toEqual({ diamonds: 7_890, liveSeconds: 3_600 });

  // ---- the second file, same header row, other figures: no question ----
  await page.locator('input[type="file"]').setInputFiles(writeCsv('kanal-2.csv', [[ONE, 200_001, '3h 15m 0s'], [TWO, 45_000, '0h 45m 0s']]));
  await expect(page.getByLabel('As-of date')).toHaveValue(typedDay(asOf, 'en'));
  await page.getByRole('button', { name: 'Check file' }).click();

  await expect(page.getByText('Read with the columns chosen before for this header row')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Which columns hold the figures?' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Username/ })).toHaveCount(0);
  await importChecked(page, 2);

  expect(await monthFigures(request, token, ONE)).toEqual({ diamonds: 200_001, liveSeconds: 11_700 });
  expect(await monthFigures(request, token, TWO)).toEqual({ diamonds: 45_000, liveSeconds: 2_700 });
});
