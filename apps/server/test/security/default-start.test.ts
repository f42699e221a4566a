import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { listenProblem, loadEnv } from '../../src/config/env.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { DEMO_MEMBER_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { PUBLISHED_ADMIN_PASSWORD } from '../../src/db/seed/demo-exposure.ts';
import { seedDemo } from '../../src/db/seed/index.ts';
import { isLoopbackAddress, isLoopbackHost } from '../../src/lib/network.ts';
import { call, createTestApp, createTestDatabase, DEFAULT_TEST_NOW, TestClock, testEnv, type TestApp } from '../helpers.ts';
import { ensureServerBundle, listeningAddresses, startServerProcess, type ServerProcess } from '../server-process.ts';

/**
 * Issue 15 item 1, "anonymous admin takeover on the default start" (docs/decisions/014): the
 * default start listens on loopback only; /api/dev/outbox answers only callers on the machine;
 * a demo that listens on the network says so loudly and its published sign-ins no longer work.
 */

const isPostgres = process.env.TEST_DB === 'postgres';
const ADMIN = { email: 'admin@example.com', phone: '+905320000001' };
const STRANGER = '203.0.113.7';

describe('configuration: loopback unless HOST says otherwise; production must say', () => {
  it('listens on 127.0.0.1 by default outside production, and on HOST when set', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(listenProblem(loadEnv({}))).toBeNull();
  });

  it('refuses to listen in production until HOST is set (the tools that never listen still load the configuration)', () => {
    const production = loadEnv({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40) });
    expect(listenProblem(production)).toMatch(/HOST: required in production/);
    expect(listenProblem(loadEnv({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40), HOST: '0.0.0.0' }))).toBeNull();
  });

  it('tells loopback addresses and hosts from the rest', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.20', '203.0.113.7', '::ffff:10.0.0.1', '::', '0.0.0.0', 'fe80::1', '', 'localhost']) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'portal.example.com']) expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('the development outbox answers only callers on this machine', () => {
  let t: TestApp;
  let proxied: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    trusting = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
    await trusting?.close();
  });

  it('refuses another machine (403) and answers loopback callers', async () => {
    for (const ip of [STRANGER, '192.168.1.20', '10.0.0.1', '::ffff:192.168.1.20']) {
      const answer = await call(t.app, 'GET', '/api/dev/outbox', { ip });
      expect(answer.status, ip).toBe(403);
      expect(answer.body).toMatchObject({ error: true, code: 'FORBIDDEN' });
      expect(answer.body.data).toBeUndefined();
    }
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await call(t.app, 'GET', '/api/dev/outbox', { ip })).status, ip).toBe(200);
  });

  it('behind a proxy on this machine (TRUST_PROXY), judges the client the proxy names, not the proxy', async () => {
    const forwarded = (address: string) => ({ ip: '127.0.0.1', headers: { 'x-forwarded-for': address } });
    expect((await call(proxied.app, 'GET', '/api/dev/outbox', forwarded(STRANGER))).status).toBe(403);
    expect((await call(proxied.app, 'GET', '/api/dev/outbox', forwarded('127.0.0.1'))).status).toBe(200);
  });

  it('a too-trusting TRUST_PROXY does not let a remote caller in with a forged X-Forwarded-For', async () => {
    const forged = await call(trusting.app, 'GET', '/api/dev/outbox', { ip: STRANGER, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.status).toBe(403);
  });
});

