import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  // A slow phone (the CPU ten times slower): the browser paints before the page is parsed whole,
  // and the header's buttons, parsed after its language menu, once pushed it aside (vite.config.ts,
  // rel=expect). Seen first on two busy cores, once in three runs.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
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
  // With the CPU ten times slower the menu is React's 8-8.6 s after the page has loaded, on a quiet
  // two-core machine (Chromium 156), and later beside the audits on the other worker: a full run
  // once failed here at the 10 s default. The waits are for a slow phone, not for a fast one.
  const slowPhone = { timeout: 30_000 };
  await expect(page.getByRole('banner').getByRole('combobox')).toBeEnabled(slowPhone);
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"')), slowPhone).toBe(true);
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => (window as unknown as { __landing: { shift: number; paint: number; resources: { name: string; start: number }[] } }).__landing);
  expect(seen.paint).toBeGreaterThan(0);
  const late = seen.resources.filter((resource) => /\/assets\/(index-.*\.js|framework-.*\.js|fonts-.*\.css|inter-.*\.woff2)$/.test(resource.name));
  expect(late.map((resource) => resource.name)).toEqual(expect.arrayContaining([expect.stringMatching(/index-.*\.js$/), expect.stringMatching(/framework-.*\.js$/), expect.stringMatching(/fonts-.*\.css$/), expect.stringMatching(/inter-.*\.woff2$/)]));
  for (const resource of late) expect(resource.start, resource.name).toBeGreaterThanOrEqual(seen.paint);
  expect(seen.shift).toBe(0);
});

// app/mantine-landing.css: the landing page carries only the Mantine styles of the components it
// uses (the rest arrive before any other page). A component added to the page without its styles
// would show unstyled: every Mantine class on the page, in both colour schemes and with the FAQ
// open, must have its rules in the page's stylesheets.
test('every Mantine component on the landing page has its styles without the full Mantine stylesheet', async ({ page }) => {
  const mantine = readFileSync(fileURLToPath(import.meta.resolve('@mantine/core/styles.layer.css')), 'utf8');
  const styled = new Set(mantine.match(/\.m_[0-9a-f]{8}\b/g)!.map((selector) => selector.slice(1)));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('combobox')).toBeEnabled();
    const questions = page.locator('main button[aria-expanded]');
    await expect(questions.first()).toBeVisible();
    for (const question of await questions.all()) await question.click();
    const found = await page.evaluate(() => {
      const selectors: string[] = [];
      const walk = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
          if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
      const used = new Set(Array.from(document.querySelectorAll('[class]')).flatMap((element) => Array.from(element.classList).filter((name) => /^m_[0-9a-f]{8}$/.test(name))));
      const sheets = Array.from(document.styleSheets).map((sheet) => sheet.href ?? 'inline');
      return { used: [...used], selectors: selectors.join('\n'), sheets };
    });
    expect(found.sheets.some((href) => /mantine-styles-/.test(href))).toBe(false);
    const unstyled = found.used.filter((name) => styled.has(name) && !found.selectors.includes(`.${name}`));
    expect(found.used.length).toBeGreaterThan(10);
    expect(unstyled, colorScheme).toEqual([]);
  }
});
