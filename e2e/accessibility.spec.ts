import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

// axe is injected as a script, which the product's strict CSP would refuse: bypass it for the audit only.
test.use({ bypassCSP: true });

for (const path of ['/', '/kayit', '/app/sessions/signIn']) {
  for (const language of ['tr', 'en']) {
    test(`axe finds no serious or critical violation on ${path} (${language})`, async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.addScriptTag({ path: axePath });
      const results = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
        return axe.run(document, { resultTypes: ['violations'] });
      });
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}
