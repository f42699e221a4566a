import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs, serverNodeEnv } from '../../../scripts/server-node-args.mjs';

/**
 * The server as a real process, for the tests of what happens at start (the security suite's
 * default-start, data-dir-lock and crash tests): the built bundle as `npm start` runs it, or the
 * source through tsx. Output (stdout and stderr) is kept; `waitFor` waits for a pattern in it.
 */

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_BUNDLE = join(REPOSITORY_ROOT, 'apps/server/dist/server.js');
const SERVER_SOURCE = join(REPOSITORY_ROOT, 'apps/server/src/server.ts');

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the server bundle (`npm run build -w @agency/server`) when it is missing or older than its sources. */
export function ensureServerBundle(): void {
  const sources = Math.max(
    newestMtime(join(REPOSITORY_ROOT, 'apps/server/src')),
    newestMtime(join(REPOSITORY_ROOT, 'packages/shared/src')),
    statSync(join(REPOSITORY_ROOT, 'apps/server/build.mjs')).mtimeMs,
  );
  if (existsSync(SERVER_BUNDLE) && statSync(SERVER_BUNDLE).mtimeMs >= sources) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@agency/server'], { cwd: REPOSITORY_ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build -w @agency/server failed:\n${result.stderr}`);
}

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects when the process exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The exit code (null after a signal). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM and wait (the server shuts down cleanly). */
  stop(): Promise<void>;
}

/**
 * Starts the server with only `env` (plus PATH and HOME), as a fresh shell would: `built` runs
 * `node <start:built options> apps/server/dist/server.js` (call ensureServerBundle first),
 * `source` runs `node --import tsx apps/server/src/server.ts`.
 */
export function startServerProcess(kind: 'built' | 'source', env: Record<string, string>): ServerProcess {
  const args = kind === 'built' ? [...serverNodeArgs(), SERVER_BUNDLE] : ['--import', 'tsx', SERVER_SOURCE];
  const child = spawn(process.execPath, args, {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(kind === 'built' ? serverNodeEnv() : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => {
      done = true;
      resolve({ code, signal });
      for (const waiter of waiters) waiter();
    });
  });

  const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${pattern} in the server's output within ${timeoutMs} ms:\n${text.slice(-3000)}`));
      }, timeoutMs);
      const check = () => {
        const match = pattern.exec(text);
        if (match) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(match);
        } else if (done) {
          clearTimeout(timer);
          waiters.delete(check);
          reject(new Error(`the server exited before ${pattern} appeared:\n${text.slice(-3000)}`));
        }
      };
      waiters.add(check);
      check();
    });

  return {
    child,
    output: () => text,
    waitFor,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The addresses of pino's "Server listening at <url>" lines (Fastify logs one per bound address). */
export function listeningAddresses(output: string): string[] {
  return [...output.matchAll(/Server listening at (\S+?)"/g)].map((match) => match[1]!);
}
