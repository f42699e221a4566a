// `npm run bench:rate-limit`: what does a shared rate-limit counter cost per request? On a scratch
// PostgreSQL database (bench_rate_limit_<timestamp> on BENCH_DATABASE_URL / TEST_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/test; created and dropped) and on the Redis at
// BENCH_REDIS_URL / TEST_REDIS_URL (default redis://127.0.0.1:6379; keys under a unique prefix,
// deleted), it times:
//   1. the counter alone: BENCH_HITS (default 5,000) sequential hits, one key per 100 hits
//      (PostgreSQL: one upsert; Redis: the plugin's Lua script), median and p99 in ms;
//   2. the whole request: GET /api/settings/public through app.inject on one app, with the
//      counters in memory, in PostgreSQL and in Redis: mean ms per request over BENCH_REQUESTS
//      (default 3,000) requests from 100 addresses, after a warm-up.
// The throughput of the whole server under load is measured elsewhere (autocannon).
// Runs the server's TypeScript through tsx.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadEnv } from '../apps/server/src/config/env.ts';
import { createPostgresHandle } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { countHit, createRedisStore } from '../apps/server/src/plugins/rate-limit-stores.ts';

const HITS = Number(process.env.BENCH_HITS ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `bench-rl-${process.pid}-${randomBytes(4).toString('hex')}:`;

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}
const ms = (value) => value.toFixed(3);

const name = `bench_rate_limit_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = createPostgresHandle(new pg.Pool({ connectionString: url.toString(), max: 10 }));
const redis = new Redis(redisUrl);

try {
  await migrateDatabase(database);

  // 1. The counter alone.
  const timings = [];
  for (let index = 0; index < HITS; index += 1) {
    const start = performance.now();
    await countHit(database.db, `${prefix}GET/x-10.0.${Math.floor(index / 100)}.1`, 60_000);
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  console.log(`PostgreSQL upsert per hit: median ${ms(percentile(timings, 0.5))} ms, p99 ${ms(percentile(timings, 0.99))} ms (${HITS} sequential hits)`);

  const RedisStore = createRedisStore(redis, prefix, () => undefined);
  const redisStore = new RedisStore({});
  const redisTimings = [];
  for (let index = 0; index < HITS; index += 1) {
    const start = performance.now();
    await new Promise((resolve, reject) =>
      redisStore.incr(`GET/x-10.0.${Math.floor(index / 100)}.1`, (error, result) => (error ? reject(error) : resolve(result)), 60_000, 1000),
    );
    redisTimings.push(performance.now() - start);
  }
  redisTimings.sort((a, b) => a - b);
  console.log(`Redis (the plugin's Lua script) per hit: median ${ms(percentile(redisTimings, 0.5))} ms, p99 ${ms(percentile(redisTimings, 0.99))} ms`);

  // 2. The whole request, per store.
  const env = (extra) =>
    loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123', WEB_DIST_DIR: join(tmpdir(), 'none'), ...extra });
  const runs = [
    ['memory (PGlite default)', { database: { ...database, kind: 'pglite' } }, {}],
    ['PostgreSQL table', { database }, {}],
    ['Redis', { database }, { REDIS_URL: redisUrl }],
  ];
  // Interleaved in rounds so that a busy machine slows every variant alike.
  const apps = [];
  for (const [label, options, extra] of runs) {
    const app = await buildApp({ env: env(extra), logger: false, rateLimits: { globalPerMinute: 1_000_000 }, rateLimitKeyPrefix: `${prefix}${label}:`, ...options });
    await app.ready();
    apps.push({ label, app, elapsed: 0 });
  }
  const inject = (app, index) => app.inject({ method: 'GET', url: '/api/settings/public', remoteAddress: `10.1.${index % 100}.1` });
  for (const entry of apps) for (let index = 0; index < 300; index += 1) await inject(entry.app, index);
  const ROUNDS = 6;
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const entry of apps) {
      const start = performance.now();
      for (let index = 0; index < perRound; index += 1) {
        const response = await inject(entry.app, index);
        if (response.statusCode !== 200) throw new Error(`${entry.label}: status ${response.statusCode}`);
      }
      entry.elapsed += performance.now() - start;
    }
  }
  for (const entry of apps) {
    console.log(`GET /api/settings/public with counters in ${entry.label}: ${ms(entry.elapsed / (perRound * ROUNDS))} ms per request (${perRound * ROUNDS} requests, sequential, ${ROUNDS} interleaved rounds)`);
    await entry.app.close();
  }
} finally {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await database.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
