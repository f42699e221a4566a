// `npm run bench:lists`: are the admin members and creators lists, the dashboard and the finance
// summary fast with 5,000 members, 50,000 creators and 24 months of figures? Creates a throw-away
// PostgreSQL database (bench_lists_<timestamp>) on the server of BENCH_DATABASE_URL /
// TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), migrates it, seeds it
// (people in batches of 1,000 rows; figures for 80 % of the creators in each of 24 months, the
// older months with one INSERT ... SELECT per month; member_months by the commission engine per
// month), then calls each endpoint through buildApp + app.inject: 20 warm-up calls and 200
// measured calls per case. Prints median and p95 per case (targets: p95 under 50 ms for the
// lists, under 100 ms for the dashboard and finance) and drops the database. Runs the server's
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
import { creatorMonths, creators, users } from '../apps/server/src/db/schema.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { recomputeMemberMonths } from '../apps/server/src/modules/earnings/earnings.engine.ts';
import { PERIOD_CHOICES, shiftPeriod } from '@agency/shared';

const MEMBERS = 5_000;
const CREATORS = 50_000;
const BATCH = 1_000;
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const MONTHS = 24;
const TARGET_P95_MS = 50;
const FIGURES_TARGET_P95_MS = 100;
const REQUIREMENT_STATES = ['onTrack', 'atRisk', 'failing'];

const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = `bench_lists_${Date.now()}`;

/** A small deterministic random source, so every run seeds the same data. */
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['live', 'star', 'music', 'dance', 'gaming', 'vibes', 'nights', 'beats', 'show', 'talk', 'chef', 'art', 'fit', 'travel', 'comedy', 'moda', 'sahne', 'yildiz', 'kedi', 'deniz'];
const FIRST = ['Ayşe', 'Mehmet', 'Elif', 'Can', 'Zeynep', 'Deniz', 'Ali', 'Selin', 'Emre', 'Derya', 'Burak', 'Ece', 'Kerem', 'Naz', 'Oğuz'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Öztürk', 'Şahin', 'Çelik', 'Aydın', 'Arslan', 'Doğan', 'Koç', 'Kurt', 'Özdemir'];

async function insertInBatches(db, table, rows) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insert(table).values(rows.slice(start, start + BATCH));
  }
}

async function seed(db, period) {
  const random = createRandom(2026);
  const now = Date.now();
  const memberRows = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    memberRows.push({
      id: crypto.randomUUID(),
      firstName: FIRST[index % FIRST.length],
      lastName: `${LAST[Math.floor(random() * LAST.length)]}${index}`,
      phone: `+90532${String(1_000_000 + index).padStart(7, '0')}`,
      email: `member${index}@bench.example`,
      role: 'user',
      status: index % 10 === 0 ? 'pending' : 'active',
      referralCode: `B${String(index).padStart(7, '0')}`,
      commissionRateBps: index % 7 === 0 ? 250 : null,
      joinedAt: new Date(now - Math.floor(random() * 400) * 86_400_000),
    });
  }
  // A third of the members were referred by an earlier one.
  for (let index = 100; index < MEMBERS; index += 3) memberRows[index].referredBy = memberRows[Math.floor(random() * 100)].id;
  await insertInBatches(db, users, memberRows);

  const creatorRows = [];
  const monthRows = [];
  for (let index = 0; index < CREATORS; index += 1) {
    const id = crypto.randomUUID();
    const affiliate = memberRows[Math.floor(random() * MEMBERS)];
    creatorRows.push({
      id,
      // Varied like real usernames: two words and a number (e.g. `dance.vibes_1a2b`).
      tiktokUsername: `${WORDS[Math.floor(random() * WORDS.length)]}.${WORDS[Math.floor(random() * WORDS.length)]}_${index.toString(36)}`,
      name: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`,
      phone: null,
      status: index % 20 === 0 ? 'inactive' : 'active',
      reason: index % 20 === 0 ? 'Stopped going LIVE this season' : null,
      ownerId: index < MEMBERS ? memberRows[index].id : null,
      affiliateId: affiliate.id,
      agencyCenterCode: `IST-${(index % 9) + 1}`,
      joinedAt: new Date(now - Math.floor(random() * 700) * 86_400_000),
    });
    if (random() < 0.8) {
      monthRows.push({
        creatorId: id,
        period,
        diamonds: Math.floor(random() * 2_000_000),
        validDays: Math.floor(random() * 20),
        liveSeconds: Math.floor(random() * 200 * 3600),
        matches: Math.floor(random() * 100),
        lastLiveAt: new Date(now - Math.floor(random() * 10) * 86_400_000),
        requirementState: REQUIREMENT_STATES[Math.floor(random() * 3)],
      });
    }
  }
  await insertInBatches(db, creators, creatorRows);
  await insertInBatches(db, creatorMonths, monthRows);
  return { memberRows, creatorRows, months: monthRows.length };
}

/**
 * The 23 months before `period`: figures for about 80 % of the creators per month (deterministic
 * through setseed), then every month's member_months by the commission engine.
 */
async function seedHistory(pool, db, period) {
  // One connection: the seed of random() belongs to the session.
  const client = await pool.connect();
  await client.query('select setseed(0.2026)');
  let rows = 0;
  for (let back = 1; back < MONTHS; back += 1) {
    const result = await client.query(
      `insert into creator_months (creator_id, period, diamonds, valid_days, live_seconds, matches, achieved_bps, requirement_state)
       select id, $1, floor(random() * 2000000)::bigint, floor(random() * 25)::int, floor(random() * 200 * 3600)::int,
              floor(random() * 100)::int, floor(random() * 10000)::int,
              (array['onTrack', 'atRisk', 'failing'])[1 + floor(random() * 3)::int]
       from creators where random() < 0.8`,
      [shiftPeriod(period, back)],
    );
    rows += result.rowCount;
  }
  client.release();
  for (let back = MONTHS - 1; back >= 0; back -= 1) {
    await db.transaction((tx) => recomputeMemberMonths(tx, shiftPeriod(period, back), new Date()));
  }
  const [{ count }] = (await pool.query('select count(*)::int as count from member_months')).rows;
  return { rows, memberMonths: count };
}

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
    const seeded = await seed(database.db, period);
    const history = await seedHistory(pool, database.db, period);
    await database.db.insert(users).values({
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'bench.admin@bench.example',
      role: 'admin',
      status: 'active',
      referralCode: 'BENCHADM',
      passwordHash: await hashPassword('Bench-admin-2026'),
    });
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
    ];
    console.log(
      `seeded ${MEMBERS} members, ${CREATORS} creators, ${seeded.months + history.rows} creator month rows ` +
        `and ${history.memberMonths} member month rows over ${MONTHS} months in ${seedSeconds.toFixed(1)} s`,
    );
    console.log(`${RUNS} requests per case after ${WARM_UP} warm-up calls; target p95 < ${TARGET_P95_MS} ms (lists), < ${FIGURES_TARGET_P95_MS} ms (figures)\n`);
    const results = [];
    for (const [label, path, target = TARGET_P95_MS] of cases) {
      const result = await measure(app, token, path);
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
