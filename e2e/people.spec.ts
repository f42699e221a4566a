import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, demo, signInThroughApi, typeCode, waitForCode } from './support.ts';

/** Mehmet: a demo member whose bank details are not verified (see apps/server/src/db/seed/demo-data.ts). */
const mehmet = { email: 'mehmet@example.com', password: 'Member!2026demo' };

/** A checksum-valid T.C. kimlik no. and Turkish IBAN (apps/server/src/modules/bank/bank-rules.test.ts). */
const validBank = { identityNumber: '12345678950', iban: 'TR330006100519786457841326' };

/** Signs in through the API on an English page (support.ts). */
const signIn = (page: Page, request: APIRequestContext, credentials: { email: string; password: string }) => signInThroughApi(page, request, credentials, 'English');

/** Applies through the application page (already open, any query) as a visitor would. */
async function apply(page: Page, request: APIRequestContext, applicant: { firstName: string; lastName: string; username: string; phone: string }): Promise<string> {
  await chooseLanguage(page, 'English');
  await page.getByLabel('First name', { exact: true }).fill(applicant.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(applicant.lastName);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('TikTok username', { exact: true }).fill(applicant.username);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Phone number', { exact: true }).fill(applicant.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(request, applicant.phone);
  await typeCode(page, code);
  await page.getByRole('button', { name: 'Complete Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  return code;
}

/** The toast with `text` (a notification, not any text on the page). */
function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/**
 * Types `text` into the members list's search and waits for its answer (`found`: the count line it
 * shows), so the rows a test then uses are the search's, not the list's before it, as a user sees
 * the results before using them. Without the wait, a fresh clone's run once clicked a row's
 * "Details" while the search was on its way, and no details drawer was open 10 s later; the list
 * keeps its rows while a search loads (keepPreviousData), so what closed or never opened the
 * drawer is not known (the columns are fitted again when the rows change: one lead).
 */
async function searchMembers(page: Page, text: string, found: string) {
  await page.getByLabel('Search members', { exact: true }).fill(text);
  await expect(page.getByText(found)).toBeVisible();
}

test('an admin approves an application and the applicant can then sign in; a short reason rejects nothing', async ({ browser, page, request }) => {
  const approved = { firstName: 'Onur', lastName: 'Approvetest', username: 'e2e_people_approve', phone: '+905322220001' };
  const refused = { firstName: 'Sevgi', lastName: 'Rejecttest', username: 'e2e_people_reject', phone: '+905322220002' };

  const applicationCodes: string[] = [];
  for (const applicant of [approved, refused]) {
    const visitor = await browser.newPage();
    await visitor.goto('/kayit');
    applicationCodes.push(await apply(visitor, request, applicant));
    await visitor.close();
  }

  await signIn(page, request, demo.admin);
  await page.goto('/app/mydesk/admin');
  await expect(page.getByRole('heading', { name: 'Applications', level: 1 })).toBeVisible();
  const approvedRow = page.getByRole('row').filter({ hasText: `${approved.firstName} ${approved.lastName}` });
  const refusedRow = page.getByRole('row').filter({ hasText: `${refused.firstName} ${refused.lastName}` });
  await expect(approvedRow).toContainText(`@${approved.username}`);
  await expect(refusedRow).toBeVisible();

  // A reason of 5 characters is refused on the spot and nothing changes.
  await refusedRow.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject application' });
  await dialog.getByLabel('Reason').fill('short');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please enter a cancel reason with at least 10 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(refusedRow).toBeVisible();

  // Approve (confirming if the screen asks).
  await approvedRow.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Yes, continue' });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(toast(page, 'Application approved')).toBeVisible();
  await expect(approvedRow).toHaveCount(0);
  await expect(refusedRow).toBeVisible();

  // The applicant signs in by phone code right away (the application's code is no longer valid).
  const applicant = await browser.newPage();
  await applicant.goto('/app/sessions/signIn');
  await chooseLanguage(applicant, 'English');
  await applicant.getByLabel('Phone number').fill(approved.phone);
  await applicant.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(request, approved.phone, applicationCodes[0]);
  await typeCode(applicant, code);
  await applicant.getByRole('button', { name: 'Verify' }).click();
  await expect(applicant).toHaveURL(/\/app\/setting\/publisher$/);
  expect(await applicant.evaluate(() => localStorage.getItem('role'))).toBe('user');
  await applicant.close();
});

/**
 * A value of a member's row: in the row when its column fits the screen, otherwise in the row's
 * details drawer (columns give way by priority on a narrower screen).
 */
async function expectInRowOrDetails(page: Page, row: Locator, name: string, text: string) {
  if ((await row.textContent())?.includes(text)) return;
  await row.getByRole('button', { name: `Details of ${name}` }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText(text);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toHaveCount(0);
}

test('an admin creates, edits, searches and deletes a member', async ({ page, request }) => {
  await signIn(page, request, demo.admin);
  await page.goto('/app/mydesk/users');
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add member' }).click();
  const create = page.getByRole('dialog', { name: 'New member' });
  await create.getByLabel('First name').fill('Kerem');
  await create.getByLabel('Last name').fill('Yenitest');
  await create.getByLabel('Phone number').fill('+905322220010');
  await create.getByLabel('E-mail address').fill('kerem.yenitest@example.com');
  await create.getByLabel('Personal commission rate').fill('7.5');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User create successfully')).toBeVisible();
  await expect(create).toHaveCount(0);

  // Searching a part of the name shows it and none of the demo members.
  await searchMembers(page, 'Yenites', '1 member found');
  const row = page.getByRole('row').filter({ hasText: 'Kerem Yenitest' });
  await expect(row).toBeVisible();
  await expectInRowOrDetails(page, row, 'Kerem Yenitest', '+90 532 222 00 10');
  await expect(page.getByRole('row').filter({ hasText: 'Ayşe Yılmaz' })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'Mehmet' })).toHaveCount(0);

  // Edit.
  await row.getByRole('button', { name: 'Actions for Kerem Yenitest' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit member' });
  await expect(edit.getByLabel('First name')).toHaveValue('Kerem');
  await edit.getByLabel('Last name').fill('Yenitestoglu');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User Update successfully')).toBeVisible();
  const edited = page.getByRole('row').filter({ hasText: 'Kerem Yenitestoglu' });
  await expect(edited).toBeVisible();

  // Delete: cancel keeps it, confirm removes it.
  await edited.getByRole('button', { name: 'Actions for Kerem Yenitestoglu' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  let confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText("You won't be able to revert this!")).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await page.reload();
  await chooseLanguage(page, 'English');
  await searchMembers(page, 'Yenites', '1 member found');
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: 'Actions for Kerem Yenitestoglu' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Yes, continue' }).click();
  await expect(toast(page, 'User deleted successfully')).toBeVisible();
  await expect(edited).toHaveCount(0);
  await page.reload();
  await chooseLanguage(page, 'English');
  await searchMembers(page, 'Yenites', '0 members found');
  await expect(edited).toHaveCount(0);
});

test('a member enters bank details, the admin verifies them, the member sees Verified', async ({ browser, page, request }) => {
  const member = await signIn(page, request, mehmet);
  await page.goto('/app/profiledata/profile');
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  const status = page.getByTestId('bank-status');
  await expect(status).toHaveText('Not Verified');

  await page.getByLabel('Account holder (full name)').fill('Mehmet Kaya');
  await page.getByLabel('Identity number', { exact: true }).fill(validBank.identityNumber);
  await page.getByLabel('Bank name').fill('Türkiye İş Bankası');
  await page.getByLabel('IBAN', { exact: true }).fill(validBank.iban);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Details updated successfully')).toBeVisible();
  await expect(status).toHaveText('Not Verified');
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue('TR33 0006 1005 1978 6457 8413 26');

  const admin = await browser.newPage();
  await signIn(admin, request, demo.admin);
  await admin.goto(`/app/mydesk/usersProfile?id=${member.user.uid}`);
  await expect(admin.getByRole('heading', { name: 'Mehmet Kaya', level: 1 })).toBeVisible();
  await expect(admin.getByText('TR330006100519786457841326').or(admin.getByText('TR33 0006 1005 1978 6457 8413 26'))).toBeVisible();
  await admin.getByRole('button', { name: 'Verify bank details' }).click();
  await expect(toast(admin, 'Bank details verified')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Verify bank details' })).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('bank-status')).toHaveText('Verified');
});

test('the referral link copies and a new application through it shows the referrer', async ({ browser, context, page, request, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, request, demo.member);
  await page.goto('/app/setting/myinformation');
  await expect(page.getByRole('heading', { name: 'My information', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'URL copied to clipboard!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const link = new URL(copied);
  expect(link.pathname).toBe('/kayit');
  expect(link.searchParams.get('ref')).toBe('AYSE2026');
  expect(copied).toBe(`${link.origin}/kayit?ref=AYSE2026`);
  await expect(page.getByLabel('Your referral link')).toHaveValue(copied);

  const applicant = { firstName: 'Berk', lastName: 'Referanstest', username: 'e2e_people_referral', phone: '+905322220020' };
  const visitor = await browser.newPage();
  await visitor.goto(`${baseURL}${link.pathname}${link.search}`);
  await apply(visitor, request, applicant);
  await visitor.close();

  const admin = await browser.newPage();
  await signIn(admin, request, demo.admin);
  await admin.goto('/app/mydesk/users');
  await searchMembers(admin, 'Referanstest', '1 member found');
  const row = admin.getByRole('row').filter({ hasText: 'Berk Referanstest' });
  await expect(row).toBeVisible();
  await expectInRowOrDetails(admin, row, 'Berk Referanstest', 'Ayşe Yılmaz');
  await row.getByRole('link', { name: 'Berk Referanstest' }).click();
  await expect(admin).toHaveURL(/\/app\/mydesk\/usersProfile\?id=/);
  await expect(admin.getByRole('heading', { name: 'Berk Referanstest', level: 1 })).toBeVisible();
  const affiliated = admin.getByText('Affiliated with', { exact: true }).locator('..');
  await expect(affiliated).toContainText('Ayşe Yılmaz');
  await admin.close();
});
