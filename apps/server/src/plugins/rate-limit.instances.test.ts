import { randomBytes } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPostgresTestDatabase, createTestDatabase, testEnv } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { createPostgresHandle, type DatabaseHandle } from '../db/client.ts';
import { countHit, deleteEndedWindows } from './rate-limit-stores.ts';

const isPostgres = process.env.TEST_DB === 'postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const AUTH_LIMIT = 4;
const LOGIN = { email: 'nobody@example.com', password: 'wrong-password-1' };

function uniquePrefix(): string {
  return `agency-test-rl-${process.pid}-${randomBytes(4).toString('hex')}:`;
}

async function buildInstance(database: DatabaseHandle, env: Record<string, string>, keyPrefix: string, globalPerMinute = 1000): Promise<FastifyInstance> {
  const app = await buildApp({
    env: testEnv(env),
    database,
    logger: false,
    rateLimits: { authPerMinute: AUTH_LIMIT, globalPerMinute },
    rateLimitKeyPrefix: keyPrefix,
  });
  await app.ready();
  return app;
}

const FLOOD_LIMIT = 10;

/**
 * The flood guard over two instances (counted in batches, rate-limit-batched.ts): 6 API requests to
 * the first, a batch's time, then the second refuses the 5th it gets: 11 in total.
 */
async function floodGuardShared(first: FastifyInstance, second: FastifyInstance, ip: string): Promise<void> {
  const statuses: number[] = [];
  for (let index = 0; index < 6; index += 1) statuses.push((await call(first, 'GET', '/api/settings/public', { ip })).status);
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let index = 0; index < 5; index += 1) statuses.push((await call(second, 'GET', '/api/settings/public', { ip })).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429]);
}

/** Sign-in attempts from one address, alternating between the instances; the statuses in order. */
async function loginsSpreadOver(apps: FastifyInstance[], count: number, ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    statuses.push((await call(apps[index % apps.length]!, 'POST', '/api/auth/login', { body: LOGIN, ip })).status);
  }
  return statuses;
}

async function deleteRedisKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

describe.skipIf(!isPostgres)('rate limits shared by two instances on one PostgreSQL (no Redis)', () => {
  let database: DatabaseHandle & { url: string };
  let secondPool: DatabaseHandle;
  let apps: FastifyInstance[] = [];
  const prefix = uniquePrefix();

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    // The second instance has its own connection pool, as a second process would.
    secondPool = createPostgresHandle(new pg.Pool({ connectionString: database.url, max: 3 }));
    apps = [await buildInstance(database, {}, prefix), await buildInstance(secondPool, {}, prefix)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await secondPool?.close();
    await database?.close();
  });

  it('refuses the sign-in with 429 after the limit in total, counted over both instances', async () => {
    const statuses = await loginsSpreadOver(apps, AUTH_LIMIT + 2, '10.9.0.1');
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // Both instances refuse now, and another address is still free on either.
    expect((await call(apps[0]!, 'POST', '/api/auth/login', { body: LOGIN, ip: '10.9.0.1' })).status).toBe(429);
    expect((await call(apps[1]!, 'POST', '/api/auth/login', { body: LOGIN, ip: '10.9.0.1' })).status).toBe(429);
    expect((await call(apps[1]!, 'POST', '/api/auth/login', { body: LOGIN, ip: '10.9.0.2' })).status).toBe(401);

    const counted = (await database.db.execute(
      sql`select hits from rate_limit_hits where key = ${`${prefix}POST/api/auth/login-10.9.0.1`}`,
    )) as unknown as { rows: { hits: number }[] };
    expect(counted.rows).toEqual([{ hits: AUTH_LIMIT + 4 }]);
  });

  it('shares the flood guard too, counted in batches', async () => {
    const pair = [await buildInstance(database, {}, `${prefix}flood-`, FLOOD_LIMIT), await buildInstance(secondPool, {}, `${prefix}flood-`, FLOOD_LIMIT)];
    try {
      await floodGuardShared(pair[0]!, pair[1]!, '10.8.2.1');
    } finally {
      for (const app of pair) await app.close();
    }
  });

  it('counts a window from a key\'s first hit and starts again at 1 once it has ended', async () => {
    const key = `${prefix}short-window`;
    const first = await countHit(database.db, key, 400);
    const second = await countHit(database.db, key, 400);
    expect([first.current, second.current]).toEqual([1, 2]);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(first.ttl);
    // Twenty hits at once from several connections: none is lost.
    const burst = await Promise.all(Array.from({ length: 20 }, () => countHit(database.db, `${prefix}burst`, 60_000)));
    expect(burst.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await countHit(database.db, key, 400)).current).toBe(1);
  });

  it('deletes the windows that have ended and keeps the current ones', async () => {
    await database.db.execute(
      sql`insert into rate_limit_hits (key, window_start, hits, expires_at) values ('old-window', 0, 3, to_timestamp(60))`,
    );
    const before = (await database.db.execute(sql`select count(*)::int as n from rate_limit_hits`)) as unknown as { rows: { n: number }[] };
    expect(await deleteEndedWindows(database.db)).toBe(1);
    const after = (await database.db.execute(sql`select key from rate_limit_hits`)) as unknown as { rows: { key: string }[] };
    expect(after.rows.map((row) => row.key)).not.toContain('old-window');
    expect(after.rows).toHaveLength(before.rows[0]!.n - 1);
  });
});

