// bench:upload's imports through the built server: a seeded database, the server started on it as its
// own process, an admin signed in over HTTP, each file posted, and the time and peak RSS of each import.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_BUNDLE, startServerProcess, stopServerProcess } from './server-process.mjs';
import { adminUrl, databaseOf, PASSWORD, runSeedChild } from './upload-seed.mjs';

const AS_OF = '2026-09-16';

/** A figure of /proc/<pid>/status in MB (VmRSS: now; VmHWM: the peak since the last reset). */
function statusMb(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU seconds (user + system) a process or thread has used so far: /proc/<pid>[/task/<tid>]/stat, in clock ticks of 1/100 s. */
function cpuSeconds(statPath) {
  const text = readFileSync(statPath, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used by every PostgreSQL process of this machine (the bench runs alone: the import's backend, and the WAL writer and checkpointer). */
function postgresCpuSeconds() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSeconds(`/proc/${entry}/stat`);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/**
 * Where an import's time goes, in CPU seconds: the server process (every thread, the parse worker
 * that ended included), its main thread alone (where PGlite runs, and the plan), and PostgreSQL.
 */
function cpuNow(pid) {
  return { server: cpuSeconds(`/proc/${pid}/stat`), main: cpuSeconds(`/proc/${pid}/task/${pid}/stat`), postgres: postgresCpuSeconds() };
}

/**
 * The built server on the seeded database, as its own process (as a server start), so its peak RSS
 * is the server's during the imports, not the seeding's (PGlite's WASM heap never shrinks).
 */
async function importThroughServer(target, plan, floorNow) {
  const webDir = mkdtempSync(join(tmpdir(), 'bench-upload-no-web-'));
  const dataDir = target.folder ?? mkdtempSync(join(tmpdir(), 'bench-upload-data-'));
  const server = await startServerProcess('server', SERVER_BUNDLE, {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    PAYOUT_SCHEDULER: 'off',
    PUBLIC_URL: 'https://portal.bench.example',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    ...(target.url ? { DATABASE_URL: target.url } : {}),
  }, '/api/health');
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const pid = server.child.pid;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench.admin@bench.example', password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    const token = (await login.json()).data.token;
    const runs = [];
    // The floors around the imports, while the server is idle (upload.mjs): one before each import
    // and one after the last, so each import lies between two floors.
    const floors = [];
    for (const [label, filePath, createUnknown] of plan) {
      floors.push(await floorNow());
      const form = new FormData();
      form.append('asOf', AS_OF);
      if (createUnknown) form.append('createUnknown', 'true');
      form.append('file', new Blob([readFileSync(filePath)]), 'creator-data.xlsx');
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const rssBefore = statusMb(pid, 'VmRSS');
      const cpuBefore = cpuNow(pid);
      const started = performance.now();
      const response = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { accesstoken: token }, body: form });
      const body = await response.text();
      const ms = performance.now() - started;
      const cpuAfter = cpuNow(pid);
      const cpu = Object.fromEntries(Object.keys(cpuAfter).map((key) => [key, cpuAfter[key] - cpuBefore[key]]));
      if (response.status !== 201) throw new Error(`${label}: ${response.status} ${body.slice(0, 500)}\n${server.output()}`);
      const report = JSON.parse(body).data;
      runs.push({ label, ms, cpu, rssBeforeMb: rssBefore, peakRssMb: statusMb(pid, 'VmHWM'), imported: report.imported, created: report.created, missing: report.counts.missing });
    }
    floors.push(await floorNow());
    return runs.map((run, index) => ({
      ...run,
      floorBeforeMs: floors[index],
      floorAfterMs: floors[index + 1],
      floorMs: (floors[index] + floors[index + 1]) / 2,
    }));
  } finally {
    await stopServerProcess(server);
    rmSync(webDir, { recursive: true, force: true });
    if (!target.folder) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Seeds a fresh database of `kind`, imports into it from a fresh process, then removes it.
 * `options.floorNow()` is awaited before each import and after the last, and gives the floor measured
 * then; each run's `floorMs` is the mean of the floors right before and right after it.
 */
export async function runDatabase(kind, plan, options) {
  const pg = (await import('pg')).default;
  const target = { ...databaseOf(kind), creators: options.creators !== false };
  if (target.url) {
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await admin.connect();
    await admin.query(`create database "${new URL(target.url).pathname.slice(1)}"`);
    await admin.end();
  }
  try {
    const { seedSeconds } = await runSeedChild(target);
    const runs = await importThroughServer(target, plan, options.floorNow);
    return { seedSeconds, runs };
  } finally {
    if (target.folder) rmSync(target.folder, { recursive: true, force: true });
    else {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${new URL(target.url).pathname.slice(1)}" with (force)`);
      await dropper.end();
    }
  }
}
