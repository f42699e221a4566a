// `npm run bench:web`: how much JavaScript the landing page makes a visitor download.
// Builds nothing itself: run after `npm run build`. Starts the built server on a throw-away
// embedded database, opens `/` in Debian's Chromium, records every script response, and prints
// each file with its gzip size, the total (target: at most 150 KB), and proof that the member
// and admin areas are other chunks that `/` does not load. Then Lighthouse on the same page
// (bench/lighthouse.mjs): performance and accessibility scores of the mobile profile (targets 95
// and 100), the main metrics, and the audits that cost points when a target is missed.
// BENCH_PORT chooses the port (default: a free one); LIGHTHOUSE_RUNS the number of Lighthouse runs
// (default 3); LIGHTHOUSE_RUNS=0 skips Lighthouse.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, runLighthouse, startBuiltServer } from './lighthouse.mjs';

const TARGET_KB = 150;
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const server = await startBuiltServer(port);

const kb = (bytes) => (bytes / 1024).toFixed(1);
let exitCode = 0;
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  await browser.close();

  scripts.sort((a, b) => b.gzip - a.gzip);
  console.log('JavaScript loaded by the landing page /');
  for (const script of scripts) console.log(`  ${script.url.padEnd(60)} ${kb(script.raw).padStart(8)} KB raw ${kb(script.gzip).padStart(7)} KB gzip`);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(`landing JS total: ${kb(total)} KB gzip (target <= ${TARGET_KB} KB) -> ${total <= TARGET_KB * 1024 ? 'OK' : 'OVER TARGET'}`);

  // Every built chunk that / did not load stays out of the visitor's download.
  const assets = readdirSync('apps/web/dist/assets').filter((name) => name.endsWith('.js'));
  const loaded = new Set(scripts.map((script) => script.url.split('/').pop()));
  const notLoaded = assets.filter((name) => !loaded.has(name));
  const notLoadedGzip = notLoaded.reduce((sum, name) => sum + gzipSync(readFileSync(join('apps/web/dist/assets', name)), { level: 9 }).length, 0);
  console.log(`chunks not loaded by /: ${notLoaded.length} files, ${kb(notLoadedGzip)} KB gzip (member and admin areas, other screens)`);
  if (total > TARGET_KB * 1024) exitCode = 1;

  if (Number(process.env.LIGHTHOUSE_RUNS ?? 3) > 0) {
    const { ok } = await runLighthouse(server.url);
    if (!ok) exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exitCode = exitCode;
