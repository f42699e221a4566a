import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseLanguage, demo, say, signInThroughApi } from './support.ts';

/**
 * Issue 17, the admin's side of the demo agency: the activity log reads by name (who, what, which
 * record, values as money, months and statuses; never a bare id), and the database download is
 * found in the sidebar under Agency, on a page of its own.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test('the activity log names actors and records and formats the values, in English and Turkish', async ({ page, request }) => {
  await signInThroughApi(page, request, demo.admin);
  await chooseLanguage(page, 'English');
  await page.goto('/app/mydesk/activitylogs');
  await expect(page.getByRole('heading', { name: 'Activity log', level: 1 })).toBeVisible();
  const main = page.locator('main');
  const rows = main.getByRole('row');
  // The record type chips (radio inputs hidden under their labels).
  const chooseRecordType = async (name: string) => {
    await main.locator('label').filter({ hasText: new RegExp(`^${name}$`) }).click();
    await expect(main.getByRole('radio', { name, exact: true })).toBeChecked();
  };

  // The demo's history (apps/server/src/db/seed/demo-history.ts): the payment the bank returned,
  // a deduction, an upload, the automatic run of last month.
  await chooseRecordType('Payment');
  const unpaid = rows.filter({ hasText: 'Marked a payment as unpaid' });
  await expect(unpaid).toHaveCount(1);
  await expect(unpaid).toContainText('Agency Admin');
  await expect(unpaid).toContainText('Ayşe Yılmaz · $100.00');
  await unpaid.getByRole('button', { name: 'Show changes' }).click();
  const changes = main.getByRole('table', { name: 'Changed fields' });
  await expect(changes.getByRole('row').filter({ hasText: 'Status' })).toContainText('Approved');
  await expect(changes.getByRole('row').filter({ hasText: 'Status' })).toContainText('Unpaid');
  await expect(changes.getByRole('row').filter({ hasText: 'Reason' })).toContainText('Banka transferi iade etti');
  await expect(main).not.toContainText(UUID);

  await chooseRecordType('All');
  await chooseRecordType('Deduction');
  const deduction = rows.filter({ hasText: 'Added a deduction' }).filter({ hasText: 'Elif Demir' });
  await expect(deduction).toContainText('Elif Demir · $15.00');
  await deduction.getByRole('button', { name: 'Show changes' }).click();
  await expect(changes.getByRole('row').filter({ hasText: 'Member' })).toContainText('Elif Demir');
  await expect(changes.getByRole('row').filter({ hasText: 'Amount' })).toContainText('$15.00');
  await expect(main).not.toContainText(UUID);

  await chooseRecordType('Automatic payment run');
  const run = rows.filter({ hasText: 'Processed the automatic payments' });
  await expect(run).toHaveCount(1);
  await expect(run).toContainText('System');
  await run.getByRole('button', { name: 'Show changes' }).click();
  await expect(changes.getByRole('row').filter({ hasText: 'Started by' })).toContainText('The schedule (the 15th of the month)');
  await expect(changes.getByRole('row').filter({ hasText: 'Total' })).toContainText(/\$\d+\.\d{2}/);

  await chooseRecordType('Upload');
  const upload = rows.filter({ hasText: 'Imported an earnings upload' }).first();
  await expect(upload).toContainText(/creator_data_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx · [A-Z][a-z]+ \d{4}/);

  // The same log in Turkish: the actions, the record types and the money in Turkish.
  await chooseLanguage(page, 'Türkçe');
  await chooseRecordType(await say(['activity'], 'Payment', 'tr'));
  const turkish = rows.filter({ hasText: await say(['activity'], 'Marked a payment as unpaid', 'tr') });
  await expect(turkish).toContainText('Ayşe Yılmaz · $100,00');
  await expect(main).not.toContainText(UUID);
});

test('the database download is under Agency in the sidebar and downloads the workbook', async ({ page, request }) => {
  await signInThroughApi(page, request, demo.admin);
  await chooseLanguage(page, 'English');
  await page.goto('/app/dashboards/adminDashboard');
  const sidebar = page.getByRole('navigation').first();
  await sidebar.getByRole('link', { name: 'Data export' }).click();
  await expect(page).toHaveURL(/\/app\/accounts\/dataExport$/);
  await expect(page.getByRole('heading', { name: 'Data export', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Full backup' })).toContainText('keep it as secret as the database itself');

  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Excel workbook' }).getByRole('button', { name: 'Download Excel workbook' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  // An .xlsx is a zip: it starts with PK.
  expect(readFileSync(await download.path()).subarray(0, 2).toString()).toBe('PK');
});
