import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from './helpers.ts';

/**
 * `npm run start:cluster` for real: scripts/cluster.mjs starts two server processes (run from
 * source with tsx, so nothing is built) on one throw-away PostgreSQL database behind its proxy.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Cluster {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCluster(env: Record<string, string | undefined>): Cluster {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'cluster.mjs')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(check: () => boolean, what: string, timeoutMs: number, output: () => string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('start:cluster refuses PGlite', () => {
  it('exits with a clear message when DATABASE_URL is not PostgreSQL', async () => {
    const cluster = startCluster({ CLUSTER_SERVER_ENTRY: 'apps/server/src/server.ts' });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toMatch(/needs DATABASE_URL pointing at PostgreSQL/);
    expect(cluster.output()).toMatch(/PGlite/);
  });
});

describe('start:cluster with no instance up', () => {
  it('answers 503 with the error envelope, and stops cleanly', async () => {
    // An "instance" that runs but never answers its health check (it listens nowhere).
    const folder = mkdtempSync(join(tmpdir(), 'agency-cluster-idle-'));
    const entry = join(folder, 'idle-server.mjs');
    writeFileSync(entry, 'setInterval(() => {}, 1000); process.on("SIGTERM", () => process.exit(0));\n');
    const port = await freePort();
    const cluster = startCluster({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', CLUSTER_SERVER_ENTRY: entry, PORT: String(port), HOST: '127.0.0.1' });
    try {
      await waitFor(() => /cluster: proxy on/.test(cluster.output()), 'the proxy', 20_000, cluster.output);
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: true, code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' });
      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toBe(0);
    } finally {
      if (cluster.child.exitCode === null) cluster.child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!isPostgres)('start:cluster: two instances behind the proxy on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
  let cluster: Cluster | undefined;
  let base = '';
  // A client from a non-loopback address, when the machine has one: the instances must see it
  // (through X-Forwarded-For), not the proxy's 127.0.0.1.
  const clientHost =
    Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4')?.address ?? '127.0.0.1';

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase('agency_test_cluster');
    const port = await freePort();
    base = `http://${clientHost}:${port}`;
    cluster = startCluster({
      DATABASE_URL: database.url,
      CLUSTER_INSTANCES: '2',
      CLUSTER_SERVER_ENTRY: 'apps/server/src/server.ts',
      PORT: String(port),
      HOST: '0.0.0.0',
      NODE_ENV: 'development',
      SEED_DEMO: 'true',
      PAYOUT_SCHEDULER: 'off',
      LOG_LEVEL: 'warn',
    });
    await waitFor(() => /cluster: ready: 2 of 2/.test(cluster!.output()), 'both instances', 100_000, cluster.output);
  }, 120_000);

  afterAll(async () => {
    if (cluster && cluster.child.exitCode === null) {
      cluster.child.kill('SIGKILL');
      for (const match of cluster.output().matchAll(/instance \d+ \(pid (\d+)\)/g)) {
        if (isAlive(Number(match[1]))) process.kill(Number(match[1]), 'SIGKILL');
      }
    }
    await database?.drop();
  }, 30_000);

  it('signs in through the proxy, spreads requests over both instances, survives one dying, stops cleanly', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Admin!2026demo' }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // The token works on both instances: the session lives in the database, not in a process.
    const seen = new Map<string, number>();
    for (let index = 0; index < 6; index += 1) {
      const response = await fetch(`${base}/api/admin/members`, { headers: { accesstoken: token } });
      expect(response.status).toBe(200);
      const instance = response.headers.get('x-cluster-instance')!;
      seen.set(instance, (seen.get(instance) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['1', '2']);

    // The client's address reaches the instances through X-Forwarded-For (TRUST_PROXY on loopback).
    const sessions = await fetch(`${base}/api/me/sessions`, { headers: { accesstoken: token } });
    expect(sessions.status).toBe(200);
    const current = ((await sessions.json()) as { data: { ip: string | null; current: boolean }[] }).data.find((session) => session.current);
    expect(current?.ip).toBe(clientHost);

    // One instance dies: the proxy keeps answering from the other.
    const pids = [...cluster!.output().matchAll(/instance (\d+) \(pid (\d+)\)/g)].map((match) => ({ id: match[1], pid: Number(match[2]) }));
    const victim = pids.find((entry) => entry.id === '2')!;
    const survivor = pids.find((entry) => entry.id === '1')!;
    process.kill(victim.pid, 'SIGKILL');
    await waitFor(() => /instance 2 \(pid \d+\) exited/.test(cluster!.output()), 'the proxy to notice', 10_000, cluster!.output);
    for (let index = 0; index < 4; index += 1) {
      const response = await fetch(`${base}/api/admin/members`, { headers: { accesstoken: token } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cluster-instance')).toBe('1');
    }

    // A clean stop: exit code 0, and the surviving instance is gone.
    cluster!.child.kill('SIGTERM');
    expect(await cluster!.exited).toBe(0);
    expect(cluster!.output()).toMatch(/cluster: stopped/);
    expect(isAlive(survivor.pid)).toBe(false);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 60_000);
});
