import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatPercent } from '../packages/shared/src/locale-formats.ts';
import type { Locale } from '../packages/shared/src/locales.ts';
import { demoSession, openSignedIn, say, waitForCode, type ApiSession } from './support.ts';

/**
 * Month forecasts (issue "See the month before it ends"), as an admin and a member meet them: two
 * daily exports of this month make a pace; the admin filters the creators list to "at risk" and the
 * member sees their projected tier and commission on the home screen, in Turkish and in English.
 *
 * The spec brings its own member (signed in by SMS code from the development outbox) and creators,
 * and imports files that list only them: the demo's figures are kept (the default for creators
 * missing from a file). The two exports are as of the 1st and the 8th of this month, whatever today
 * is, so there is a 7-day pace on any day of the month.
 *
 * Screenshots (tr and de, 1280 x 800 and 390 x 844) go to test-results/forecasts/ (or SCREENSHOT_DIR).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-results/forecasts';
const PHONE = '+905329990019';
const AT_RISK = 'fc.e2e.slow';
const STEADY = 'fc.e2e.steady';

function thisMonthDay(day: number): string {
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A month-to-date export: [username, diamonds, LIVE hours, valid days]. */
function exportOf(rows: [string, number, number, number][]): Buffer {
  const lines = ["Creator's username,Diamonds,LIVE duration,Valid go LIVE days", ...rows.map(([name, diamonds, hours, days]) => `${name},${diamonds},${hours}h 0m 0s,${days}`)];
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function upload(request: APIRequestContext, admin: ApiSession, asOf: string, data: Buffer): Promise<void> {
  const response = await request.post('/api/admin/uploads', {
    headers: { accesstoken: admin.token },
    multipart: { asOf, file: { name: `creators-${asOf}.csv`, mimeType: 'text/csv', buffer: data } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('month forecasts', () => {
  let admin: ApiSession;
  let member: ApiSession;
  let projectedRateBps = 0;

  test.beforeAll(async ({ request }) => {
    admin = await demoSession(request, 'admin');
    const headers = { accesstoken: admin.token };
    // A retry after a failed test runs this again in a new worker: what exists already is reused.
    const created = await request.post('/api/admin/members', { headers, data: { firstName: 'Feray', lastName: 'Tahmin', phone: PHONE } });
    expect([201, 409], await created.text()).toContain(created.status());
    const found = (await (await request.get('/api/admin/members?q=Tahmin', { headers })).json()) as { data: { items: { uid: string; lastName: string }[] } };
    const memberUid = found.data.items.find((item) => item.lastName === 'Tahmin')!.uid;
    for (const tiktokUsername of [AT_RISK, STEADY]) {
      const response = await request.post('/api/admin/creators', { headers, data: { tiktokUsername, affiliateId: memberUid, joinedAt: '2025-01-01' } });
      expect([201, 409], await response.text()).toContain(response.status());
    }
    // Day 1 and day 8: the slow creator gains one valid day in 7 (projected far below 12: at risk);
    // the steady one a million diamonds a week.
    await upload(request, admin, thisMonthDay(1), exportOf([[AT_RISK, 10_000, 1, 1], [STEADY, 3_000_000, 2, 1]]));
    await upload(request, admin, thisMonthDay(8), exportOf([[AT_RISK, 20_000, 2, 2], [STEADY, 4_000_000, 16, 8]]));
    const sent = await request.post('/api/auth/otp/send', { data: { phone: PHONE, purpose: 'login' } });
    expect(sent.ok()).toBeTruthy();
    const code = await waitForCode(request, PHONE);
    const verified = await request.post('/api/auth/otp/verify', { data: { phone: PHONE, code } });
    expect(verified.ok(), await verified.text()).toBeTruthy();
    member = ((await verified.json()) as { data: ApiSession }).data;
    const forecast = await request.get('/api/me/forecast', { headers: { accesstoken: member.token } });
    projectedRateBps = ((await forecast.json()) as { data: { member: { rateBps: number } } }).data.member.rateBps;
    mkdirSync(SHOTS, { recursive: true });
  });

  for (const language of ['tr', 'en']) {
    test(`${language}: the admin filters the creators list to at risk`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openSignedIn(page, admin, '/app/mydesk/creatorPage', language);
      await page.getByRole('combobox', { name: await say(['forecasts'], 'Forecast', language), exact: true }).click();
      await page.getByRole('option', { name: await say(['forecasts'], 'At risk', language), exact: true }).click();
      await expect(page).toHaveURL(/forecast=atRisk/);
      await expect(page.getByText(AT_RISK).first()).toBeVisible();
      await expect(page.getByText(STEADY)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/creators-at-risk-${language}-1280.png`, fullPage: true });
    });

    test(`${language}: the member sees the projected tier and commission on the home screen`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openSignedIn(page, member, '/app/setting/publisher', language);
      const card = page.getByRole('region', { name: await say(['forecasts'], 'Month forecast', language) });
      await expect(card).toBeVisible();
      await expect(card.getByText(await say(['forecasts'], 'Projected commission rate', language))).toBeVisible();
      const percent = formatPercent(projectedRateBps / 100, language as Locale);
      await expect(card.getByText(percent, { exact: true }).first()).toBeVisible();
      await expect(card.getByText(AT_RISK).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/member-home-${language}-1280.png`, fullPage: true });
    });
  }

  test('screenshots in German and Turkish at phone and desktop widths', async ({ page }) => {
    for (const language of ['de', 'tr']) {
      const title = await say(['forecasts'], 'Month forecast', language);
      for (const [width, height] of [[390, 844], [1280, 800]] as const) {
        await page.setViewportSize({ width, height });
        await openSignedIn(page, member, '/app/setting/publisher', language);
        // The forecast card alone: a whole phone page is too long to read in one picture.
        await page.getByRole('region', { name: title }).screenshot({ path: `${SHOTS}/member-forecast-${language}-${width}.png` });
        await openSignedIn(page, admin, '/app/dashboards/adminDashboard', language);
        await page.getByRole('region', { name: title }).screenshot({ path: `${SHOTS}/admin-forecast-${language}-${width}.png` });
        await openSignedIn(page, admin, '/app/mydesk/creatorPage?forecast=atRisk', language);
        await page.screenshot({ path: `${SHOTS}/creators-at-risk-${language}-${width}.png` });
      }
    }
  });
});
