import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadEnv, type Env } from '../src/config/env.ts';
import { MIGRATIONS_DIR } from '../src/config/paths.ts';
import { createPgliteHandle, createPostgresHandle, createPostgresPool, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { outboxMessages, users } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { FileStorage } from '../src/lib/storage/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { RateLimitOptions } from '../src/plugins/rate-limit.ts';
import type { Messaging } from '../src/modules/messaging/messaging.types.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start: Date) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advanceSeconds(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export const DEFAULT_TEST_NOW = new Date('2026-03-18T10:00:00.000Z');
const TEST_APP_SECRET = 'test-app-secret-test-app-secret-0123456789';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    // Stored files of a test go to a fresh temp folder, never to the working copy's ./data.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'agency-test-data-')),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_URL: 'http://portal.test',
    COMPANY_ID: 'agency',
    WEB_DIST_DIR: join(tmpdir(), 'agency-no-web-dist-here'),
    ...overrides,
  });
}

// ---- databases ----

/** Changes when a migration or the PGlite version changes, so a stale template is never loaded. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(MIGRATIONS_DIR, path)).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Creating and migrating a PGlite costs seconds; a migrated data folder is dumped once (per
 * migration set) to the temp folder and every test file loads a copy of it in memory.
 */
async function loadMigratedPglite(): Promise<PGlite> {
  const templatePath = join(tmpdir(), `agency-server-pglite-template-${migrationsFingerprint()}.tar`);
  if (!existsSync(templatePath)) {
    const fresh = await PGlite.create();
    const handle = createPgliteHandle(fresh);
    await migrateDatabase(handle);
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templatePath);
  }
  return PGlite.create({ loadDataDir: new Blob([readFileSync(templatePath)]) });
}

const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A new, empty PostgreSQL database on TEST_DATABASE_URL: its URL and `drop()`. Nothing is migrated. */
export async function createEmptyPostgresDatabase(prefix = 'agency_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
    } catch (error) {
      throw new Error(
        `PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}). ` +
          'The server-postgres tests need it: start PostgreSQL or set TEST_DATABASE_URL.',
      );
    }
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists "${name}" with (force)`) };
}

/**
 * A fresh, migrated PostgreSQL database on TEST_DATABASE_URL (dropped on `close()`), with its URL
 * for tests that open it from other processes too.
 */
export async function createPostgresTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const empty = await createEmptyPostgresDatabase();
  // The server's own pool settings (timeouts, keep-alive), with fewer connections per test file.
  const pool = createPostgresPool(empty.url, { max: 5 });
  const handle = createPostgresHandle(pool);
  await migrateDatabase(handle);
  return {
    ...handle,
    url: empty.url,
    close: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A fresh, migrated database of the kind the vitest project asks for (TEST_DB). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const kind = process.env.TEST_DB ?? 'pglite';
  if (kind === 'postgres') return createPostgresTestDatabase();
  if (kind !== 'pglite') throw new Error(`Unknown TEST_DB "${kind}"`);
  return createPgliteHandle(await loadMigratedPglite());
}

// ---- the app ----

export interface TestAppOptions {
  now?: Date;
  env?: Record<string, string>;
  /** Seed the demo agency first. */
  seed?: boolean;
  logger?: FastifyServerOptions['logger'];
  rateLimits?: Partial<RateLimitOptions>;
  messaging?: Messaging;
  /** Replaces the file storage chosen from the env (e.g. one that fails like a full disk). */
  storage?: FileStorage;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  clock: TestClock;
  env: Env;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = new TestClock(options.now ?? DEFAULT_TEST_NOW);
  const env = testEnv(options.env);
  const database = await createTestDatabase();
  try {
    if (options.seed) await seedDemo(database.db, { env, clock });
    const app = await buildApp({
      env,
      database,
      clock,
      logger: options.logger ?? false,
      // Route tests send many sign-in calls from one address; the limiter has its own test.
      rateLimits: { authPerMinute: 1000, ...options.rateLimits },
      ...(options.messaging ? { messaging: options.messaging } : {}),
      ...(options.storage ? { storage: options.storage } : {}),
    });
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      clock,
      env,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

// ---- fixtures ----

let counter = 0;

/** A user straight in the database (fast path for tests that are not about sign-up). */
export async function createUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<typeof users.$inferSelect> {
  counter += 1;
  const { password, ...rest } = values;
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User${counter}`,
      role: 'user',
      status: 'active',
      referralCode: `T${process.pid}X${counter}`.slice(0, 16),
      passwordHash: password ? await hashPassword(password) : null,
      ...rest,
    })
    .returning();
  return row!;
}

/** The last code the outbox delivered to `phone`, as a person reads it from the SMS. */
export async function lastCodeSentTo(db: Database, phone: string): Promise<string> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, phone))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = row ? /\b(\d{6})\b/.exec(row.text)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

export interface InjectResult {
  status: number;
  body: Record<string, unknown> & { error: boolean; data?: unknown; code?: string; message?: string };
  headers: Record<string, unknown>;
}

/** `app.inject` with JSON in and out. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<InjectResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.accesstoken = options.token;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  let body: InjectResult['body'];
  try {
    body = response.json();
  } catch {
    body = { error: true, raw: response.body };
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/** Sends a login code to `phone` and signs in with it; returns the token. */
export async function signInWithPhone(testApp: TestApp, phone: string, ip = '10.0.0.1'): Promise<string> {
  const sent = await call(testApp.app, 'POST', '/api/auth/otp/send', { body: { phone, purpose: 'login' }, ip });
  if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
  const code = await lastCodeSentTo(testApp.db, phone);
  const verified = await call(testApp.app, 'POST', '/api/auth/otp/verify', { body: { phone, code }, ip });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return (verified.body.data as { token: string }).token;
}

export async function signInWithPassword(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return (response.body.data as { token: string }).token;
}
