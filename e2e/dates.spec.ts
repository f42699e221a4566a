import { expect, test } from '@playwright/test';
import { chooseLanguage, demo, say, signInThroughApi } from './support.ts';

/**
 * Date fields follow the app's language, not the browser's: the browser here is American English
 * (a native date input would show mm/dd/yyyy), the app is German, Turkish or English (en-GB).
 */
test.use({ locale: 'en-US' });

const LANGUAGES = [
  { code: 'de', name: 'Deutsch', typed: '24.03.2026', month: 'März 2026', next: 'Nächster Monat' },
  { code: 'tr', name: 'Türkçe', typed: '24.03.2026', month: 'Mart 2026', next: 'Sonraki ay' },
  { code: 'en', name: 'English', typed: '24/03/2026', month: 'March 2026', next: 'Next month' },
] as const;

test('the upload’s as-of date shows and takes the app language’s date, with a calendar in that language', async ({ page, request }) => {
  await signInThroughApi(page, request, demo.admin);
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language.name);
    await page.goto('/app/mydesk/uploadFile');
    const field = page.getByLabel(await say(['uploads'], 'As-of date', language.code));
    await expect(field).toBeVisible();
    // Today, written as the language writes a day.
    const today = new Date();
    const [day, month, year] = [String(today.getDate()).padStart(2, '0'), String(today.getMonth() + 1).padStart(2, '0'), String(today.getFullYear())];
    await expect(field).toHaveValue(language.name === 'English' ? `${day}/${month}/${year}` : `${day}.${month}.${year}`);

    await field.fill(language.typed);
    await expect(page.getByRole('button', { name: language.month, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: language.next, exact: true })).toBeVisible();
    await field.press('Escape');
    await page.locator('main h1').click();
    await expect(field).toHaveValue(language.typed);
  }
});

test('the activity log’s date filter reads a German date as a whole day', async ({ page, request }) => {
  await signInThroughApi(page, request, demo.admin);
  await chooseLanguage(page, 'Deutsch');
  await page.goto('/app/mydesk/activitylogs');
  const asked = page.waitForRequest((request) => request.url().includes('/api/admin/activity?') && request.url().includes('from='));
  await page.getByLabel('Von', { exact: true }).fill('03.02.2026');
  const from = new URL((await asked).url()).searchParams.get('from');
  expect(from).toBe(await page.evaluate(() => new Date(2026, 1, 3).toISOString()));
  await page.locator('main h1').click();
  await expect(page.getByLabel('Von', { exact: true })).toHaveValue('03.02.2026');
});
