import { expect, test } from '@playwright/test';
import { chooseLanguage, waitForCode, say, typeCode } from './support.ts';

const journeys = [
  { language: 'en', languageName: 'English', phone: '+905321110001', username: 'e2e_creator_en' },
  { language: 'tr', languageName: 'Türkçe', phone: '+905321110002', username: 'e2e_creator_tr' },
];

for (const journey of journeys) {
  test(`a visitor applies in ${journey.languageName} and sees Application Submitted!`, async ({ page, request }) => {
    const t = (english: string) => say(['apply', 'auth', 'common'], english, journey.language);
    await page.goto('/kayit');
    if (journey.language !== 'tr') await chooseLanguage(page, journey.languageName);
    await expect(page.locator('html')).toHaveAttribute('lang', journey.language);

    await page.getByLabel(await t('First name'), { exact: true }).fill('Deniz');
    await page.getByLabel(await t('Last name'), { exact: true }).fill('Arslan');
    await page.getByRole('button', { name: await t('Next') }).click();

    await page.getByLabel(await t('TikTok username'), { exact: true }).fill(`@${journey.username.toUpperCase()}`);
    await page.getByRole('button', { name: await t('Next') }).click();

    await page.getByLabel(await t('Phone number'), { exact: true }).fill(journey.phone);
    await page.getByRole('button', { name: await t('Send code') }).click();
    const code = await waitForCode(request, journey.phone);
    await typeCode(page, code, await t('Code'));
    await page.getByRole('button', { name: await t('Complete Application') }).click();

    await expect(page.getByRole('heading', { name: await t('Application Submitted!') })).toBeVisible();
  });
}

test('the application refuses a wrong code with the catalogue message and creates nothing', async ({ page, request }) => {
  const phone = '+905321110003';
  await page.goto('/kayit');
  await chooseLanguage(page, 'English');
  await page.getByLabel('First name').fill('Wrong');
  await page.getByLabel('Last name').fill('Code');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('TikTok username').fill('e2e_wrong_code');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(request, phone);
  const wrong = code === '000000' ? '111111' : '000000';
  await typeCode(page, wrong);
  await page.getByRole('button', { name: 'Complete Application' }).click();
  await expect(page.getByText('Invalid otp try again').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toHaveCount(0);
});
