import { mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { chooseLanguage, demo, say, signInThroughApi, type ApiSession } from './support.ts';

/**
 * The payments journey (docs/product.md §10-§13: payment request, automatic monthly payments, invoice,
 * notifications): Ayşe requests a payment, the admin refuses a short reason and rejects it, runs
 * the automatic payments and approves Ayşe's new one, Ayşe uploads her own invoice for it and
 * switches back, then reads the payment notifications.
 *
 * Independent of the other spec files: the amounts come from the API at run time (other journeys
 * may have changed Ayşe's figures of the current month, which are not payable yet), and rows and
 * cards are found by member, kind, amount and status rather than by position.
 */

/** Signs in through the API on an English page (support.ts). */
const signIn = (page: Page, request: APIRequestContext, credentials: { email: string; password: string }) => signInThroughApi(page, request, credentials, 'English');

/** Ayşe's available balance as the server computes it (`GET /api/me/summary`). */
async function availableCents(request: APIRequestContext, session: ApiSession): Promise<number> {
  const response = await request.get('/api/me/summary', { headers: { Authorization: `Bearer ${session.token}` } });
  expect(response.ok()).toBeTruthy();
  const { data } = (await response.json()) as { data: { availableCents: number } };
  return data.availableCents;
}

/** `$1,234.56`, as the English screens show money. */
function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A small, real one-page PDF written with pdfkit. */
async function writeInvoicePdf(): Promise<string> {
  const document = new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Invoice E2E-001' } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.fontSize(18).text('Invoice E2E-001');
  document.moveDown().fontSize(12).text('Ayşe Yılmaz — commission for the agency, automatic payment.');
  document.end();
  await done;
  const path = join(mkdtempSync(join(tmpdir(), 'invoice-')), 'my-invoice.pdf');
  await writeFile(path, Buffer.concat(chunks));
  return path;
}

/** The toast with `text` (a notification, not any text on the page). */
function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** The header's bell while something is unread; its name carries the count. */
function unreadBell(page: Page) {
  return page.getByRole('link', { name: /^\d+ unread notifications?$/ });
}

/** The moves of a row are in its menu ("Actions: <member>"): opens it and answers the menu. */
async function openRowMenu(page: Page, row: Locator) {
  await row.getByRole('button', { name: /^Actions: / }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function unreadCount(page: Page): Promise<number> {
  const name = (await unreadBell(page).getAttribute('aria-label')) ?? '';
  return Number(/^(\d+)/.exec(name)?.[1] ?? Number.NaN);
}

test('a member requests a payment, the admin rejects it, runs the automatic payments and approves; the member sets a custom invoice and reads the notifications', async ({
  browser,
  page,
  request,
}) => {
  // ---- 1. Ayşe requests a payment of at least $50 and at most her available balance ----
  const member = await signIn(page, request, demo.member);
  const before = await availableCents(request, member);
  expect(before, 'Ayşe needs at least $50 available from ended months (demo seed)').toBeGreaterThanOrEqual(5000);
  // An uncommon amount, so the admin finds exactly this request.
  const requestCents = Math.min(before, 5123);
  const requestAmount = dollars(requestCents);

  await page.goto('/app/setting/payment');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const requestForm = page.getByRole('region', { name: 'New payment request' });
  await expect(requestForm).toContainText(`You can request between $50.00 and ${dollars(before)}.`);
  await requestForm.getByRole('textbox', { name: 'Amount', exact: true }).fill((requestCents / 100).toFixed(2));
  await requestForm.getByLabel('Notes (optional)').fill('E2E payment request');
  await requestForm.getByRole('button', { name: 'Send payment request' }).click();
  const confirmRequest = page.getByRole('dialog', { name: 'Send this payment request?' });
  await expect(confirmRequest).toContainText(`You are requesting ${requestAmount}.`);
  await confirmRequest.getByRole('button', { name: 'Yes, continue' }).click();
  await expect(toast(page, 'Payment Request Sent Successfully')).toBeVisible();

  const requestCard = page
    .getByRole('region', { name: 'Your payments' })
    .getByRole('article')
    .filter({ hasText: 'Payment request' })
    .filter({ hasText: requestAmount })
    .filter({ hasText: 'E2E payment request' });
  await expect(requestCard).toHaveCount(1);
  await expect(requestCard).toContainText('Pending');
  // The request is held from the available balance.
  expect(await availableCents(request, member)).toBe(before - requestCents);

  // ---- 2. The admin refuses a short reason, then rejects with a proper one ----
  const admin = await browser.newPage();
  await signIn(admin, request, demo.admin);
  await admin.goto('/app/mydesk/transaction');
  await expect(admin.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await admin.getByLabel('Search', { exact: true }).fill('Ayşe');
  const requestRow = admin
    .getByRole('row')
    .filter({ hasText: 'Ayşe Yılmaz' })
    .filter({ hasText: 'Payment request' })
    .filter({ hasText: requestAmount });
  await expect(requestRow).toHaveCount(1);
  await expect(requestRow).toContainText('Pending');

  await (await openRowMenu(admin, requestRow)).getByRole('menuitem', { name: 'Reject' }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject this payment?' });
  await expect(reject).toContainText(`Ayşe Yılmaz · ${requestAmount}`);
  await reject.getByRole('textbox', { name: 'Reason' }).fill('too soon');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please enter a cancel reason with at least 10 characters')).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toHaveCount(0);
  // Nothing changed, on the screen and on the server.
  await admin.reload();
  await admin.getByLabel('Search', { exact: true }).fill('Ayşe');
  await expect(requestRow).toContainText('Pending');
  expect(await availableCents(request, member)).toBe(before - requestCents);

  await (await openRowMenu(admin, requestRow)).getByRole('menuitem', { name: 'Reject' }).click();
  await reject.getByRole('textbox', { name: 'Reason' }).fill('Please request again after the 15th.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(admin, 'Payment status Rejected successfully')).toBeVisible();
  await expect(reject).toHaveCount(0);
  await expect(requestRow).toContainText('Rejected');
  const rejectedMenu = await openRowMenu(admin, requestRow);
  await expect(rejectedMenu.getByRole('menuitem', { name: 'Details' })).toBeVisible();
  await expect(rejectedMenu.getByRole('menuitem', { name: 'Approve' })).toHaveCount(0);
  await admin.keyboard.press('Escape');
  await expect(rejectedMenu).toHaveCount(0);
  // The amount is back in the balance.
  expect(await availableCents(request, member)).toBe(before);

  // ---- 3. The automatic run, then the approval of Ayşe's new payment ----
  await admin.getByRole('button', { name: 'Process all automatic payments' }).click();
  const confirmRun = admin.getByRole('dialog', { name: 'Process all automatic payments now?' });
  const runAnswer = admin.waitForResponse((response) => response.url().endsWith('/api/admin/payments/auto-run') && response.request().method() === 'POST');
  await confirmRun.getByRole('button', { name: 'Process payments' }).click();
  const run = ((await (await runAnswer).json()) as { data: { period: string; created: number } }).data;
  // Ayşe has at least $50 available and no automatic payment this month yet: at least hers is new.
  expect(run.created).toBeGreaterThanOrEqual(1);
  const result = admin.getByRole('status').filter({ hasText: `Automatic payments for ${run.period}` });
  await expect(result).toBeVisible();
  await expect(result).toContainText(`Created: ${run.created.toLocaleString('en-US')} ·`);

  const automaticRow = admin
    .getByRole('row')
    .filter({ hasText: 'Ayşe Yılmaz' })
    .filter({ hasText: 'Automatic payment' })
    .filter({ hasText: 'Waiting Approval' });
  await expect(automaticRow).toHaveCount(1);
  // The whole available balance.
  const automaticAmount = dollars(before);
  // Cells: the checkbox, the member, the bank account, then the amount.
  await expect(automaticRow.getByRole('cell').nth(3)).toHaveText(automaticAmount);
  await (await openRowMenu(admin, automaticRow)).getByRole('menuitem', { name: 'Approve' }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve this payment?' });
  await expect(approve).toContainText(`Ayşe Yılmaz · ${automaticAmount}`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(admin, 'Payment status Approved successfully')).toBeVisible();
  const approvedRow = admin.getByRole('row').filter({ hasText: 'Ayşe Yılmaz' }).filter({ hasText: 'Automatic payment' }).filter({ hasText: automaticAmount });
  await expect(approvedRow).toContainText('Approved');
  await expect((await openRowMenu(admin, approvedRow)).getByRole('menuitem', { name: 'Mark as paid' })).toBeVisible();
  await admin.close();

  // ---- 4. Ayşe uses her own invoice for the approved payment, then the default one again ----
  await page.reload();
  const payments = page.getByRole('region', { name: 'Your payments' });
  await expect(requestCard).toContainText('Rejected');
  await expect(requestCard).toContainText('Please request again after the 15th.');
  const automaticCard = payments.getByRole('article').filter({ hasText: 'Automatic payment' }).filter({ hasText: 'Approved' });
  await expect(automaticCard).toHaveCount(1);
  await expect(automaticCard).toContainText(automaticAmount);
  await expect(automaticCard).toContainText('Default invoice');

  const pdf = await writeInvoicePdf();
  const chooser = page.waitForEvent('filechooser');
  await automaticCard.getByRole('button', { name: 'Upload my invoice' }).click();
  await (await chooser).setFiles(pdf);
  await expect(toast(page, 'Custom invoice uploaded and set successfully')).toBeVisible();
  await expect(automaticCard).toContainText('Custom invoice');
  await expect(automaticCard.getByRole('button', { name: 'Replace my invoice' })).toBeVisible();

  await automaticCard.getByRole('button', { name: 'Use the default invoice' }).click();
  await expect(toast(page, 'Successfully switched to default invoice')).toBeVisible();
  await expect(automaticCard).toContainText('Default invoice');
  await expect(automaticCard.getByRole('button', { name: 'Use the default invoice' })).toHaveCount(0);
  await expect(automaticCard.getByRole('button', { name: 'Upload my invoice' })).toBeVisible();

  // ---- 5. The payment notifications, translated, and one marked read ----
  await page.goto('/app/mydesk/notification');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const notification = (status: string, amount: string) =>
    page.getByRole('listitem').filter({ hasText: 'Your payment changed' }).filter({ hasText: `Your payment of ${amount} is now: ${status}.` });
  await expect(notification('Rejected', requestAmount)).toHaveCount(1);
  await expect(notification('Waiting Approval', automaticAmount)).toHaveCount(1);
  const approvedNote = notification('Approved', automaticAmount);
  await expect(approvedNote).toHaveCount(1);
  await expect(approvedNote).toContainText('New');

  await expect(unreadBell(page)).toBeVisible();
  const unread = await unreadCount(page);
  expect(unread).toBeGreaterThanOrEqual(3);
  await expect(page.getByText(`${unread} unread`, { exact: true })).toBeVisible();
  await approvedNote.getByRole('button', { name: 'Mark as read' }).click();
  await expect(approvedNote.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(approvedNote).not.toContainText('New');
  await expect(page.getByText(`${unread - 1} unread`, { exact: true })).toBeVisible();
  if (unread - 1 > 0) await expect(page.getByRole('link', { name: `${unread - 1} unread notification${unread - 1 === 1 ? '' : 's'}`, exact: true })).toBeVisible();
  else await expect(unreadBell(page)).toHaveCount(0);

  // The same notifications in Turkish come from the translation, not from the stored English text.
  await chooseLanguage(page, 'Türkçe');
  const turkishTitle = await say(['notifications'], 'Your payment changed', 'tr');
  expect(turkishTitle).not.toBe('Your payment changed');
  await expect.poll(() => page.getByRole('listitem').filter({ hasText: turkishTitle }).count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('listitem').filter({ hasText: 'Your payment changed' })).toHaveCount(0);
});
