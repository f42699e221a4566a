import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createPostgresHandle, createPostgresPool, type DatabaseHandle, type PostgresPoolOptions } from '../../src/db/client.ts';
import { activityLog, deductions, ledgerEntries } from '../../src/db/schema.ts';
import { call, createPostgresTestDatabase, createUser, DEFAULT_TEST_NOW, signInWithPassword, TestClock, testEnv, type InjectResult } from '../helpers.ts';
import { TcpProxy } from './tcp-proxy.ts';

/**
 * The database restarts while the server runs. PostgreSQL only: PGlite runs inside the server's
 * process, so it cannot restart or drop a connection on its own. The shared PostgreSQL server
 * cannot be restarted either (other test files use it), so the app's pool goes through a TCP proxy
 * (tcp-proxy.ts) that cuts every connection and refuses new ones, swallows traffic, or cuts one
 * connection at its COMMIT; the last test kills the app's connections inside PostgreSQL
 * (pg_terminate_backend). Each time the API answers 503 SERVICE_UNAVAILABLE quickly (never 500,
 * never the driver's text), GET /api/health answers 503 `ok: false`, and afterwards the same app
 * instance answers again without a restart, with every write all there or not at all.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const PASSWORD = 'Faults-pass-1';
const APP_NAME = 'agency-faults-app';
const UNAVAILABLE = { error: true, code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' };

describe.skipIf(!isPostgres)('faults: the database restarts while the server runs (PostgreSQL)', () => {
  let direct: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let proxy: TcpProxy;
  let memberId = '';
  const apps: { app: FastifyInstance; database: DatabaseHandle }[] = [];

  /** A server on the database through the proxy, as `buildApp` builds it for production. */
  async function startApp(pool: PostgresPoolOptions = {}) {
    const url = new URL(direct.url);
    url.port = String(proxy.port);
    url.searchParams.set('application_name', APP_NAME);
    const database = createPostgresHandle(createPostgresPool(url.toString(), { max: 5, ...pool }));
    const app = await buildApp({ env: testEnv(), database, clock: new TestClock(DEFAULT_TEST_NOW), logger: false, rateLimits: { authPerMinute: 1000 } });
    await app.ready();
    apps.push({ app, database });
    const adminToken = await signInWithPassword(app, 'boss@example.com', PASSWORD);
    const memberToken = await signInWithPassword(app, 'member@example.com', PASSWORD);
    return {
      app,
      summary: () => call(app, 'GET', '/api/me/summary', { token: memberToken }),
      list: () => call(app, 'GET', '/api/admin/members', { token: adminToken }),
      write: (amountCents: number) => call(app, 'POST', '/api/admin/deductions', { token: adminToken, body: { memberId, amountCents, reason: 'fault test' } }),
      health: () => call(app, 'GET', '/api/health'),
    };
  }

  /** The deduction, its ledger entry and its activity entry: one write, three tables. */
  async function writeCounts(amountCents: number) {
    const rows = await direct.db.select({ id: deductions.id }).from(deductions).where(and(eq(deductions.memberId, memberId), eq(deductions.amountCents, amountCents)));
    const ledger = await direct.db.$count(ledgerEntries, and(eq(ledgerEntries.memberId, memberId), eq(ledgerEntries.amountCents, -amountCents)));
    let activity = 0;
    for (const row of rows) activity += await direct.db.$count(activityLog, and(eq(activityLog.action, 'deduction.create'), eq(activityLog.entityId, row.id)));
    return { deductions: rows.length, ledger, activity };
  }

  async function timed(request: () => Promise<InjectResult>): Promise<InjectResult & { ms: number }> {
    const started = performance.now();
    const response = await request();
    return { ...response, ms: performance.now() - started };
  }

  function expectUnavailable(response: InjectResult & { ms: number }, withinMs: number) {
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(response.body).toEqual(UNAVAILABLE);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.ms).toBeLessThan(withinMs);
  }

  beforeAll(async () => {
    direct = await createPostgresTestDatabase();
    const target = new URL(direct.url);
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    await createUser(direct.db, { email: 'boss@example.com', password: PASSWORD, role: 'admin' });
    memberId = (await createUser(direct.db, { email: 'member@example.com', password: PASSWORD })).id;
  });
  afterAll(async () => {
    for (const { app, database } of apps) {
      await app.close();
      await database.close().catch(() => undefined);
    }
    await proxy?.close();
    await direct?.close();
  });

  it('while the database is down: 503 within a second for a summary, a list and a write; health 503 ok:false; then 200 again on the same instance', async () => {
    const server = await startApp();
    for (const request of [server.summary, server.list, server.health]) expect((await request()).status).toBe(200);
    expect((await server.write(1001)).status).toBe(201);

    await proxy.stop();
    const downUntil = Date.now() + 3000;
    let rounds = 0;
    while (Date.now() < downUntil) {
      expectUnavailable(await timed(server.summary), 1000);
      expectUnavailable(await timed(server.list), 1000);
      expectUnavailable(await timed(() => server.write(1002)), 1000);
      const health = await timed(server.health);
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ ...UNAVAILABLE, data: { ok: false, db: 'postgres' } });
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rounds).toBeGreaterThan(2);

    await proxy.start();
    expect(await server.health()).toMatchObject({ status: 200, body: { data: { ok: true, db: 'postgres' } } });
    expect((await server.summary()).status).toBe(200);
    expect((await server.list()).status).toBe(200);
    expect((await server.write(1003)).status).toBe(201);
    // The refused writes left nothing; the ones before and after are whole.
    expect(await writeCounts(1002)).toEqual({ deductions: 0, ledger: 0, activity: 0 });
    expect(await writeCounts(1001)).toEqual({ deductions: 1, ledger: 1, activity: 1 });
    expect(await writeCounts(1003)).toEqual({ deductions: 1, ledger: 1, activity: 1 });
  });

  it('a write whose connection dies at its COMMIT is all there or not at all', async () => {
    const server = await startApp();
    expect((await server.summary()).status).toBe(200);

    // Cut before PostgreSQL sees the COMMIT: the transaction is rolled back, nothing of it stays.
    const before = proxy.cutOnce('commit', { after: false });
    expectUnavailable(await timed(() => server.write(2001)), 2000);
    await before;
    expect(await writeCounts(2001)).toEqual({ deductions: 0, ledger: 0, activity: 0 });

    // Cut after PostgreSQL committed, before the app heard so: the caller sees 503, the write is whole.
    const after = proxy.cutOnce('commit', { after: true });
    expectUnavailable(await timed(() => server.write(2002)), 2000);
    await after;
    expect(await writeCounts(2002)).toEqual({ deductions: 1, ledger: 1, activity: 1 });

    expect((await server.summary()).status).toBe(200);
    expect((await server.write(2003)).status).toBe(201);
  });

  it('a write whose connection dies at its BEGIN gives its connection back: the pool does not shrink', async () => {
    // One connection: a connection lost without going back to the pool would leave none.
    const server = await startApp({ max: 1 });
    for (let round = 0; round < 3; round += 1) {
      const cut = proxy.cutOnce('begin', { after: false });
      expectUnavailable(await timed(() => server.write(5001)), 2000);
      await cut;
      expect((await server.summary()).status).toBe(200);
      expect((await server.write(5002 + round)).status).toBe(201);
    }
    expect(await writeCounts(5001)).toEqual({ deductions: 0, ledger: 0, activity: 0 });
  });

  it('a network that swallows traffic: the connect and query timeouts answer 503 instead of hanging, and no stuck connection is reused afterwards', async () => {
    // Short timeouts so the test does not wait 30 s (the defaults are POSTGRES_*_TIMEOUT_MS in
    // db/client.ts), and one connection, so the test knows which one each request gets.
    const server = await startApp({ max: 1, connectTimeoutMs: 1000, queryTimeoutMs: 1500 });
    expect((await server.summary()).status).toBe(200);
    expect((await server.write(3001)).status).toBe(201);

    // The network goes silent in the middle of a write's transaction: its INSERT gets no answer,
    // the query timeout fails the write, and the connection, still busy with a query that will
    // never end, is closed rather than pooled (its ROLLBACK would wait for ever too).
    const silent = proxy.blackholeAt('insert into "deductions"');
    expectUnavailable(await timed(() => server.write(3002)), 2500);
    await silent;
    // No connection left: a new one is accepted but never answers; the connect timeout fails it.
    expectUnavailable(await timed(server.summary), 2500);
    expectUnavailable(await timed(server.list), 2500);
    const health = await timed(server.health);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', data: { ok: false } });
    expect(health.ms).toBeLessThan(3000);

    // The network is back; the swallowed connections stay lost. The very next requests work:
    // no connection stuck in the black hole came back to the pool.
    proxy.heal();
    expect((await server.summary()).status).toBe(200);
    expect((await server.write(3003)).status).toBe(201);
    expect((await server.list()).status).toBe(200);
    expect(await writeCounts(3002)).toEqual({ deductions: 0, ledger: 0, activity: 0 });
    expect(await writeCounts(3003)).toEqual({ deductions: 1, ledger: 1, activity: 1 });
  });

  it('PostgreSQL itself ends the app connections (pg_terminate_backend) during a write: 503, nothing written, then 200', async () => {
    const server = await startApp();
    expect((await server.summary()).status).toBe(200);
    // Hold the member's ledger lock, so the write waits inside its transaction, then kill it there.
    const holder = new pg.Client({ connectionString: direct.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock(5001, hashtext($1))', [memberId]);
      const pending = timed(() => server.write(4001));
      let waiting = 0;
      for (let tries = 0; tries < 100 && waiting === 0; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const found = await holder.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and wait_event_type = 'Lock'",
          [APP_NAME],
        );
        waiting = found.rows[0].n as number;
      }
      expect(waiting).toBe(1);
      const killed = await holder.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and application_name = $1', [
        APP_NAME,
      ]);
      expect(killed.rows[0].n).toBeGreaterThan(0);
      expectUnavailable(await pending, 6000);
      await holder.query('select pg_advisory_unlock(5001, hashtext($1))', [memberId]);
    } finally {
      await holder.end();
    }
    expect(await writeCounts(4001)).toEqual({ deductions: 0, ledger: 0, activity: 0 });

    // Idle connections that were killed too leave the pool as their end arrives; then all is well.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await server.health()).toMatchObject({ status: 200, body: { data: { ok: true } } });
    expect((await server.summary()).status).toBe(200);
    expect((await server.write(4002)).status).toBe(201);
    expect(await writeCounts(4002)).toEqual({ deductions: 1, ledger: 1, activity: 1 });
  });
});
