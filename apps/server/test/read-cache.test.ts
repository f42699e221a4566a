import type { MySummary } from '@agency/shared';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { sessions } from '../src/db/schema.ts';
import { createOpaqueToken, hashToken } from '../src/lib/crypto.ts';
import { call, createPostgresTestDatabase, createTestDatabase, createUser, TestClock, testEnv } from './helpers.ts';

// The per-instance read cache of the member summary and the session lookup (docs/decisions/012).
// "Another instance" is a write through a connection the app does not own: a plain pg client on
// PostgreSQL; on PGlite (one process, one connection) the embedded database itself, whose
// notifications are delivered with the committing statement's answer.

const isPostgres = process.env.TEST_DB === 'postgres';
const START = new Date('2026-03-18T10:00:00.000Z');

describe('read cache of the member summary and sessions', () => {
  let database: DatabaseHandle & { url?: string };
  let external: pg.Client | null = null;
  let app: FastifyInstance;
  let clock: TestClock;
  let memberId: string;
  let memberToken: string;
  let sessionId: string;
  let adminToken: string;

  /** A statement from outside the app; `quiet` sends no notification (triggers off for it). */
  async function outside(text: string, params: unknown[] = [], quiet = false): Promise<void> {
    if (external) {
      await external.query('begin');
      if (quiet) await external.query('set local session_replication_role = replica');
      await external.query(text, params);
      await external.query('commit');
      return;
    }
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.transaction(async (tx) => {
      if (quiet) await tx.query('set local session_replication_role = replica');
      await tx.query(text, params);
    });
  }

  async function openSession(userId: string, expiresAt: Date): Promise<{ token: string; id: string }> {
    const token = createOpaqueToken();
    const [row] = await database.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), userId, createdAt: clock.now(), lastSeenAt: clock.now(), expiresAt })
      .returning({ id: sessions.id });
    return { token, id: row!.id };
  }

  const summary = async (): Promise<MySummary> => {
    const response = await call(app, 'GET', '/api/me/summary', { token: memberToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as MySummary;
  };

  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  /** Until no notification has arrived for 200 ms: those of earlier statements (the set-up's) may still be on their way. */
  async function quiet(): Promise<void> {
    for (let last = -1; last !== app.readCache.generation; ) {
      last = app.readCache.generation;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    database = isPostgres ? await createPostgresTestDatabase() : await createTestDatabase();
    if (isPostgres) {
      external = new pg.Client({ connectionString: database.url });
      await external.connect();
    }
  });
  afterAll(async () => {
    await external?.end();
    await database.close();
  });

  beforeEach(async () => {
    clock = new TestClock(START);
    app = await buildApp({ env: testEnv(), database, clock, logger: false, changeFeed: { reconnectDelayMs: 1_500 } });
    await app.ready();
    const member = await createUser(database.db, { role: 'user', status: 'active' });
    memberId = member.id;
    const session = await openSession(memberId, new Date(START.getTime() + 30 * 86_400_000));
    memberToken = session.token;
    sessionId = session.id;
    const admin = await createUser(database.db, { role: 'admin', status: 'active' });
    adminToken = (await openSession(admin.id, new Date(START.getTime() + 30 * 86_400_000))).token;
    await outside(
      `insert into member_months (member_id, period, diamonds, creator_count, rate_bps, diamond_value_micros, earnings_cents)
       values ($1, '2026-03', 1000, 1, 500, 100, 5000)`,
      [memberId],
    );
    await until(async () => (await summary()).earningsCents === 5000, 'the first figures');
  });
  afterEach(async () => {
    await app.close();
  });

  const setMarchCents = (cents: number, quiet = false) =>
    outside(`update member_months set earnings_cents = $2 where member_id = $1 and period = '2026-03'`, [memberId, cents], quiet);

  it('serves the cached summary until a change committed elsewhere is notified, then the new figure', async () => {
    expect(app.readCache.live).toBe(true);
    // A late notification of the set-up's own writes (the users it created) would empty the cache
    // after the figure below was cached, and the unnotified change would then be read afresh.
    await quiet();
    expect((await summary()).earningsCents).toBe(5000);
    // A change without a notification is not seen: the answer comes from the cache.
    await setMarchCents(6000, true);
    expect((await summary()).earningsCents).toBe(5000);
    // The same kind of change, notified: the next answers after the notification show it.
    await setMarchCents(7000);
    await until(async () => (await summary()).earningsCents === 7000, 'the notified figure');
  });

  it('refuses a revoked session and a disabled account once the change is notified', async () => {
    expect((await call(app, 'GET', '/api/me/summary', { token: memberToken })).status).toBe(200);
    await outside('update sessions set revoked_at = now() where id = $1', [sessionId]);
    await until(async () => (await call(app, 'GET', '/api/me/summary', { token: memberToken })).status === 401, 'the revoked session refused');

    memberToken = (await openSession(memberId, new Date(START.getTime() + 30 * 86_400_000))).token;
    expect((await call(app, 'GET', '/api/me/summary', { token: memberToken })).status).toBe(200);
    await outside(`update users set status = 'disabled' where id = $1`, [memberId]);
    await until(async () => (await call(app, 'GET', '/api/me/summary', { token: memberToken })).status === 401, 'the disabled account refused');
  });

  it('a last-seen touch notifies nothing; revoking, expiring or deleting a session does', async () => {
    const notifications = async (statement: () => Promise<void>) => {
      await quiet();
      const before = app.readCache.generation;
      await statement();
      // A marker change after it, from the same connection: delivered after the statement's own.
      await outside(`update settings set payout_time_zone = payout_time_zone where id = 1`);
      await until(async () => app.readCache.generation > before, 'the marker notification');
      await new Promise((resolve) => setTimeout(resolve, 100));
      return app.readCache.generation - before - 1;
    };
    await call(app, 'GET', '/api/health');
    expect(await notifications(() => outside('update sessions set last_seen_at = now() where id = $1', [sessionId]))).toBe(0);
    expect(await notifications(() => outside(`update sessions set expires_at = expires_at - interval '1 minute' where id = $1`, [sessionId]))).toBe(1);
    expect(await notifications(() => outside('update sessions set revoked_at = now() where id = $1', [sessionId]))).toBe(1);
    expect(await notifications(() => outside('delete from sessions where id = $1', [sessionId]))).toBe(1);
  });

  it('a mutating request on this instance is seen by the next request at once', async () => {
    expect(await summary()).toMatchObject({ rateBps: 500, personalRate: false });
    const updated = await call(app, 'PUT', `/api/admin/members/${memberId}`, { token: adminToken, body: { commissionRateBps: 1234 } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // No waiting: the request's own write cleared this instance's cache before it answered.
    const after = await summary();
    expect(after.personalRate).toBe(true);
  });

  it('every mutating request clears the cache once handled, whatever it wrote', async () => {
    await summary();
    const before = app.readCache.generation;
    // Refused before any write (an unknown field): still a mutating request.
    const refused = await call(app, 'PUT', `/api/admin/members/${memberId}`, { token: adminToken, body: { unknown: 1 } });
    expect(refused.status).toBe(400);
    expect(app.readCache.generation).toBeGreaterThan(before);
    const afterGet = app.readCache.generation;
    await summary();
    expect(app.readCache.generation).toBe(afterGet);
  });

  it('an entry lives at most the TTL (2 s) even without a notification', async () => {
    await summary();
    await setMarchCents(6500, true);
    clock.advanceSeconds(1.5);
    expect((await summary()).earningsCents).toBe(5000);
    clock.advanceSeconds(0.6);
    expect((await summary()).earningsCents).toBe(6500);
  });

  it("the summary of a new month is read afresh even within the TTL (the key's month)", async () => {
    // Payouts in New York: at midnight UTC the payout month has not changed yet, the month has.
    await outside(`update settings set payout_time_zone = 'America/New_York' where id = 1`);
    clock.set(new Date('2026-03-31T23:59:59.500Z'));
    await until(async () => (await summary()).period === '2026-03', 'the March summary');
    expect((await summary()).period).toBe('2026-03');
    await outside(
      `insert into member_months (member_id, period, diamonds, creator_count, rate_bps, diamond_value_micros, earnings_cents)
       values ($1, '2026-04', 10, 1, 500, 100, 42)`,
      [memberId],
      true,
    );
    clock.set(new Date('2026-04-01T00:00:00.500Z'));
    expect(await summary()).toMatchObject({ period: '2026-04', earningsCents: 42 });
  });

  it('a session past its expiry is refused from the cache', async () => {
    const short = await openSession(memberId, new Date(START.getTime() + 1_000));
    expect((await call(app, 'GET', '/api/me/summary', { token: short.token })).status).toBe(200);
    clock.advanceSeconds(1.2);
    expect((await call(app, 'GET', '/api/me/summary', { token: short.token })).status).toBe(401);
  });

  it.runIf(isPostgres)('while the listening connection is down the cache is not used, and it is used again once listening', async () => {
    await summary();
    await external!.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await until(async () => !app.readCache.live, 'the change feed down');
    // Changes are not notified to this instance now: every request reads the database.
    await setMarchCents(6100, true);
    expect((await summary()).earningsCents).toBe(6100);
    await outside('update sessions set revoked_at = now() where id = $1', [sessionId], true);
    expect((await call(app, 'GET', '/api/me/summary', { token: memberToken })).status).toBe(401);

    memberToken = (await openSession(memberId, new Date(START.getTime() + 30 * 86_400_000))).token;
    await until(async () => app.readCache.live, 'the change feed back');
    expect((await summary()).earningsCents).toBe(6100);
    await setMarchCents(6200, true);
    expect((await summary()).earningsCents).toBe(6100);
  });
});
