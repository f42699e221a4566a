import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built product on a fresh PGlite database (scripts/e2e-server.mjs
 * wipes its data folder first). Debian's Chromium only: no browser is ever downloaded.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers: the audits (read-only: the accessibility audits, one screen per test, and the fit
  // walks, one role, language and size per test) on any free worker, the journeys (which change
  // the demo data, some relying on what an earlier one left) one at a time, in file order, beside
  // them. With the fit walks among the journeys, and the audits before them, one worker was idle
  // for the last ~2.5 minutes of the run: 8.7 minutes then, 6.8 now on the same two cores. Since
  // the audits walk the signed-in screens in one page each (openInApp in e2e/support.ts), the
  // journeys are the longer half: the whole run took 7.2-7.7 minutes here, 10.9 before.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The journeys first: they take one worker from the start, and the audits fill the other
    // (listed second, the audits took both workers and the journeys ran alone at the end).
    { name: 'chromium', testIgnore: ['accessibility.spec.ts', 'fit.spec.ts'], fullyParallel: false, workers: 1, use: { browserName: 'chromium' } },
    { name: 'audits', testMatch: ['accessibility.spec.ts', 'fit.spec.ts'], fullyParallel: true, use: { browserName: 'chromium' } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'data/e2e', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  },
});
