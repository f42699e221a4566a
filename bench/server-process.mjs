// The benches' built server: `apps/server/dist/server.js` (rebuilt first when missing or older than
// its sources) started as a real process on a free port, as `npm start` runs it, and stopped again.
// Used by bench:api and bench:upload.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port.mjs';
import { serverNodeArgs, serverNodeEnv } from '../scripts/server-node-args.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** BENCH_SERVER_BUNDLE=<path>: run that bundle instead (not rebuilt), e.g. an earlier build kept for an A/B comparison. */
export const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ? resolve(process.env.BENCH_SERVER_BUNDLE) : join(ROOT, 'apps/server/dist/server.js');
const children = new Set();

function sleep(ms) {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

function newestMtime(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Rebuilds the server bundle when it is missing or older than the server's or shared sources. */
export function ensureServerBuilt() {
  if (process.env.BENCH_SERVER_BUNDLE) {
    console.log(`server bundle ${SERVER_BUNDLE} (BENCH_SERVER_BUNDLE, not rebuilt)`);
    return;
  }
  const sources = Math.max(
    newestMtime(join(ROOT, 'apps/server/src')),
    newestMtime(join(ROOT, 'packages/shared/src')),
    statSync(join(ROOT, 'apps/server/build.mjs')).mtimeMs,
  );
  const state = !existsSync(SERVER_BUNDLE) ? 'missing' : statSync(SERVER_BUNDLE).mtimeMs < sources ? 'stale' : 'fresh';
  if (state === 'fresh') {
    console.log('server bundle apps/server/dist/server.js is up to date');
    return;
  }
  // Only the server's bundle: the web app is not served in these benchmarks.
  console.log(`server bundle is ${state}: running npm run build -w @agency/server`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@agency/server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build -w @agency/server failed');
}

/** The node options the server bundle runs with here: `npm start`'s, or BENCH_SERVER_NODE_ARGS when set (an A/B comparison; empty: none). */
export function benchServerNodeArgs() {
  if (process.env.BENCH_SERVER_NODE_ARGS !== undefined) return process.env.BENCH_SERVER_NODE_ARGS.split(/\s+/).filter(Boolean);
  return serverNodeArgs();
}

/**
 * Starts `node <script>` on a free port with only `env` (and PATH, HOME) and waits until
 * `readyPath` answers 200. The server bundle gets benchServerNodeArgs().
 */
export async function startServerProcess(label, script, env, readyPath) {
  const port = await freePort();
  const nodeArgs = script === SERVER_BUNDLE ? benchServerNodeArgs() : [];
  // The allocator settings of npm start, unless an A/B comparison replaces the node options.
  const startEnv = script === SERVER_BUNDLE && process.env.BENCH_SERVER_NODE_ARGS === undefined ? serverNodeEnv() : {};
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...startEnv, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.once('exit', (code) => {
    exited = code;
    children.delete(child);
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${label} exited with code ${exited}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      if (response.status === 200) return { label, port, child, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${label} did not answer ${readyPath} within 30 s:\n${output}`);
}

export async function stopServerProcess(processInfo) {
  const { child } = processInfo;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** On Ctrl-C: every server still running is sent SIGTERM. */
export function killServerProcesses() {
  for (const child of children) child.kill('SIGTERM');
}
