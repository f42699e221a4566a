// `npm run bench:lists`: are the admin members and creators lists, the dashboard and the finance
// summary fast with 5,000 members, 50,000 creators and 24 months of figures? Creates a throw-away
// PostgreSQL database (bench_lists_<timestamp>) on the server of BENCH_DATABASE_URL /
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), migrates it, seeds it
// (people in batches of 1,000 rows; figures for 80 % of the creators in each of 24 months, the
// older months with one INSERT ... SELECT per month; member_months by the commission engine per
// month), then calls each endpoint through buildApp + app.inject: 20 warm-up calls and 200
// measured calls per case. Prints median and p95 per case (targets: p95 under 50 ms for the
// lists, under 100 ms for the dashboard, finance and the forecasts) and drops the database.
// Forecasts: a month of daily snapshots (bench/seed-snapshots.mjs: one per day up to today, at
// least 15) of every creator with figures this month; the first forecast request after them
// (which computes every creator's forecast) is timed alone and printed before the table. Runs the server's
// TypeScript through tsx (`node --import tsx`).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { createPostgresHandle } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { createHash } from 'node:crypto';
import { sessions, users } from '../apps/server/src/db/schema.ts';
import { seedSnapshots } from './seed-snapshots.mjs';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { PERIOD_CHOICES } from '@agency/shared';
import { CREATORS, MEMBERS, MONTHS, seedAgency } from './seed-agency.mjs';

const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_P95_MS = 50;
const FIGURES_TARGET_P95_MS = 100;

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = `bench_lists_${Date.now()}`;

