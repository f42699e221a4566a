// `npm run start:cluster`: N server processes on one PostgreSQL behind a small round-robin proxy
// on PORT, to try the production shape on one machine. In production a real load balancer (with
// TLS) and a process manager take the proxy's and this script's places; see docs/deploy.md.
//
//   DATABASE_URL        required, PostgreSQL (PGlite is one process by construction)
//   CLUSTER_INSTANCES   number of server processes, default 2
//   PORT, HOST          where the proxy listens (default 3000, 127.0.0.1: this machine only, as `npm start`)
//   CLUSTER_SERVER_ENTRY  the server to run, default apps/server/dist/server.js (a .ts file runs with tsx)
// Every other variable is passed to the instances as it is; each gets its own internal PORT on
// 127.0.0.1 and TRUST_PROXY=127.0.0.1 so that per-address limits see the client, not the proxy.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import { serverNodeArgs, serverNodeEnv } from './server-node-args.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line) => console.log(`cluster: ${line}`);

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL?.trim();
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  fail(
    'start:cluster needs DATABASE_URL pointing at PostgreSQL (postgres://...). The embedded PGlite ' +
      'allows one process only, so several instances cannot share it: use `npm start` for one instance.',
  );
}
const instanceCount = Number(process.env.CLUSTER_INSTANCES ?? 2);
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 32) fail('CLUSTER_INSTANCES must be a whole number from 1 to 32');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST?.trim() || '127.0.0.1';
const loopbackHost = host === 'localhost' || host === '::1' || /^127\./.test(host);
if (!loopbackHost && process.env.NODE_ENV !== 'production') {
  // The instances listen on 127.0.0.1 behind the proxy, so they do not replace the published demo
  // passwords as a demo on the network does (docs/decisions/014); the outbox stays closed to the network.
  console.warn(
    [
      '='.repeat(78),
      ` start:cluster listens on ${host} outside production: other machines can reach it.`,
      ' If the database holds the demo seed, its published sign-ins (README) work from the network.',
      ' Use HOST=127.0.0.1 (the default), or NODE_ENV=production without the demo seed.',
      '='.repeat(78),
    ].join('\n'),
  );
}
const entry = resolve(root, process.env.CLUSTER_SERVER_ENTRY ?? 'apps/server/dist/server.js');
if (!existsSync(entry)) fail(`${entry} does not exist: build first (npm run start:cluster builds, then starts)`);

/** @type {{ id: number; port: number; child: import('node:child_process').ChildProcess; up: boolean; exited: boolean }[]} */
const instances = [];
let stopping = false;

for (let id = 1; id <= instanceCount; id += 1) {
  const instancePort = await freePort();
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [...serverNodeArgs(), entry];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...(entry.endsWith('.ts') ? {} : serverNodeEnv()), ...process.env, PORT: String(instancePort), HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' },
  });
  const instance = { id, port: instancePort, child, up: false, exited: false };
  instances.push(instance);
  child.on('exit', (code, signal) => {
    instance.up = false;
    instance.exited = true;
    if (stopping) return;
    log(`instance ${id} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); the proxy skips it`);
    if (instances.every((other) => other.exited)) {
      log('no instance left, stopping');
      process.exit(1);
    }
  });
  log(`instance ${id} (pid ${child.pid}) on 127.0.0.1:${instancePort}`);
}

/** GET /api/health on one instance; true on 200. */
function checkHealth(instance) {
  return new Promise((resolveCheck) => {
    const request = http.get({ host: '127.0.0.1', port: instance.port, path: '/api/health', timeout: 2000 }, (response) => {
      response.resume();
      resolveCheck(response.statusCode === 200);
    });
    request.on('error', () => resolveCheck(false));
    request.on('timeout', () => request.destroy());
  });
}

// Instances come up one after another (they migrate and seed in turn); an instance is used once
// its health check answers, and one that stops answering is skipped until it answers again.
const healthTimer = setInterval(async () => {
  for (const instance of instances) {
    if (instance.exited) continue;
    const wasUp = instance.up;
    instance.up = await checkHealth(instance);
    if (instance.up && !wasUp) log(`instance ${instance.id} is up`);
  }
}, 500);

const ENVELOPE = {
  503: { error: true, code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' },
};

function sendError(response, status) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify(ENVELOPE[503]);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

let next = 0;
/** The next instance in turn that is up, skipping `tried`; null when none is. */
function pickInstance(tried) {
  for (let step = 0; step < instances.length; step += 1) {
    const instance = instances[(next + step) % instances.length];
    if (instance.up && !tried.has(instance)) {
      next = (instances.indexOf(instance) + 1) % instances.length;
      return instance;
    }
  }
  return null;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function forward(request, response, tried) {
  const instance = pickInstance(tried);
  if (!instance) return sendError(response, 503);
  tried.add(instance);
  const headers = { ...request.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  if (request.headers['transfer-encoding']) headers['transfer-encoding'] = request.headers['transfer-encoding'];
  // This proxy is the edge: the client's own X-Forwarded-* headers are replaced, not trusted.
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = request.headers.host ?? '';
  let bodyStarted = false;
  const upstream = http.request({ host: '127.0.0.1', port: instance.port, method: request.method, path: request.url, headers }, (answer) => {
    const out = { ...answer.headers, 'x-cluster-instance': String(instance.id) };
    response.writeHead(answer.statusCode ?? 502, out);
    answer.pipe(response);
    answer.on('error', () => response.destroy());
  });
  upstream.on('error', (error) => {
    // Refused before anything was sent: the instance is down; try the next one with the same request.
    if (!response.headersSent && !bodyStarted && error.code === 'ECONNREFUSED') {
      instance.up = false;
      return forward(request, response, tried);
    }
    sendError(response, 502);
  });
  const hasBody = request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0';
  if (hasBody || request.headers['transfer-encoding']) {
    // Streamed, not buffered: an upload goes straight through to the instance.
    bodyStarted = true;
    request.pipe(upstream);
  } else {
    upstream.end();
  }
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
}

const proxy = http.createServer((request, response) => forward(request, response, new Set()));
proxy.keepAliveTimeout = 5000;
proxy.on('clientError', (_error, socket) => socket.destroy());

await new Promise((resolveListen, reject) => {
  proxy.once('error', reject);
  proxy.listen(port, host, resolveListen);
});
log(`proxy on http://${host}:${proxy.address().port} -> ${instanceCount} instance(s)`);

// "ready" once every instance has answered its health check (or has exited).
const readyTimer = setInterval(() => {
  if (instances.every((instance) => instance.up || instance.exited) && instances.some((instance) => instance.up)) {
    clearInterval(readyTimer);
    log(`ready: ${instances.filter((instance) => instance.up).length} of ${instanceCount} instance(s) up`);
  }
}, 200);

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping the proxy and the instances`);
  clearInterval(healthTimer);
  clearInterval(readyTimer);
  proxy.close();
  proxy.closeAllConnections?.();
  const exits = instances
    .filter((instance) => !instance.exited)
    .map(
      (instance) =>
        new Promise((resolveExit) => {
          instance.child.once('exit', resolveExit);
          instance.child.kill('SIGTERM');
          setTimeout(() => instance.child.kill('SIGKILL'), 10_000).unref();
        }),
    );
  await Promise.all(exits);
  log('stopped');
  process.exit(0);
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