describe('a demo listening on the network cannot be taken over from another machine', () => {
  let database: DatabaseHandle;
  const banners: string[] = [];
  const apps: FastifyInstance[] = [];
  const clock = new TestClock(DEFAULT_TEST_NOW);
  const exposedEnv = testEnv({ NODE_ENV: 'development', HOST: '0.0.0.0', PAYOUT_SCHEDULER: 'off' });
  const start = async (env = exposedEnv) => {
    const app = await buildApp({ env, database, clock, logger: false, announce: (text) => banners.push(text) });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { env: exposedEnv, clock });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('on loopback (the default) the published demo sign-ins work and nothing is announced', async () => {
    const app = await start(testEnv({ NODE_ENV: 'development', PAYOUT_SCHEDULER: 'off' }));
    expect(banners).toEqual([]);
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: PUBLISHED_ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('on 0.0.0.0: says loudly that it is a demo, replaces the published passwords and prints the new ones once', async () => {
    const app = await start();
    expect(banners).toHaveLength(1);
    const banner = banners[0]!;
    expect(banner).toContain('THIS IS A DEMO, AND IT LISTENS ON 0.0.0.0');
    expect(banner).toContain('/api/dev/outbox answers only requests from this machine');
    const adminPassword = /admin admin@example\.com\n\s+password: (\S+)/.exec(banner)?.[1];
    const memberPassword = /members [^\n]*ayse@example\.com[^\n]*\n\s+password: (\S+)/.exec(banner)?.[1];
    expect(adminPassword).toBeDefined();
    expect(memberPassword).toBeDefined();
    expect(adminPassword).not.toBe(memberPassword);

    // The stranger: the README's passwords, a sign-in code read from the outbox, a reset link from it.
    const byPassword = await call(app, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: PUBLISHED_ADMIN_PASSWORD }, ip: STRANGER });
    expect(byPassword.status).toBe(401);
    const member = await call(app, 'POST', '/api/auth/login', { body: { email: 'ayse@example.com', password: DEMO_MEMBER_PASSWORD }, ip: STRANGER });
    expect(member.status).toBe(401);
    await call(app, 'POST', '/api/auth/otp/send', { body: { phone: ADMIN.phone, purpose: 'login' }, ip: STRANGER });
    await call(app, 'POST', '/api/auth/forgot', { body: { email: ADMIN.email }, ip: STRANGER });
    const outbox = await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(ADMIN.phone)}`, { ip: STRANGER });
    expect(outbox.status).toBe(403);
    expect(JSON.stringify(outbox.body)).not.toMatch(/\d{6}/);

    // The person who started it has the printed passwords.
    expect((await call(app, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: adminPassword }, ip: STRANGER })).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/login', { body: { email: 'mehmet@example.com', password: memberPassword }, ip: STRANGER })).status).toBe(200);

    // The next start on the network prints the warning again, and no password: they are not the published ones any more.
    const again = await start();
    expect(banners).toHaveLength(2);
    expect(banners[1]).toContain('THIS IS A DEMO');
    expect(banners[1]).not.toContain(adminPassword!);
    expect(banners[1]).not.toMatch(/password: /);
    expect((await call(again, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: adminPassword } })).status).toBe(200);
    expect((await call(again, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: PUBLISHED_ADMIN_PASSWORD } })).status).toBe(401);
  });
});

/** An IPv4 address of this machine that is not loopback, if it has one. */
function networkAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return null;
}

function refusedAt(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

// The built bundle is the same whatever TEST_DB says (it starts on its own PGlite folder): built and run once, in the PGlite project.
describe.skipIf(isPostgres)('the built server as `npm start` runs it', () => {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  const freshFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'agency-default-start-'));
    folders.push(folder);
    return folder;
  };
  const run = (env: Record<string, string>) => {
    const server = startServerProcess('built', { DATA_DIR: freshFolder(), PORT: '0', ...env });
    servers.push(server);
    return server;
  };

  beforeAll(() => {
    ensureServerBundle();
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('a fresh start (no HOST, no NODE_ENV) listens only on 127.0.0.1', async () => {
    const server = run({});
    await server.waitFor(/Server listening at/);
    const addresses = listeningAddresses(server.output());
    expect(addresses).toHaveLength(1);
    const url = new URL(addresses[0]!);
    expect(url.hostname).toBe('127.0.0.1');
    expect(server.output()).not.toContain('THIS IS A DEMO');
    expect((await fetch(`${url.origin}/api/health`)).status).toBe(200);
    const elsewhere = networkAddress();
    if (elsewhere) expect(await refusedAt(elsewhere, Number(url.port))).toBe(true);
    await server.stop();
  }, 90_000);

  it('HOST=0.0.0.0 is the deliberate way to expose the demo: the banner, new passwords, the outbox closed to the network', async () => {
    const server = run({ HOST: '0.0.0.0' });
    await server.waitFor(/Server listening at/);
    expect(server.output()).toContain('THIS IS A DEMO, AND IT LISTENS ON 0.0.0.0');
    const adminPassword = /admin admin@example\.com\n\s+password: (\S+)/.exec(server.output())?.[1];
    expect(adminPassword).toBeDefined();
    // Never in the JSON log lines.
    for (const line of server.output().split('\n').filter((text) => text.startsWith('{'))) expect(line).not.toContain(adminPassword!);
    const port = Number(new URL(listeningAddresses(server.output())[0]!).port);
    const login = (password: string, host = '127.0.0.1') =>
      fetch(`http://${host}:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email, password }) });
    expect((await login(PUBLISHED_ADMIN_PASSWORD)).status).toBe(401);
    expect((await login(adminPassword!)).status).toBe(200);
    const elsewhere = networkAddress();
    if (elsewhere) {
      // From this machine's network address the connection is not loopback: as another machine sees it.
      expect((await fetch(`http://${elsewhere}:${port}/api/dev/outbox`)).status).toBe(403);
      expect((await login(PUBLISHED_ADMIN_PASSWORD, elsewhere)).status).toBe(401);
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox`)).status).toBe(200);
    await server.stop();
  }, 90_000);

  it('production without HOST does not start, and says why', async () => {
    const server = run({ NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40) });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('HOST: required in production');
  }, 60_000);
});
