// Lighthouse on the landing page, called by `npm run bench:web` (bench/web-size.mjs) with the URL of
// the built server it started, or on its own: `node bench/lighthouse.mjs` starts the built server on
// a throw-away embedded database on a free port (LIGHTHOUSE_PORT to choose it). Lighthouse's default
// mobile profile (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown), categories
// performance and accessibility, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium).
// LIGHTHOUSE_RUNS runs (default 3; the machine is shared, so one run says little): each run's
// scores and metrics, then the median, and the audits that cost points when a target is missed.
// Nothing leaves 127.0.0.1: every other host name resolves to nothing inside Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../scripts/free-port.mjs';

export { freePort };

export const TARGETS = { performance: 95, accessibility: 100 };

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-extensions',
  '--disable-sync',
  '--metrics-recording-only',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
];

/** Starts `apps/server/dist/server.js` on a fresh PGlite folder; `stop()` ends it and removes the folder. */
export async function startBuiltServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const server = spawn('node', ['apps/server/dist/server.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (attempt >= 240) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const formatMetric = (id, value) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`);

/** Audits of `category` that did not get full marks, heaviest first. */
function losingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 || category === 'performance')
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
    .sort((a, b) => b.ref.weight - a.ref.weight);
}

/** One Lighthouse run in a fresh Chromium. */
async function measure(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      metrics: Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id].numericValue])),
      lhr,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Runs Lighthouse `runs` times on `url` (one Chromium per run) and prints every run, the median and
 * the spread. Returns { performance, accessibility } medians (0-100) and whether both targets are met.
 */
export async function runLighthouse(url, { runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3) } = {}) {
  const results = [];
  for (let run = 1; run <= runs; run += 1) {
    // Lighthouse sometimes fails to record the trace on a busy machine (NO_NAVSTART): one retry.
    let entry;
    for (let attempt = 1; !entry; attempt += 1) {
      try {
        entry = await measure(url);
      } catch (error) {
        if (attempt >= 2) throw error;
        console.log(`  run ${run}/${runs}: ${error.message}; trying again`);
      }
    }
    results.push(entry);
    console.log(
      `  run ${run}/${runs}: performance ${entry.performance}, accessibility ${entry.accessibility}; ` +
        METRICS.map(([id, label]) => `${label} ${formatMetric(id, entry.metrics[id])}`).join(', '),
    );
  }

  const performance = median(results.map((entry) => entry.performance));
  const accessibility = median(results.map((entry) => entry.accessibility));
  const spread = (key) => `${Math.min(...results.map((entry) => entry[key]))}-${Math.max(...results.map((entry) => entry[key]))}`;
  console.log(`Lighthouse ${results[0].lhr.lighthouseVersion}, mobile profile, ${url}/ (median of ${runs} run${runs > 1 ? 's' : ''})`);
  console.log(`  performance   ${String(performance).padStart(3)} (runs ${spread('performance')}; target >= ${TARGETS.performance}) -> ${performance >= TARGETS.performance ? 'OK' : 'BELOW TARGET'}`);
  console.log(`  accessibility ${String(accessibility).padStart(3)} (runs ${spread('accessibility')}; target ${TARGETS.accessibility}) -> ${accessibility >= TARGETS.accessibility ? 'OK' : 'BELOW TARGET'}`);
  for (const [id, label] of METRICS) console.log(`  ${label.padEnd(12)} ${formatMetric(id, median(results.map((entry) => entry.metrics[id])))}`);
  // Lighthouse simulates a slow phone from the CPU time this machine took: a busy machine scores lower.
  console.log(`  this machine: Lighthouse benchmarkIndex ${Math.round(median(results.map((entry) => entry.benchmarkIndex)))}, load average ${loadavg()[0].toFixed(1)}`);

  // Explain a miss with the lowest run.
  const worst = [...results].sort((a, b) => a.performance + a.accessibility - (b.performance + b.accessibility))[0];
  for (const [category, target] of Object.entries(TARGETS)) {
    if (worst[category] >= target) continue;
    console.log(`  ${category}: audits that cost points (lowest run, ${worst[category]}):`);
    for (const { ref, audit } of losingAudits(worst.lhr, category).slice(0, 12)) {
      console.log(`    - ${audit.id} (weight ${ref.weight}, score ${audit.score})${audit.displayValue ? `: ${audit.displayValue}` : ''} ${audit.title}`);
    }
  }
  return { performance, accessibility, ok: performance >= TARGETS.performance && accessibility >= TARGETS.accessibility };
}

// On its own: start the built server, measure, stop.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? (await freePort()));
  const server = await startBuiltServer(port);
  try {
    const { ok } = await runLighthouse(server.url);
    process.exitCode = ok ? 0 : 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
