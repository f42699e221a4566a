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
