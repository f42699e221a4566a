import { expect, test } from '@playwright/test';
import { chooseLanguage, demo, signInThroughApi, waitForCode, typeCode } from './support.ts';

test('the demo admin signs in by e-mail and lands on the members list', async ({ page }) => {
  await page.goto('/app/sessions/signIn');
  await chooseLanguage(page, 'English');
  await page.getByRole('tab', { name: /e-?mail/i }).click();
  await page.getByLabel('Email').fill(demo.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
  await page.getByRole('button', { name: /sign in/i }).last().click();
  await expect(page).toHaveURL(/\/app\/mydesk\/users$/);
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), role: localStorage.getItem('role'), info: localStorage.getItem('userInfo') }));
  expect(stored.token).toBeTruthy();
  expect(stored.role).toBe('admin');
  expect(JSON.parse(stored.info ?? '{}')).toHaveProperty('uid');
});

test('a demo member signs in by phone code and lands on the publisher page', async ({ page, request }) => {
  await page.goto('/app/sessions/signIn');
  await chooseLanguage(page, 'English');
  await page.getByLabel('Phone number').fill(demo.member.nationalPhone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(request, demo.member.phone);
  await typeCode(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/setting\/publisher$/);
  expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('user');
  // the resend countdown was visible before verification; after it, the member area shows a sign-out
  await expect(page.getByRole('main')).toBeVisible();
});

test('the resend button counts down before it can be used again', async ({ page }) => {
  await page.goto('/app/sessions/signIn');
  await chooseLanguage(page, 'English');
  await page.getByLabel('Phone number').fill('+905320000003');
  await page.getByRole('button', { name: 'Send code' }).click();
  const resend = page.getByRole('button', { name: /Resend/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toContainText(/\d+/);
});

test('an /app path without a token goes to the landing page', async ({ page }) => {
  await page.goto('/app/mydesk/users');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/app/setting/publisher');
  await expect(page).toHaveURL(/\/$/);
});

test('a member opening an admin path sees the not-found page', async ({ page, request }) => {
  const data = await signInThroughApi(page, request, demo.member, 'English');
  await page.goto('/app/mydesk/uploadFile');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const refused = await request.get('/api/admin/members', { headers: { accesstoken: data.token } });
  expect(refused.status()).toBe(403);
});

test('the language choice survives a reload, and the server sends the landing page in it', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await chooseLanguage(page, 'Deutsch');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The page as the server sends it, before any script: prerendered in German (the language cookie).
  const sent = await (await page.request.get('/')).text();
  expect(sent).toContain('<html lang="de"');
  expect(sent).toContain('data-prerendered="de"');
  expect(sent).toContain('Gehen Sie LIVE');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Taken over by hydration, not replaced (a page in another language would have been: main.tsx).
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Gehen Sie LIVE/);
  await chooseLanguage(page, 'Русский');
  await page.goto('/kayit');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('forgot password answers the same for any address and says the link went out only if it has an account', async ({ page, request }) => {
  await page.goto('/app/sessions/forgot');
  await chooseLanguage(page, 'English');
  await page.getByLabel('Email').fill('nobody-e2e@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(/^If nobody-e2e@example\.com belongs to an account, we sent a link to it\./)).toBeVisible();
  // Nothing went to an address without an account.
  const outbox = (await (await request.get('/api/dev/outbox?to=nobody-e2e@example.com')).json()) as { data: unknown[] };
  expect(outbox.data).toHaveLength(0);
});
