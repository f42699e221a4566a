import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PayoutRun } from '@agency/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { uploads } from '../../src/db/schema.ts';
import { addBank, setMonthEarnings } from '../../src/modules/payments/payments.fixtures.ts';
import type { RunnerReply, RunnerRequest } from '../auto-run-runner.ts';
import { call, createEmptyPostgresDatabase, createUser, signInWithPassword, TestClock, testEnv } from '../helpers.ts';

/**
 * Issue 15 item 9, "crashes leave litter" (docs/decisions/014):
 * - the original file of an import whose process was killed before the commit (stored, no
 *   `uploads` row) is removed when the server starts again; committed files stay;
 * - an automatic run whose process was killed (SIGKILL, mid-run) is shown to admins as
 *   interrupted with the payments it really created, and the next run completes it and records
 *   true counts.
 * On both databases: PostgreSQL through DATABASE_URL, PGlite through its DATA_DIR (the killed runner
 * process holds the folder, the restarted server takes it over).
 */

const isPostgres = process.env.TEST_DB === 'postgres';
const RUNNER = fileURLToPath(new URL('../auto-run-runner.ts', import.meta.url));
const PASSWORD = 'Crash-litter-pass-1';
const PERIOD = '2026-04';
const RUN_AT = new Date(`${PERIOD}-15T00:05:00Z`);
const HOUR_MS = 3600 * 1000;

