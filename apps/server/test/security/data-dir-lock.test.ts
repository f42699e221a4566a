import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { acquireDataDirLock, DATA_DIR_LOCK_FILE, DataDirLockedError } from '../../src/db/data-dir-lock.ts';
import { call, createEmptyPostgresDatabase, testEnv } from '../helpers.ts';
import { startServerProcess, type ServerProcess } from '../server-process.ts';

/**
 * Issue 15 item 3, "two processes on one PGlite folder lose data" (docs/decisions/014): the
 * second process on a DATA_DIR refuses to start with a clear message and a non-zero exit; the
 * lock of a process that was killed does not keep the folder locked. With PostgreSQL
 * (DATABASE_URL) there is no such lock: instances may share DATA_DIR/uploads.
 */

const isPostgres = process.env.TEST_DB === 'postgres';
const folders: string[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'agency-lock-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(isPostgres)('one process per embedded database folder', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('a second open in the same process is refused until the first closes', async () => {
    const dataDir = freshFolder();
    const first = await openDatabase({ dataDir });
    try {
      const lock = JSON.parse(readFileSync(join(dataDir, DATA_DIR_LOCK_FILE), 'utf8')) as { pid: number; hostname: string };
      expect(lock).toMatchObject({ pid: process.pid, hostname: hostname() });
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(new RegExp(`in use by process ${process.pid} on ${hostname()}`));
      await first.db.execute(sql`create table kept (value text)`);
      await first.db.execute(sql`insert into kept values ('first')`);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    const second = await openDatabase({ dataDir });
    try {
      const rows = (await second.db.execute(sql`select value from kept`)) as unknown as { rows: { value: string }[] };
      expect(rows.rows).toEqual([{ value: 'first' }]);
    } finally {
      await second.close();
    }
  });

  it('takes over a lock whose process is gone (a pid that does not run, or our own pid from an earlier life)', () => {
    const dataDir = freshFolder();
    const path = join(dataDir, DATA_DIR_LOCK_FILE);
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    return new Promise<void>((resolve, reject) => {
      child.once('exit', () => {
        try {
          writeFileSync(path, JSON.stringify({ pid: deadPid, hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', processStart: null, token: 'dead' }));
          const lock = acquireDataDirLock(dataDir);
          expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid });
          lock.release();
          // The same pid as ours but not a lock we hold: a container restarted with the same pid.
          writeFileSync(path, JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', processStart: null, token: 'earlier-life' }));
          acquireDataDirLock(dataDir).release();
          // Another machine's lock (a shared folder) cannot be checked: refused, with the way out.
          writeFileSync(path, JSON.stringify({ pid: 1, hostname: 'another-host.example', startedAt: '2026-01-01T00:00:00.000Z', processStart: null, token: 'remote' }));
          expect(() => acquireDataDirLock(dataDir)).toThrow(/process 1 on another-host\.example[\s\S]*delete .*pglite\.lock/);
          resolve();
        } catch (error) {
          reject(error as Error);
        }
      });
    });
  });

  it('two server processes on one DATA_DIR: the second exits non-zero with a clear message; after the first is killed a new one starts with its data', async () => {
    const dataDir = freshFolder();
    const env = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', SEED_DEMO: 'true', PAYOUT_SCHEDULER: 'off', WEB_DIST_DIR: join(tmpdir(), 'agency-no-web-dist-here') };
    const first = startServerProcess('source', env);
    servers.push(first);
    await first.waitFor(/Server listening at/, 90_000);
    const port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.output())![1]);
    // A write the first process acknowledged.
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Admin!2026demo' }),
    });
    expect(login.status).toBe(200);

    const second = startServerProcess('source', env);
    servers.push(second);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid} on ${hostname()}`);
    expect(second.output()).toContain('Two processes on one embedded database lose data');
    expect(second.output()).not.toContain('Server listening');
    // The first one is untouched.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // A crash (SIGKILL) leaves the lock file behind; it does not keep the folder locked.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(true);
    const third = startServerProcess('source', env);
    servers.push(third);
    await third.waitFor(/Server listening at/, 90_000);
    const thirdPort = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(third.output())![1]);
    const sessions = await fetch(`http://127.0.0.1:${thirdPort}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Admin!2026demo' }),
    });
    expect(sessions.status).toBe(200);
    // A clean stop removes the lock.
    await third.stop();
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
  }, 240_000);
});

describe.skipIf(!isPostgres)('several instances on PostgreSQL may share DATA_DIR', () => {
  it('two apps on one DATABASE_URL and one DATA_DIR both start (no folder lock without PGlite)', async () => {
    const database = await createEmptyPostgresDatabase('agency_test_lock');
    const dataDir = freshFolder();
    const env = testEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    const first = await buildApp({ env, logger: false });
    try {
      const second = await buildApp({ env, logger: false });
      try {
        expect((await call(first, 'GET', '/api/health')).status).toBe(200);
        expect((await call(second, 'GET', '/api/health')).status).toBe(200);
        expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
      await database.drop();
    }
  });
});
