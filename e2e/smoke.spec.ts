import { expect, test } from '@playwright/test';

// What `npm install && npm start` promises: the API answers on the embedded database and the
// same port serves the web app.
test('the built server answers health on PGlite and serves the landing page', async ({ request, page }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ error: false, data: { ok: true, db: 'pglite' } });

  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
});

test('security headers include a strict Content-Security-Policy', async ({ request }) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
});

// docs/decisions/013: the landing page paints from its HTML and CSS alone; its scripts and the web
// font start only after that first paint, and nothing on it moves when they (and the agency's
// settings) arrive.
test('the landing page paints before its scripts and font start, then hydrates without moving', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const seen = { shift: 0, paint: -1, resources: [] as { name: string; start: number }[] };
    (window as unknown as { __landing: typeof seen }).__landing = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName('first-contentful-paint')) seen.paint = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.resources.push({ name: new URL(entry.name).pathname, start: entry.startTime });
    }).observe({ type: 'resource', buffered: true });
  });
  const response = await page.goto('/');
  const html = await response!.text();
  // The page as sent: one deferred loader script, no module entry, no modulepreload, no font faces.
  expect([...html.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0])).toEqual([expect.stringMatching(/^<script defer src="\/assets\/landing-boot-[\w-]+\.js" data-entry="\/assets\/index-[\w-]+\.js"/)]);
  expect(html).not.toContain('modulepreload');
  expect(html).not.toContain('@font-face{font-family:Inter Variable');

  // Hydrated: the language menu is React's now, and the agency's name from the settings is shown.
  await expect(page.getByRole('banner').getByRole('combobox')).toBeEnabled();
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => (window as unknown as { __landing: { shift: number; paint: number; resources: { name: string; start: number }[] } }).__landing);
  expect(seen.paint).toBeGreaterThan(0);
  const late = seen.resources.filter((resource) => /\/assets\/(index-.*\.js|framework-.*\.js|fonts-.*\.css|inter-.*\.woff2)$/.test(resource.name));
  expect(late.map((resource) => resource.name)).toEqual(expect.arrayContaining([expect.stringMatching(/index-.*\.js$/), expect.stringMatching(/framework-.*\.js$/), expect.stringMatching(/fonts-.*\.css$/), expect.stringMatching(/inter-.*\.woff2$/)]));
  for (const resource of late) expect(resource.start, resource.name).toBeGreaterThanOrEqual(seen.paint);
  expect(seen.shift).toBe(0);
});
