// `npm run bench:api`: requests per second of the busiest member and admin endpoints, served by
// the built server (apps/server/dist, rebuilt first when missing or older than its sources) as
// real processes in production mode on PostgreSQL, against 1 and then 3 instances, beside a bare
// Fastify hello-world measured in the same run with the same autocannon settings.
//
// - Creates a throw-away database bench_api_<timestamp>_<pid> on the server of BENCH_DATABASE_URL
//   (default postgres://postgres@127.0.0.1:5432/postgres, used only to create and drop it),
//   migrates it and seeds it once through bench/seed-agency.mjs (5,000 members, 50,000 creators,
//   24 months of figures), plus an admin and sessions written directly (production refuses the
//   demo seed and has no dev outbox to read sign-in codes from). Dropped at the end.
// - Servers: NODE_ENV=production, a random production APP_SECRET, LOG_LEVEL=warn,
//   PAYOUT_SCHEDULER=off, RATE_LIMIT_GLOBAL_PER_MINUTE=10,000,000 (else autocannon would be
//   throttled after 600 requests), no web build (WEB_DIST_DIR is an empty temp folder).
// - 3 instances are driven by three concurrent autocannon runs (one per port, each with the same
//   connection count as the single-instance run) whose req/s are summed and whose latencies are
//   combined from their histograms: no proxy, because on a 2-core machine a proxy process would
//   take CPU from the servers and measure the proxy, not the app.
// - Every case: BENCH_WARMUP seconds (default 2) of load that is not counted, then BENCH_DURATION
//   seconds (default 10) with BENCH_CONNECTIONS connections (default 20), pipelining 1.
// Prints endpoint, instances, req/s, p50, p99, errors/non-2xx and the ratio of req/s per instance
// to the hello-world; the core count, Node and PostgreSQL versions, and whether the targets are
// met (member summary >= 25 % of the hello-world per instance; 3 instances >= 2x one instance
// where the cores allow: at least 4). Any error or non-2xx answer fails the run (exit code 1).
// - Rate-limit counters: in Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379), which docs/
//   deploy.md calls cheaper per request (docs/decisions/009); BENCH_REDIS_URL=off counts them in PostgreSQL
//   (one upsert per request, the default without REDIS_URL). The header line says which.
// - BENCH_SERVER_BUNDLE=<path>: run that server bundle instead of apps/server/dist/server.js (not
//   rebuilt), e.g. an earlier build kept for an A/B comparison in one session.
// Runs the seed's TypeScript through tsx (`node --import tsx`); the servers run the built bundle.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPostgresHandle } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { sessions, users } from '../apps/server/src/db/schema.ts';
import { ensureServerBuilt, killServerProcesses, SERVER_BUNDLE, startServerProcess as startProcess, stopServerProcess as stopProcess } from './server-process.mjs';
import { CREATORS, MEMBERS, MONTHS, seedAgency } from './seed-agency.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REDIS_URL = process.env.BENCH_REDIS_URL === 'off' ? null : process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SUMMARY_TARGET_RATIO = 0.25;
const SCALE_TARGET = 2;
const CORES = availableParallelism();
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `bench_api_${Date.now()}_${process.pid}`;


// ---- load ----

function cannon(url, headers, duration) {
  return autocannon({ url, headers, connections: CONNECTIONS, pipelining: 1, duration, timeout: 10 });
}

/**
 * Warm-up then the measured run, on every port at once. Req/s are summed; p50 and p99 come from
 * every response time of all the runs (autocannon's per-run percentiles cannot be averaged).
 */
async function measure(ports, path, headers) {
  const urls = ports.map((port) => `http://127.0.0.1:${port}${path}`);
  if (WARMUP > 0) await Promise.all(urls.map((url) => cannon(url, headers, WARMUP)));
  const latencies = [];
  const runs = await Promise.all(
    urls.map((url) => {
      const instance = cannon(url, headers, DURATION);
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
      return instance;
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (fraction) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(fraction * latencies.length) - 1))] ?? 0;
  const total = (key) => runs.reduce((sum, run) => sum + run[key], 0);
  return {
    requestsPerSecond: runs.reduce((sum, run) => sum + run.requests.total / (run.duration || DURATION), 0),
    p50: at(0.5),
    p99: at(0.99),
    errors: total('errors'),
    timeouts: total('timeouts'),
    non2xx: total('non2xx'),
  };
}

// ---- seeding ----

function newSession(userId) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  return {
    token,
    row: { tokenHash: createHash('sha256').update(token).digest('hex'), userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + 86_400_000) },
  };
}

async function createDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  const version = (await admin.query('show server_version')).rows[0].server_version;
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return { url: url.toString(), version };
}

