// `npm run bench:upload`: how fast is the earnings upload of a 100,000-row backstage export?
// 1. writes a 100,000-row "Creator data" .xlsx to a temp folder (exceljs streaming writer);
// 2. the floor: reading it alone with exceljs's streaming reader;
// 3. end to end through the API on a file-backed PGlite and on a scratch PostgreSQL database
//    (BENCH_DATABASE_URL / TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
//    created and dropped), with the 100,000 creators (and 2,000 members) existing beforehand.
//    Each database is migrated and seeded by a child process (TypeScript through tsx); then the
//    built server (apps/server/dist/server.js, rebuilt when older than its sources, with the node
//    options of `npm start`: what `npm start` runs; BENCH_SERVER_NODE_ARGS="..." replaces them
//    for an A/B comparison) is started on it as its own process in production mode (PGlite in
//    DATA_DIR/pglite, or DATABASE_URL; LOG_LEVEL=warn, PAYOUT_SCHEDULER=off, no web build), an
//    admin signs in over HTTP and each file is posted as multipart to POST /api/admin/uploads.
//    The time is from the request's start to the end of the answer. The server's peak RSS is its
//    VmHWM in /proc/<pid>/status, reset to its current RSS (/proc/<pid>/clear_refs) before each
//    import. Three imports: the first of the month, the same file again, and a later export of the
//    same creators with every row's figures changed (a re-import writes only what changed, so the
//    same file is its best case and this one its worst). Then a new agency's first import: the same
//    file on a database with the members but no creators, posted with createUnknown=true, so the
//    import creates every one of the 100,000 creators and writes their month.
// The project's own reader alone (read -> recognise -> map -> parse, backstage-parser.ts, in this
// process) is timed on the same file and printed beside the exceljs floor: the import's real floor.
// Targets: import <= 2x the floor on PostgreSQL, <= 3x on PGlite, peak RSS < 512 MB; each run says
// whether it met them, and the exit code is 1 when one did not.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { usernameOf, writeBackstageExport } from './backstage-export.mjs';
import { createRandom } from './random.mjs';
import { benchServerNodeArgs, ensureServerBuilt, SERVER_BUNDLE, startServerProcess, stopServerProcess } from './server-process.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

const KINDS = (process.env.BENCH_DB ?? "pglite,postgres").split(",");
const MEMBERS = 2_000;
const AS_OF = '2026-09-16';
const PASSWORD = 'Bench-admin-2026';
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';



/** The floor: exceljs's streaming reader over the file, every cell value touched. */
async function readFloor(path) {
  const started = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(readFileSync(path)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let cells = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) cells += row.values.length;
    break;
  }
  return { ms: performance.now() - started, cells };
}

/** The project's own reader over the same file (best of 3, after one warm-up). */
async function readOwn(path) {
  const { readBackstageFile } = await import('../apps/server/src/modules/uploads/backstage-parser.ts');
  const data = readFileSync(path);
  let best = Number.POSITIVE_INFINITY;
  let items = 0;
  for (let run = 0; run < 4; run += 1) {
    const started = performance.now();
    const result = await readBackstageFile(data);
    const ms = performance.now() - started;
    items = result.items.length;
    if (run > 0) best = Math.min(best, ms);
  }
  return { ms: best, items };
}

