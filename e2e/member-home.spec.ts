import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, demo, openSignedIn, say } from './support.ts';

/**
 * Issue 17, as a new member and an admin would meet it: with a payment on its way, the member's
 * home says where the money went; team and own figures are labelled; the referral link is on the home
 * with share links; the finance charts have one scale each and nothing cut off; an expired session
 * leads to the sign-in page and back; shared links preview with the agency's name.
 *
 * Screenshots of the member home and the finance screen (tr and de, 1280 x 800 and 390 x 844) are
 * written to test-results/issue17/ (or SCREENSHOT_DIR) to be looked at.
 */
const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');


const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/issue17';


/** The whole page, in screen-high parts (a long page in one picture is too small to read). */
async function shoot(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize()!;
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let part = 0, y = 0; y < total; part += 1, y += height) {
    await page.screenshot({ path: `${SHOTS}/${name}-${part + 1}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(height, total - y) } });
  }
}

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('the member home with money on its way', () => {
  // axe is injected as a script, which the product's strict CSP would refuse: bypass it for the audit only.
  test.use({ bypassCSP: true });

  test('the money on its way explains $0 available; team and own figures are labelled; the referral link shares', async ({ page, request }) => {
    // The demo gives Ayşe an approved payment on its way (the automatic run's own case is
    // summary-on-the-way.test.ts on the server). This spec leaves the money alone: the payments
    // journey (payments.spec.ts) runs the automatic payments on the same demo later.
    const member = await apiLogin(request, demo.member);
    const summary = (await (await request.get('/api/me/summary', { headers: { accesstoken: member.token } })).json()) as {
      data: { availableCents: number; onTheWay: { amountCents: number; status: string }[] };
    };
    expect(summary.data.onTheWay.length).toBeGreaterThan(0);

    for (const language of ['tr', 'de'] as const) {
      for (const [name, size] of [
        ['1280', DESKTOP],
        ['390', PHONE],
      ] as const) {
        await page.setViewportSize(size);
        await openSignedIn(page, member, '/app/setting/publisher', language);
        const main = page.locator('main');
        await expect(main.getByRole('heading', { name: await say(['earnings'], 'Your team (creators you brought)', language) })).toBeVisible();
        await expect(main.getByRole('heading', { name: await say(['earnings'], 'Your own account', language) })).toBeVisible();
        await expect(main.getByRole('heading', { name: await say(['earnings'], 'Money on its way', language) })).toBeVisible();
        await expect(main.getByText(/ \/ 12 (gün|Tage?)$/)).toBeVisible();
        await expect(main.getByLabel(await say(['profile'], 'Your referral link', language))).toHaveValue(/\/kayit\?ref=/);
        // Headless Chromium on Linux has no share sheet: the WhatsApp and Telegram links stand in.
        await expect(main.getByRole('link', { name: await say(['profile'], 'Share on WhatsApp', language) })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
        await expect(main.getByRole('link', { name: await say(['profile'], 'Share on Telegram', language) })).toHaveAttribute('href', /^https:\/\/t\.me\/share\/url\?url=/);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await shoot(page, `member-home-${language}-${name}`);
        if (language === 'tr') expect(await seriousViolations(page), `${language} ${name}`).toEqual([]);
      }
    }
  });

  test('the finance charts: one series and one scale each, bars, axes named with their unit, nothing cut off', async ({ page, request }) => {
    const admin = await apiLogin(request, demo.admin);
    for (const language of ['tr', 'de'] as const) {
      for (const [name, size] of [
        ['1280', DESKTOP],
        ['390', PHONE],
      ] as const) {
        await page.setViewportSize(size);
        await openSignedIn(page, admin, '/app/setting/earnings', language);
        for (const title of ['Diamonds revenue by month', 'Earnings revenue by month']) {
          const figure = page.getByRole('figure', { name: await say(['finance'], title, language) });
          await expect(figure).toBeVisible();
          const chart = figure.locator('svg.recharts-surface').first();
          await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
          // No smoothed area, one visible value axis, named with its unit.
          await expect(figure.locator('.recharts-area')).toHaveCount(0);
          await expect(figure.locator('.recharts-yAxis')).toHaveCount(1);
          const unit = await say(['finance'], 'US dollars', language);
          await expect(figure.locator('svg text').filter({ hasText: unit })).toHaveCount(1);
          // Every tick label and the axis label lie inside the drawing (nothing clipped).
          const box = (await chart.boundingBox())!;
          const texts = figure.locator('svg text');
          const count = await texts.count();
          expect(count).toBeGreaterThan(2);
          for (let index = 0; index < count; index += 1) {
            const text = (await texts.nth(index).boundingBox())!;
            const where = `${language} ${name} ${title} "${await texts.nth(index).textContent()}"`;
            expect(text.x, where).toBeGreaterThanOrEqual(box.x - 0.5);
            expect(text.x + text.width, where).toBeLessThanOrEqual(box.x + box.width + 0.5);
            expect(text.y, where).toBeGreaterThanOrEqual(box.y - 0.5);
            expect(text.y + text.height, where).toBeLessThanOrEqual(box.y + box.height + 0.5);
          }
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
        await shoot(page, `finance-${language}-${name}`);
      }
    }
  });
});

test('an expired session: the sign-in page says so, and signing in returns to the page', async ({ page, request, browser }) => {
  const member = await apiLogin(request, demo.member);
  await openSignedIn(page, member, '/app/setting/payment', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The session ends on the server (signed out elsewhere, revoked, expired)...
  expect((await request.post('/api/auth/logout', { headers: { accesstoken: member.token } })).ok()).toBeTruthy();
  // ...and the next page asks the server with it.
  await page.getByRole('link', { name: 'Deductions' }).first().click();
  await expect(page).toHaveURL(/\/app\/sessions\/signIn\?next=%2Fapp%2Fsetting%2Fdeductions$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/session-ended-en-1280.png` });
  // The page with the message passes axe (checked in a page without the CSP, which refuses the injected script).
  const audited = await browser.newPage({ bypassCSP: true });
  await audited.goto('/');
  await audited.evaluate(() => {
    localStorage.setItem('language', 'en');
    sessionStorage.setItem('sessionEnded', '1');
  });
  await audited.goto('/app/sessions/signIn?next=%2Fapp%2Fsetting%2Fdeductions');
  await expect(audited.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  expect(await seriousViolations(audited)).toEqual([]);
  await audited.close();
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByLabel('Email', { exact: true }).fill(demo.member.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/setting\/deductions$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a shared link previews with the agency name in the visitor language, and its image loads', async ({ request }) => {
  const member = await apiLogin(request, demo.member);
  const profile = (await (await request.get('/api/me/profile', { headers: { accesstoken: member.token } })).json()) as { data: { referralCode: string } };
  const agency = ((await (await request.get('/api/settings/public')).json()) as { data: { agencyName: string } }).data.agencyName;
  const escaped = agency.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

  const apply = await (await request.get(`/kayit?ref=${profile.data.referralCode}`, { headers: { cookie: 'language=ru' } })).text();
  expect(meta(apply, 'og:title')).toBe(`Подайте заявку в агентство ${escaped}`);
  expect(meta(apply, 'og:description')).toContain(`присоединиться к агентству ${escaped}`);
  expect(meta(apply, 'og:url')).toMatch(new RegExp(`/kayit\\?ref=${profile.data.referralCode}$`));

  const landing = await (await request.get('/', { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text();
  expect(meta(landing, 'og:title')).toBe(`${escaped} | TikTok-LIVE-Agentur`);
  const image = meta(landing, 'og:image')!;
  expect(image).toMatch(/^https?:\/\//);
  const picture = await request.get(new URL(image).pathname + new URL(image).search);
  expect(picture.ok()).toBeTruthy();
  expect(picture.headers()['content-type']).toMatch(/^image\//);
});