async function dropDatabase() {
  const dropper = new pg.Client({ connectionString: adminUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists "${databaseName}" with (force)`);
  await dropper.end();
}

async function seed(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const database = createPostgresHandle(pool);
  try {
    await migrateDatabase(database);
    const now = new Date();
    const period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const started = performance.now();
    const seeded = await seedAgency(pool, database.db, period);
    const [admin] = await database.db
      .insert(users)
      .values({ firstName: 'Bench', lastName: 'Admin', email: 'bench.admin@bench.example', role: 'admin', status: 'active', referralCode: 'BENCHADM' })
      .returning({ id: users.id });
    // An active member who owns a creator account and brought others (index 1234 is active: every tenth is pending).
    const member = seeded.memberRows[1234];
    const adminSession = newSession(admin.id);
    const memberSession = newSession(member.id);
    await database.db.insert(sessions).values([adminSession.row, memberSession.row]);
    await pool.query('vacuum analyze');
    console.log(
      `seeded ${MEMBERS} members, ${CREATORS} creators, ${seeded.creatorMonthRows} creator month rows and ` +
        `${seeded.memberMonthRows} member month rows over ${MONTHS} months in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { adminToken: adminSession.token, memberToken: memberSession.token, searchTerm: member.lastName.slice(0, 6) };
  } finally {
    await database.close();
  }
}

// ---- the run ----

async function main() {
  const started = performance.now();
  ensureServerBuilt();
  const { url: databaseUrl, version: postgresVersion } = await createDatabase();
  const emptyWeb = mkdtempSync(join(tmpdir(), 'bench-api-web-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-data-'));
  const running = [];
  const rows = [];
  const failures = [];
  try {
    const { adminToken, memberToken, searchTerm } = await seed(databaseUrl);
    const serverEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      PAYOUT_SCHEDULER: 'off',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '10000000',
      PUBLIC_URL: 'https://portal.bench.example',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: emptyWeb,
      ...(REDIS_URL ? { REDIS_URL } : {}),
    };
    const cases = [
      ['member summary', '/api/me/summary', memberToken],
      ['member earnings', '/api/me/earnings', memberToken],
      ['admin members page 1', '/api/admin/members', adminToken],
      ['admin members search', `/api/admin/members?q=${encodeURIComponent(searchTerm)}`, adminToken],
      ['admin dashboard', '/api/admin/dashboard', adminToken],
    ];
    console.log(
      `cores ${CORES} (os.availableParallelism), Node ${process.version}, PostgreSQL ${postgresVersion}; ` +
        `autocannon ${CONNECTIONS} connections per instance, ${WARMUP} s warm-up + ${DURATION} s measured per case; ` +
        `rate-limit counters in ${REDIS_URL ? `Redis (${REDIS_URL})` : 'PostgreSQL (BENCH_REDIS_URL=off)'}\n`,
    );

    // The yardstick, in the same run with the same settings.
    const hello = await startProcess('hello-world', join(ROOT, 'bench/hello-world.mjs'), {}, '/');
    running.push(hello);
    const helloResult = await measure([hello.port], '/', {});
    await stopProcess(hello);
    running.splice(running.indexOf(hello), 1);
    const helloRate = helloResult.requestsPerSecond;
    const record = (endpoint, instances, result) => {
      const bad = result.errors + result.timeouts + result.non2xx;
      if (bad > 0) failures.push(`${endpoint} x${instances}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
      rows.push({
        endpoint,
        instances,
        'req/s': Math.round(result.requestsPerSecond),
        'p50 ms': result.p50.toFixed(1),
        'p99 ms': result.p99.toFixed(1),
        'errors/non-2xx': `${result.errors + result.timeouts}/${result.non2xx}`,
        'ratio/instance': `${((result.requestsPerSecond / instances / helloRate) * 100).toFixed(1)} %`,
      });
    };
    record('hello-world (bare Fastify)', 1, helloResult);

    const byCase = new Map();
    for (const instances of [1, 3]) {
      const servers = [];
      for (let index = 0; index < instances; index += 1) {
        const server = await startProcess(`server ${index + 1}`, SERVER_BUNDLE, serverEnv, '/api/health');
        servers.push(server);
        running.push(server);
      }
      for (const [label, path, token] of cases) {
        const result = await measure(
          servers.map((server) => server.port),
          path,
          { accesstoken: token },
        );
        record(label, instances, result);
        byCase.set(`${label}/${instances}`, result.requestsPerSecond);
      }
      for (const server of servers) {
        await stopProcess(server);
        running.splice(running.indexOf(server), 1);
      }
    }

    console.table(rows);
    const summaryRatio = byCase.get('member summary/1') / helloRate;
    const scale = byCase.get('member summary/3') / byCase.get('member summary/1');
    const coresAllow = CORES >= 4;
    console.log(
      `\nmember summary, 1 instance: ${(summaryRatio * 100).toFixed(1)} % of the hello-world rate ` +
        `(target >= ${SUMMARY_TARGET_RATIO * 100} %): ${summaryRatio >= SUMMARY_TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
    console.log(
      `member summary, 3 instances / 1 instance: ${scale.toFixed(2)}x (target >= ${SCALE_TARGET}x where the cores allow, ` +
        `i.e. at least 4 for 3 servers, PostgreSQL and the load generator): ` +
        (coresAllow ? (scale >= SCALE_TARGET ? 'met' : 'NOT met') : `not applicable on ${CORES} cores`),
    );
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (failures.length > 0) {
      console.error(`\nFAILED: answers that were not 2xx or did not arrive:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const processInfo of running) await stopProcess(processInfo);
    rmSync(emptyWeb, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP) console.log(`kept database ${databaseName} (BENCH_KEEP)`);
    else await dropDatabase();
  }
}

process.once('SIGINT', () => {
  killServerProcesses();
  process.exit(130);
});

await main();