/** A figure of /proc/<pid>/status in MB (VmRSS: now; VmHWM: the peak since the last reset). */
function statusMb(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

// ---------------------------------------------------------------- children: seed, then import

/** Where a database kind keeps the bench's data: a PGlite folder or a scratch PostgreSQL database. */
function databaseOf(kind) {
  // The server opens its embedded database in DATA_DIR/pglite.
  if (kind === 'pglite') return { kind, folder: mkdtempSync(join(tmpdir(), 'bench-upload-pglite-')) };
  const url = new URL(adminUrl);
  url.pathname = `/bench_upload_${Date.now()}`;
  return { kind, url: url.toString() };
}

async function openHandle(target) {
  const pg = (await import('pg')).default;
  const { createPglite, createPgliteHandle, createPostgresHandle } = await import('../apps/server/src/db/client.ts');
  if (target.kind === 'pglite') return createPgliteHandle(await createPglite(join(target.folder, 'pglite')));
  return createPostgresHandle(new pg.Pool({ connectionString: target.url, max: 10 }));
}

/** Child 1: migrate and seed (members, the admin, the creators), then exit. */
async function seedChild(target) {
  const { sql } = await import('drizzle-orm');
  const { migrateDatabase } = await import('../apps/server/src/db/migrate.ts');
  const { users } = await import('../apps/server/src/db/schema.ts');
  const { hashPassword } = await import('../apps/server/src/lib/passwords.ts');
  const database = await openHandle(target);
  try {
    await migrateDatabase(database);
    const seedStarted = performance.now();
    const db = database.db;
    const memberIds = Array.from({ length: MEMBERS }, () => crypto.randomUUID());
    for (let start = 0; start < MEMBERS; start += 1_000) {
      await db.insert(users).values(
        memberIds.slice(start, start + 1_000).map((id, offset) => ({
          id,
          firstName: 'Member',
          lastName: String(start + offset),
          role: 'user',
          status: 'active',
          referralCode: `BM${start + offset}`,
        })),
      );
    }
    await db.insert(users).values({ firstName: 'Bench', lastName: 'Admin', email: 'bench.admin@bench.example', role: 'admin', status: 'active', referralCode: 'BENCHADM', passwordHash: await hashPassword(PASSWORD) });
    const random = createRandom(7);
    for (let start = 0; target.creators !== false && start < ROWS; start += 10_000) {
      const count = Math.min(10_000, ROWS - start);
      const names = Array.from({ length: count }, (_, offset) => usernameOf(start + offset));
      const affiliates = Array.from({ length: count }, () => memberIds[Math.floor(random() * MEMBERS)]);
      await db.execute(sql`
        insert into creators (tiktok_username, status, affiliate_id, joined_at)
        select name, 'active', affiliate, '2025-01-01T00:00:00Z'::timestamptz
        from unnest(${sql.param(names)}::text[], ${sql.param(affiliates)}::uuid[]) as t(name, affiliate)`);
    }
    if (target.kind === 'postgres') await db.execute(sql`vacuum analyze`);
    process.send({ seedSeconds: (performance.now() - seedStarted) / 1000 });
  } finally {
    await database.close();
  }
}

/**
 * The built server on the seeded database, as its own process (as a server start), so its peak RSS
 * is the server's during the imports, not the seeding's (PGlite's WASM heap never shrinks).
 */
async function importThroughServer(target, plan) {
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
    for (const [label, filePath, createUnknown] of plan) {
      const form = new FormData();
      form.append('asOf', AS_OF);
      if (createUnknown) form.append('createUnknown', 'true');
      form.append('file', new Blob([readFileSync(filePath)]), 'creator-data.xlsx');
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const rssBefore = statusMb(pid, 'VmRSS');
      const started = performance.now();
      const response = await fetch(`${base}/api/admin/uploads`, { method: 'POST', headers: { accesstoken: token }, body: form });
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 201) throw new Error(`${label}: ${response.status} ${body.slice(0, 500)}\n${server.output()}`);
      const report = JSON.parse(body).data;
      runs.push({ label, ms, rssBeforeMb: rssBefore, peakRssMb: statusMb(pid, 'VmHWM'), imported: report.imported, created: report.created, missing: report.counts.missing });
    }
    return runs;
  } finally {
    await stopServerProcess(server);
    rmSync(webDir, { recursive: true, force: true });
    if (!target.folder) rmSync(dataDir, { recursive: true, force: true });
  }
}

