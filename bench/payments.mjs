// `npm run bench:payments`: how long does the automatic monthly payment run take for 10,000
// members? On a scratch PostgreSQL database (bench_payments_<timestamp> on the server of
// BENCH_DATABASE_URL / TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; created
// and dropped) and on a file-backed PGlite in a temp folder (removed), migrates, seeds 10,000
// active members with a paid history (last month's automatic payment, Paid, with its ledger
// entries) and two ended months of earnings not posted yet (about 90 % above $50 in total, the rest
// below; 90 % with verified bank details, 5 % unverified, 5 % none; 10 % with an open deduction,
// with its ledger entry), then times one runAutomaticPayments for the next month and a second run
// (idempotency: it must create nothing). Prints created / skipped / pending registration and the
// time per database. Target: the first run under 5 s on PostgreSQL. BENCH_DB=postgres,pglite
// chooses the databases; BENCH_MEMBERS the member count. Runs the server's TypeScript through tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPgliteHandle, createPostgresHandle } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { bankDetails, deductions, ledgerEntries, memberMonths, payments, users } from '../apps/server/src/db/schema.ts';
import { runAutomaticPayments } from '../apps/server/src/modules/payments/auto-run.ts';
import { createRandom } from './random.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const KINDS = (process.env.BENCH_DB ?? 'postgres,pglite').split(',');
const BATCH = 1_000;
const TARGET_MS = { postgres: 5_000 };
const PERIOD = '2026-11';
const NOW = new Date('2026-11-15T00:05:00Z');
const ENDED = ['2026-09', '2026-10'];
/** Last run's month: its earnings (2026-08) are posted and paid, as a real database would have them. */
const PAID = { period: '2026-08', runPeriod: '2026-09', at: new Date('2026-09-15T00:05:00Z') };
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function insertInBatches(db, table, rows) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insert(table).values(rows.slice(start, start + BATCH));
  }
}

async function seed(db) {
  const random = createRandom(2026);
  const memberRows = [];
  const monthRows = [];
  const bankRows = [];
  const deductionRows = [];
  const ledgerRows = [];
  const paymentRows = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const id = crypto.randomUUID();
    memberRows.push({ id, firstName: 'Bench', lastName: `Member${index}`, role: 'user', status: 'active', referralCode: `P${String(index).padStart(7, '0')}` });
    const paidCents = 5_000 + Math.floor(random() * 100_000);
    const paymentId = crypto.randomUUID();
    monthRows.push({ memberId: id, period: PAID.period, diamonds: paidCents * 20, creatorCount: 1, rateBps: 100, diamondValueMicros: 5000, earningsCents: paidCents });
    paymentRows.push({ id: paymentId, memberId: id, amountCents: paidCents, grossCents: paidCents, periods: [PAID.period], status: 'Paid', kind: 'automatic', runPeriod: PAID.runPeriod, createdAt: PAID.at, updatedAt: PAID.at, paidAt: PAID.at });
    ledgerRows.push({ memberId: id, kind: 'earnings', amountCents: paidCents, period: PAID.period, createdAt: PAID.at });
    ledgerRows.push({ memberId: id, kind: 'payment', amountCents: -paidCents, paymentId, createdAt: PAID.at });
    const low = random() < 0.1;
    for (const period of ENDED) {
      const earningsCents = low ? Math.floor(random() * 2_400) : 3_000 + Math.floor(random() * 200_000);
      monthRows.push({ memberId: id, period, diamonds: earningsCents * 20, creatorCount: 1, rateBps: 100, diamondValueMicros: 5000, earningsCents });
    }
    const bank = random();
    if (bank < 0.95) {
      bankRows.push({
        userId: id,
        holderName: 'Bench Holder',
        identityNumber: '10000000146',
        bankName: 'Bank',
        iban: 'TR330006100519786457841326',
        verifiedAt: bank < 0.9 ? new Date('2026-01-01T00:00:00Z') : null,
      });
    }
    if (random() < 0.1) {
      const deductionId = crypto.randomUUID();
      const amountCents = 500 + Math.floor(random() * 2_500);
      deductionRows.push({ id: deductionId, memberId: id, amountCents, reason: 'Equipment', createdAt: new Date('2026-10-20T10:00:00Z') });
      ledgerRows.push({ memberId: id, kind: 'deduction', amountCents: -amountCents, deductionId, createdAt: new Date('2026-10-20T10:00:00Z') });
    }
  }
  await insertInBatches(db, users, memberRows);
  await insertInBatches(db, memberMonths, monthRows);
  await insertInBatches(db, bankDetails, bankRows);
  await insertInBatches(db, payments, paymentRows);
  await insertInBatches(db, deductions, deductionRows);
  await insertInBatches(db, ledgerEntries, ledgerRows);
  return { deductions: deductionRows.length };
}

async function openTarget(kind) {
  if (kind === 'postgres') {
    const name = `bench_payments_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    const handle = createPostgresHandle(pool);
    return {
      handle,
      analyze: () => pool.query('vacuum analyze'),
      dispose: async () => {
        await handle.close();
        if (process.env.BENCH_KEEP) return console.log(`kept database ${name} (BENCH_KEEP)`);
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  if (kind !== 'pglite') throw new Error(`unknown BENCH_DB kind ${kind}`);
  const { PGlite } = await import('@electric-sql/pglite');
  const folder = mkdtempSync(join(tmpdir(), 'bench-payments-pglite-'));
  const client = await PGlite.create(join(folder, 'db'));
  const handle = createPgliteHandle(client);
  return {
    handle,
    analyze: () => client.exec('vacuum analyze'),
    dispose: async () => {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function benchOne(kind) {
  const target = await openTarget(kind);
  try {
    const { db } = target.handle;
    await migrateDatabase(target.handle);
    const seedStarted = performance.now();
    const seeded = await seed(db);
    await target.analyze();
    console.log(`${kind}: seeded ${MEMBERS.toLocaleString('en-US')} members (${seeded.deductions} open deductions) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const started = performance.now();
    const cpu = process.cpuUsage();
    const first = await runAutomaticPayments(db, { period: PERIOD, trigger: 'admin', now: NOW });
    const firstMs = performance.now() - started;
    const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
    const againStarted = performance.now();
    const second = await runAutomaticPayments(db, { period: PERIOD, trigger: 'admin', now: NOW });
    const secondMs = performance.now() - againStarted;
    const stored = await db.$count(payments);
    if (second.created !== 0 || stored !== first.created + MEMBERS || first.created + first.skipped !== MEMBERS) {
      throw new Error(`${kind}: inconsistent run: ${JSON.stringify({ first, second, stored })}`);
    }
    const target_ms = TARGET_MS[kind];
    return {
      database: kind,
      created: first.created,
      skipped: first.skipped,
      'pending registration': first.pendingRegistration,
      'total $': (first.totalCents / 100).toFixed(2),
      'run ms': Math.round(firstMs),
      'node CPU ms': Math.round(cpuMs),
      'second run ms': Math.round(secondMs),
      'target ms': target_ms ?? '-',
      ok: target_ms === undefined ? '-' : firstMs < target_ms ? 'yes' : 'NO',
    };
  } finally {
    await target.dispose();
  }
}

async function main() {
  const results = [];
  for (const kind of KINDS) results.push(await benchOne(kind));
  console.log(`\none automatic run for ${PERIOD} over ${MEMBERS.toLocaleString('en-US')} active members, then a second run (creates nothing)`);
  console.table(results);
  if (results.some((result) => result.ok === 'NO')) {
    console.log('above target');
    process.exitCode = 1;
  }
}

await main();
