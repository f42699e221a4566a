import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';
import { DEFAULT_WEB_DIST_DIR, MIGRATIONS_DIR, SERVER_ROOT } from './paths.ts';

describe('loadEnv', () => {
  it('has working defaults for development', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      HOST_SET: false,
      API_DOCS: 'on',
      LOG_LEVEL: 'info',
      DATA_DIR: resolve('./data'),
      PUBLIC_URL: 'http://localhost:3000',
      COMPANY_ID: 'agency',
      TRUST_PROXY: false,
      SEED_DEMO: true,
      SEED_ADMIN_EMAIL: 'admin@example.com',
      SEED_ADMIN_PASSWORD: 'Admin!2026demo',
      SEED_ADMIN_PHONE: '+905320000001',
      SMS_PROVIDER: 'outbox',
      MAIL_PROVIDER: 'outbox',
      isProduction: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(env.WEB_DIST_DIR).toBe(DEFAULT_WEB_DIST_DIR);
  });

  it('reads RATE_LIMIT_GLOBAL_PER_MINUTE (default 600) and refuses a non-positive or non-integer value', () => {
    expect(loadEnv({}).RATE_LIMIT_GLOBAL_PER_MINUTE).toBe(600);
    expect(loadEnv({ RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000' }).RATE_LIMIT_GLOBAL_PER_MINUTE).toBe(1_000_000);
    for (const bad of ['0', '-5', '1.5', 'many']) {
      expect(() => loadEnv({ RATE_LIMIT_GLOBAL_PER_MINUTE: bad })).toThrow(/RATE_LIMIT_GLOBAL_PER_MINUTE/);
    }
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadEnv({ PUBLIC_URL: 'https://portal.example.com/' }).PUBLIC_URL).toBe('https://portal.example.com');
  });

  it('requires APP_SECRET in production and turns the demo seed off there', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/APP_SECRET is required in production/);
    const env = loadEnv({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40) });
    expect(env.SEED_DEMO).toBe(false);
    expect(env.isProduction).toBe(true);
    expect(() => loadEnv({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40), SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
  });

  it('names a bad variable without printing its value', () => {
    try {
      loadEnv({ APP_SECRET: 'short-secret-value', PORT: 'eighty' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('APP_SECRET');
      expect(message).toContain('PORT');
      expect(message).not.toContain('short-secret-value');
    }
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of addresses', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('treats empty strings as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', SMS_HTTP_URL: '', SEED_DEMO: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
  });
});

describe('paths', () => {
  it('finds the server package and its migrations from the source tree', () => {
    expect(SERVER_ROOT).toBe(resolve(import.meta.dirname, '..', '..'));
    expect(MIGRATIONS_DIR).toBe(join(SERVER_ROOT, 'src', 'db', 'migrations'));
    expect(DEFAULT_WEB_DIST_DIR).toBe(resolve(SERVER_ROOT, '..', 'web', 'dist'));
  });

  it('reads the S3 settings: off by default, defaults for region and path style, checked combinations', () => {
    const local = loadEnv({});
    expect(local.S3_BUCKET).toBeUndefined();
    expect(local.S3_REGION).toBe('us-east-1');
    expect(local.S3_FORCE_PATH_STYLE).toBe(false);
    const s3 = loadEnv({
      S3_BUCKET: 'agency-files',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'prod/portal',
    });
    expect(s3).toMatchObject({ S3_BUCKET: 'agency-files', S3_REGION: 'eu-central-1', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'prod/portal' });
    expect(() => loadEnv({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ S3_BUCKET: 'ab' })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET is required with S3_ENDPOINT/);
    expect(() => loadEnv({ S3_BUCKET: 'agency-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => loadEnv({ S3_BUCKET: 'agency-files', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadEnv({ S3_BUCKET: 'agency-files', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    for (const prefix of ['../up', 'a/../b', '/abs', 'a//b', 'a b']) {
      expect(() => loadEnv({ S3_BUCKET: 'agency-files', S3_PREFIX: prefix }), prefix).toThrow(/S3_PREFIX/);
    }
    // The secret never appears in the message.
    expect(() => loadEnv({ S3_BUCKET: 'agency-files', S3_SECRET_ACCESS_KEY: 'very-secret-value' })).toThrow(/^(?![\s\S]*very-secret-value)/);
  });
});