function runSeedChild(target) {
  return new Promise((resolve, reject) => {
    const worker = fork(fileURLToPath(import.meta.url), ['--child', JSON.stringify(target)], { execArgv: ['--import', 'tsx'] });
    let result = null;
    worker.on('message', (message) => (result = message));
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`${target.kind} seed child exited with ${code}`))));
  });
}

/** Seeds a fresh database of `kind`, imports into it from a fresh process, then removes it. */
async function runDatabase(kind, plan, options = {}) {
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
    const runs = await importThroughServer(target, plan);
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

async function main() {
  ensureServerBuilt();
  console.log(`server: node ${[...benchServerNodeArgs(), SERVER_BUNDLE.replace(`${process.cwd()}/`, '')].join(' ')} (as npm start)`);
  const folder = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const path = join(folder, 'creator-data.xlsx');
  const changedPath = join(folder, 'creator-data-later.xlsx');
  try {
    let started = performance.now();
    await writeBackstageExport(path, { rows: ROWS });
    await writeBackstageExport(changedPath, { rows: ROWS, seed: 2027 });
    console.log(`wrote ${ROWS.toLocaleString('en-US')} rows (${(statSync(path).size / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await readFloor(path);
    const floors = [];
    for (let run = 0; run < 3; run += 1) floors.push((await readFloor(path)).ms);
    const floor = Math.min(...floors);
    console.log(`floor (exceljs streaming read alone, best of 3): ${floor.toFixed(0)} ms`);
    const own = await readOwn(path);
    console.log(`the project's own reader alone (read, recognise, map, parse: ${own.items.toLocaleString('en-US')} rows), best of 3: ${own.ms.toFixed(0)} ms (${(own.ms / floor).toFixed(2)}x the exceljs floor)\n`);

    const targets = { pglite: 3, postgres: 2 };
    const results = [];
    for (const kind of KINDS) {
      started = performance.now();
      const existing = await runDatabase(kind, [
        ['first import of the month', path, false],
        ['re-import, same file', path, false],
        ['re-import, every row changed', changedPath, false],
      ]);
      const fresh = await runDatabase(kind, [['new agency: 100,000 creators created (createUnknown)', path, true]], { creators: false });
      const outcome = { seedSeconds: existing.seedSeconds, runs: [...existing.runs, ...fresh.runs] };
      for (const run of outcome.runs) {
        const ratio = run.ms / floor;
        results.push({
          database: kind,
          run: run.label,
          'import ms': Math.round(run.ms),
          'x floor': Number(ratio.toFixed(2)),
          'time target': `<= ${targets[kind]}x ${ratio <= targets[kind] ? 'met' : 'MISSED'}`,
          'RSS before MB': Math.round(run.rssBeforeMb),
          'peak RSS MB': Math.round(run.peakRssMb),
          'memory target': `< 512 MB ${run.peakRssMb < 512 ? 'met' : 'MISSED'}`,
          imported: run.imported,
          created: run.created,
        });
      }
      console.log(`${kind}: seeded ${MEMBERS} members and ${ROWS} creators in ${outcome.seedSeconds.toFixed(1)} s`);
    }
    console.table(results);
    for (const kind of KINDS) {
      const runs = results.filter((row) => row.database === kind);
      const slowest = Math.max(...runs.map((row) => row['x floor']));
      const peak = Math.max(...runs.map((row) => row['peak RSS MB']));
      console.log(`${kind}: time <= ${targets[kind]}x the floor: ${slowest <= targets[kind] ? 'MET' : 'NOT MET'} (slowest run ${slowest}x); peak RSS < 512 MB: ${peak < 512 ? 'MET' : 'NOT MET'} (highest ${peak} MB)`);
    }
    const failed = results.filter((row) => row['x floor'] > targets[row.database] || row['peak RSS MB'] >= 512);
    console.log(failed.length === 0 ? 'all targets met' : `${failed.length} run(s) above target`);
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  seedChild(JSON.parse(process.argv[3])).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