interface Target {
  env: ReturnType<typeof testEnv>;
  /** The runner's argument: the database URL or the DATA_DIR. */
  runnerTarget: string;
  /** Opens the database directly (not while a server or the runner has it, on PGlite). */
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

async function createTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agency-crash-litter-'));
  if (isPostgres) {
    const database = await createEmptyPostgresDatabase('agency_test_litter');
    return {
      env: testEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO: 'false' }),
      runnerTarget: database.url,
      open: () => openDatabase({ databaseUrl: database.url, dataDir }),
      drop: async () => {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    env: testEnv({ DATA_DIR: dataDir, SEED_DEMO: 'false' }),
    runnerTarget: dataDir,
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function withDatabase<T>(target: Target, task: (db: Database) => Promise<T>): Promise<T> {
  const handle = await target.open();
  try {
    await migrateDatabase(handle);
    return await task(handle.db);
  } finally {
    await handle.close();
  }
}

describe('the files of imports that never committed are removed at start', () => {
  let target: Target;
  const key = (extension: 'xlsx' | 'csv' = 'xlsx') => `uploads/${randomUUID()}.${extension}`;
  const committed = key();
  const orphanOld = key('csv');
  const orphanFresh = key();
  const avatar = `avatars/${randomUUID()}.png`;
  const leftover = `${key()}.0123456789ab.tmp`;
  const path = (name: string) => join(target.env.DATA_DIR, 'uploads', name);
  let app: FastifyInstance | null = null;

  beforeAll(async () => {
    target = await createTarget();
    await withDatabase(target, async (db) => {
      await db.insert(uploads).values({
        fileName: 'kept.xlsx',
        sizeBytes: 4,
        sha256: '0'.repeat(64),
        fileKey: committed,
        period: '2026-03',
        asOf: '2026-03-17',
        rows: 1,
        imported: 1,
        created: 0,
        skipped: 0,
        missing: 0,
      });
    });
    // What killed imports left: their stored originals (one an hour old, one from a moment ago) and
    // a temporary file of a write cut off half-way; beside them a committed import's file and a picture.
    const hourAgo = new Date(Date.now() - HOUR_MS);
    for (const name of [committed, orphanOld, orphanFresh, avatar, leftover]) {
      mkdirSync(join(path(name), '..'), { recursive: true });
      writeFileSync(path(name), 'data');
      if (name !== orphanFresh) utimesSync(path(name), hourAgo, hourAgo);
    }
  });
  afterAll(async () => {
    await app?.close();
    await target?.drop();
  });

  it('deletes the uncommitted originals and temporary leftovers, keeps committed files and other folders', async () => {
    app = await buildApp({ env: target.env, logger: false });
    await app.ready();
    expect(existsSync(path(committed))).toBe(true);
    expect(existsSync(path(avatar))).toBe(true);
    expect(existsSync(path(orphanOld))).toBe(false);
    expect(existsSync(path(leftover))).toBe(false);
    // PGlite: nothing else can be importing into a locked folder, so every orphan goes at start.
    // PostgreSQL: another instance may be importing right now; a file of a moment ago waits for a later sweep.
    expect(existsSync(path(orphanFresh))).toBe(isPostgres);
  });
});

describe('an automatic run killed mid-run is shown as interrupted, and the next run completes it', () => {
  let target: Target;
  let app: FastifyInstance | null = null;
  const clock = new TestClock(RUN_AT);
  let adminEmail = '';
  const memberIds: string[] = [];

  beforeAll(async () => {
    target = await createTarget();
    await withDatabase(target, async (db) => {
      adminEmail = (await createUser(db, { role: 'admin', email: `admin-${randomUUID().slice(0, 8)}@litter.test`, password: PASSWORD })).email!;
      for (let index = 0; index < 9; index += 1) {
        const member = await createUser(db);
        await addBank(db, member.id, index % 3 !== 0);
        await setMonthEarnings(db, member.id, '2026-03', 6000 + index * 100);
        memberIds.push(member.id);
      }
    });
  });
  afterAll(async () => {
    await app?.close();
    await target?.drop();
  });

  /** A real process runs the period in batches of 3 and is SIGKILLed once batch 2 has committed. */
  async function killMidRun(): Promise<void> {
    const child = fork(RUNNER, [target.runnerTarget], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.on('message', (reply: RunnerReply) => {
      if (reply.type === 'ready') {
        child.send({
          type: 'run',
          period: PERIOD,
          now: RUN_AT.toISOString(),
          startAt: Date.now(),
          batchSize: 3,
          reportBatches: true,
          holdAt: { stage: 'committed', batch: 2 },
        } satisfies RunnerRequest);
      }
      if (reply.type === 'batch' && reply.stage === 'committed' && reply.batch === 2) {
        void (async () => {
          // While it runs, its run is `running` and (PostgreSQL) its lease is held: no sweep may call it interrupted.
          if (isPostgres) {
            leaseWhileRunning = await withDatabase(target, async (db) => {
              const result = (await db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 8014 and granted`)) as unknown as {
                rows: { n: number }[];
              };
              const { markInterruptedRuns } = await import('../../src/modules/payments/payout-runs.ts');
              expect(await markInterruptedRuns(db, RUN_AT)).toEqual([]);
              return result.rows[0]!.n;
            });
          }
          child.kill('SIGKILL');
        })();
      }
    });
    expect(await exited).toBe('SIGKILL');
    if (isPostgres) expect(leaseWhileRunning).toBe(1);
  }
  let leaseWhileRunning = 0;

  /** PostgreSQL ends the dead process's sessions (and its run's lease) once it sees the sockets closed. */
  async function untilDeadSessionsEnd(db: Database): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const result = (await db.execute(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 8014 and database = (select oid from pg_database where datname = current_database())`,
      )) as unknown as { rows: { n: number }[] };
      if (result.rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the killed runner still holds its lease');
  }

  it('after the restart, admins see the run interrupted with the payments it wrote; the next run completes it with true counts', async () => {
    await killMidRun();
    if (isPostgres) await withDatabase(target, untilDeadSessionsEnd);
    app = await buildApp({ env: target.env, logger: false, clock });
    const token = await signInWithPassword(app, adminEmail, PASSWORD);

    const listRuns = async () => {
      const answer = await call(app!, 'GET', '/api/admin/payments/runs', { token });
      expect(answer.status).toBe(200);
      return answer.body.data as PayoutRun[];
    };
    const countPayments = async () => {
      const answer = await call(app!, 'GET', `/api/admin/payments?kind=automatic&pageSize=100`, { token });
      return (answer.body.data as { items: { runPeriod: string }[] }).items.filter((item) => item.runPeriod === PERIOD).length;
    };

    let runs = await listRuns();
    expect(runs).toHaveLength(1);
    const dead = runs[0]!;
    const paidByDeadRun = await countPayments();
    // Two batches of 3 committed: six members, each eligible ($60+), paid once.
    expect(paidByDeadRun).toBe(6);
    expect(dead).toMatchObject({ period: PERIOD, status: 'interrupted', created: 6, completedBy: null, finishedAt: null });
    expect(dead.totalCents).toBeGreaterThan(0);
    expect(dead.interruptedAt).not.toBeNull();

    // "Process all automatic payments": pays the three the dead run did not reach.
    const rerun = await call(app, 'POST', '/api/admin/payments/auto-run', { token });
    expect(rerun.status).toBe(200);
    expect(rerun.body.data).toMatchObject({ period: PERIOD, created: 3, existing: 6, skipped: 0 });
    expect(await countPayments()).toBe(9);

    runs = await listRuns();
    expect(runs).toHaveLength(2);
    // (Both started at the test clock's same moment, so their order in the list is not fixed.)
    const earlier = runs.find((run) => run.id === dead.id)!;
    const latest = runs.find((run) => run.id !== dead.id)!;
    expect(latest).toMatchObject({ status: 'finished', created: 3, existing: 6, skipped: 0, completedBy: null });
    expect(earlier).toMatchObject({ id: dead.id, status: 'interrupted', created: 6, completedBy: latest.id });
    // The two runs' totals are the period's payments, counted from the payments themselves.
    expect(latest.totalCents + earlier.totalCents).toBe(
      memberIds.length * 6000 + [...Array(memberIds.length).keys()].reduce((sum, index) => sum + index * 100, 0),
    );
  });
});