describe('rate limits shared by two instances through Redis (REDIS_URL)', () => {
  let database: DatabaseHandle;
  let redis: Redis;
  let apps: FastifyInstance[] = [];
  const prefix = uniquePrefix();

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
    database = await createTestDatabase();
    apps = [await buildInstance(database, { REDIS_URL }, prefix), await buildInstance(database, { REDIS_URL }, prefix)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await deleteRedisKeys(redis, prefix);
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
    await redis.quit();
  });

  it('shares the flood guard too, counted in batches', async () => {
    const pair = [await buildInstance(database, { REDIS_URL }, prefix, FLOOD_LIMIT), await buildInstance(database, { REDIS_URL }, prefix, FLOOD_LIMIT)];
    try {
      await floodGuardShared(pair[0]!, pair[1]!, '10.9.2.1');
      // In Redis once the second instance's batch is in.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await redis.get(`${prefix}10.9.2.1`)).toBe('11');
    } finally {
      for (const app of pair) await app.close();
    }
  });

  it('refuses the sign-in with 429 after the limit in total, counted in Redis under the prefix', async () => {
    const statuses = await loginsSpreadOver(apps, AUTH_LIMIT + 2, '10.9.1.1');
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await call(apps[1]!, 'POST', '/api/auth/login', { body: LOGIN, ip: '10.9.1.2' })).status).toBe(401);
    expect(await redis.get(`${prefix}POST/api/auth/login-10.9.1.1`)).toBe(String(AUTH_LIMIT + 2));
    if (isPostgres) {
      // With Redis the database keeps no counters.
      const rows = (await database.db.execute(sql`select count(*)::int as n from rate_limit_hits`)) as unknown as { rows: { n: number }[] };
      expect(rows.rows[0]!.n).toBe(0);
    }
  });
});

describe('when Redis goes away', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let relay: Server;
  const sockets = new Set<Socket>();
  const prefix = uniquePrefix();
  let redis: Redis;
  let relayPort = 0;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
    // A TCP relay in front of the real Redis, so the test can cut Redis off from the app.
    const target = new URL(REDIS_URL);
    relay = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(target.port || 6379), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    relayPort = (relay.address() as { port: number }).port;
    database = await createTestDatabase();
    app = await buildInstance(database, { REDIS_URL: `redis://127.0.0.1:${relayPort}` }, prefix);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await deleteRedisKeys(redis, prefix);
    await redis.quit();
  });

  it('lets the flood guard through but answers 503 on sign-in; a start with Redis unreachable fails', async () => {
    expect((await call(app, 'GET', '/api/health', { ip: '10.9.2.1' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/login', { body: LOGIN, ip: '10.9.2.1' })).status).toBe(401);

    const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));

    const health = await call(app, 'GET', '/api/health', { ip: '10.9.2.1' });
    expect(health.status).toBe(200);
    const login = await call(app, 'POST', '/api/auth/login', { body: LOGIN, ip: '10.9.2.1' });
    expect(login.status).toBe(503);
    expect(login.body).toMatchObject({ error: true, code: 'SERVICE_UNAVAILABLE' });

    // Nothing listens on the relay's port any more: an instance started now refuses to start.
    await expect(buildInstance(database, { REDIS_URL: `redis://127.0.0.1:${relayPort}` }, prefix)).rejects.toThrow(/Redis is not reachable/);
  });
});