function percentile(sorted, fraction) {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

async function measure(app, token, url) {
  const run = async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { accesstoken: token } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return elapsed;
  };
  for (let index = 0; index < WARM_UP; index += 1) await run();
  const times = [];
  for (let index = 0; index < RUNS; index += 1) times.push(await run());
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95), max: times[times.length - 1] };
}

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const database = createPostgresHandle(pool);
  let app;
  try {
    await migrateDatabase(database);
    const now = new Date();
    const period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const seedStarted = performance.now();
    const seeded = await seedAgency(pool, database.db, period);
    await database.db.insert(users).values({
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'bench.admin@bench.example',
      role: 'admin',
      status: 'active',
      referralCode: 'BENCHADM',
      passwordHash: await hashPassword('Bench-admin-2026'),
    });
    const snapshotDays = Math.max(15, now.getUTCDate());
    const snapshotCreators = await seedSnapshots(pool, period, snapshotDays);
    // A member with many creators, signed in with a session written directly (no password in the seed).
    const busiest = (
      await pool.query(`select affiliate_id as id from creators where affiliate_id is not null group by affiliate_id order by count(*) desc limit 1`)
    ).rows[0].id;
    const memberToken = randomBytes(32).toString('base64url');
    await database.db.insert(sessions).values({
      tokenHash: createHash('sha256').update(memberToken).digest('hex'),
      userId: busiest,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const memberCreators = (await pool.query('select count(*)::int as n from creators where affiliate_id = $1', [busiest])).rows[0].n;
    await pool.query('vacuum analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://bench.test',
      WEB_DIST_DIR: join(tmpdir(), 'bench-lists-no-web'),
    });
    app = await buildApp({ env, database, logger: false, rateLimits: { authPerMinute: 1000, globalPerMinute: 1_000_000 } });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench.admin@bench.example', password: 'Bench-admin-2026' },
    });
    const token = login.json().data.token;

    const someMember = seeded.memberRows[1234];
    const someCreator = seeded.creatorRows[31_415];
    const cases = [
      ['members list page 1', '/api/admin/members'],
      ['members search q=', `/api/admin/members?q=${encodeURIComponent(someMember.lastName.slice(0, 6))}`],
      ['members search TikTok username', `/api/admin/members?q=${encodeURIComponent(someCreator.tiktokUsername)}`],
      ['members sorted by name', '/api/admin/members?sort=firstName&page=3'],
      ['members sorted by creators', '/api/admin/members?sort=-creatorCount'],
      ['creators list page 1', '/api/admin/creators'],
      ['creators search (one username)', `/api/admin/creators?q=${encodeURIComponent(someCreator.tiktokUsername.split('_')[1])}`],
      ['creators search (common word)', '/api/admin/creators?q=dance'],
      ['creators sorted by diamonds', '/api/admin/creators?sort=-diamonds'],
      ['creators sorted by diamonds, page 50', '/api/admin/creators?sort=-diamonds&page=50'],
      ['members sorted by earnings', '/api/admin/members?sort=-earningsCents'],
      ['members sorted by diamonds', '/api/admin/members?sort=-diamonds'],
      ['creators at risk or failing', '/api/admin/creators?requirement=atRiskOrFailing'],
      ['creators at risk or failing by diamonds', '/api/admin/creators?requirement=atRiskOrFailing&sort=-diamonds'],
      ['admin dashboard', '/api/admin/dashboard', FIGURES_TARGET_P95_MS],
      ...PERIOD_CHOICES.map((choice) => [`finance ${choice}`, `/api/admin/finance?period=${choice}`, FIGURES_TARGET_P95_MS]),
      ['forecasts (admin dashboard)', '/api/admin/forecasts', FIGURES_TARGET_P95_MS],
      ['creators at risk (forecast)', '/api/admin/creators?forecast=atRisk', FIGURES_TARGET_P95_MS],
      ['creators out of reach by diamonds (forecast)', '/api/admin/creators?forecast=outOfReach&sort=-diamonds', FIGURES_TARGET_P95_MS],
      ['creators went dark (forecast)', '/api/admin/creators?forecast=wentDark', FIGURES_TARGET_P95_MS],
      ['creators whose LIVE time halved (forecast)', '/api/admin/creators?forecast=paceFell', FIGURES_TARGET_P95_MS],
      ['member forecast (member home)', '/api/me/forecast', FIGURES_TARGET_P95_MS, memberToken],
    ];
    console.log(
      `seeded ${MEMBERS} members, ${CREATORS} creators, ${seeded.creatorMonthRows} creator month rows ` +
        `and ${seeded.memberMonthRows} member month rows over ${MONTHS} months in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(`${snapshotDays} daily snapshots of ${snapshotCreators} creators this month; the member forecast is of a member with ${memberCreators} creators`);
    const coldStarted = performance.now();
    const cold = await app.inject({ method: 'GET', url: '/api/admin/forecasts', headers: { accesstoken: token } });
    if (cold.statusCode !== 200) throw new Error(`forecasts: ${cold.statusCode} ${cold.body}`);
    console.log(`first forecast request after the snapshots (every creator's forecast computed): ${(performance.now() - coldStarted).toFixed(0)} ms`);
    console.log(`${RUNS} requests per case after ${WARM_UP} warm-up calls; target p95 < ${TARGET_P95_MS} ms (lists), < ${FIGURES_TARGET_P95_MS} ms (figures)\n`);
    const results = [];
    // BENCH_CASES=<text>: only the cases whose name contains it (e.g. "forecast"), to look at a few.
    const only = process.env.BENCH_CASES;
    for (const [label, path, target = TARGET_P95_MS, caller = token] of cases.filter(([label]) => !only || label.includes(only))) {
      const result = await measure(app, caller, path);
      results.push({
        case: label,
        'median ms': result.median.toFixed(1),
        'p95 ms': result.p95.toFixed(1),
        'max ms': result.max.toFixed(1),
        'target ms': target,
        ok: result.p95 < target ? 'yes' : 'NO',
      });
    }
    console.table(results);
    const slow = results.filter((result) => result.ok !== 'yes');
    if (slow.length > 0) {
      console.log(`\n${slow.length} case(s) above their target`);
      process.exitCode = 1;
    }
  } finally {
    if (app) await app.close();
    await database.close();
    if (process.env.BENCH_KEEP) {
      console.log(`kept database ${databaseName} (BENCH_KEEP)`);
    } else {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${databaseName}" with (force)`);
      await dropper.end();
    }
  }
}

await main();
