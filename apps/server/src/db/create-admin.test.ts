import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPostgresTestDatabase, testEnv } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { createPglite, createPgliteHandle, type DatabaseHandle } from './client.ts';

/** `npm run create-admin` as a real process on the kind of database the project runs on. */
const isPostgres = process.env.TEST_DB === 'postgres';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const CLI = join(ROOT, 'apps', 'server', 'src', 'db', 'create-admin-cli.ts');
const PASSWORD = 'First-admin-2026!';

function runCli(args: string[], env: Record<string, string>, stdin = ''): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(stdin);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const ARGS = ['--email', 'Boss@Agency.example', '--phone', '+905321112233', '--first-name', 'Ada', '--last-name', 'Admin'];

describe('npm run create-admin', () => {
  let databaseEnv: Record<string, string>;
  let openAfterwards: () => Promise<DatabaseHandle>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (isPostgres) {
      const database = await createPostgresTestDatabase();
      databaseEnv = { DATABASE_URL: database.url };
      openAfterwards = async () => ({ ...database, close: async () => undefined });
      cleanup = () => database.close();
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'agency-create-admin-'));
      databaseEnv = { DATA_DIR: dataDir };
      openAfterwards = async () => createPgliteHandle(await createPglite(join(dataDir, 'pglite')));
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
  afterAll(() => cleanup());

  it('creates an admin who can sign in and use the admin API; refuses a taken e-mail and a short password', async () => {
    const short = await runCli(ARGS, { ...databaseEnv, ADMIN_PASSWORD: 'short-pw-1' });
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/at least 12 characters/);

    // The password from standard input, as when it is typed.
    const created = await runCli(ARGS, databaseEnv, `${PASSWORD}\n`);
    expect(created.output).toMatch(/Admin boss@agency\.example created/);
    expect(created.code).toBe(0);
    expect(created.output).not.toContain(PASSWORD);

    const again = await runCli([...ARGS.slice(0, 2), '--phone', '+905321112299', ...ARGS.slice(4)], { ...databaseEnv, ADMIN_PASSWORD: PASSWORD });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already exists/);

    const database = await openAfterwards();
    const app = await buildApp({ env: testEnv(), database, logger: false });
    try {
      const login = await call(app, 'POST', '/api/auth/login', { body: { email: 'boss@agency.example', password: PASSWORD } });
      expect(login.status).toBe(200);
      const token = (login.body.data as { token: string }).token;
      expect((await call(app, 'GET', '/api/admin/members', { token })).status).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 90_000);
});
