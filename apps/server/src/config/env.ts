import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';

/**
 * The only reader of process.env. Every variable is validated once at start; the rest of the
 * server receives the typed `Env`. The README's configuration table is written from this file.
 */

const DEV_APP_SECRET = 'dev-only-secret-change-me-dev-only-secret-change-me';

/** Where the server listens when HOST is unset (outside production): this machine only. */
const DEFAULT_HOST = '127.0.0.1';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const rawEnvSchema = z.object({
  /** `development`, `test` or `production`; production turns off the demo seed and the dev outbox. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** TCP port the server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface the server binds to. Outside production the default is loopback (127.0.0.1): the demo
   * is reachable from this machine only until HOST says otherwise. In production there is no default:
   * the server refuses to listen until HOST is set (docs/decisions/014).
   */
  HOST: optionalText,
  /** pino log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder for local data; the embedded database lives in `${DATA_DIR}/pglite`. */
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** PostgreSQL connection string; when set it is used instead of the embedded PGlite. */
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  /** Redis for the rate-limit counters shared by every instance (redis:// or rediss://); without it they live in PostgreSQL (or in memory on PGlite). */
  REDIS_URL: optionalText.pipe(z.url().optional()),
  /** Address people use to reach the portal; used in links sent by e-mail. Default http://localhost:${PORT}. */
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  /** Secret key for hashing one-time codes (HMAC-SHA256); at least 32 characters, required in production. */
  APP_SECRET: optionalText.pipe(z.string().min(32, 'APP_SECRET must be at least 32 characters').optional()),
  /** The agency's id: `POST /api/register` must send the same `companyId`. */
  COMPANY_ID: z.string().trim().min(1).default('agency'),
  /** Behind a proxy: `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs; default off. */
  TRUST_PROXY: optionalText,
  /** Create the demo agency on first start; default true outside production, refused in production. */
  SEED_DEMO: optionalText.pipe(booleanText.optional()),
  /** E-mail of the demo admin created by the seed. */
  SEED_ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@example.com'),
  /** Password of the demo admin created by the seed. */
  SEED_ADMIN_PASSWORD: z.string().min(8).default('Admin!2026demo'),
  /** Phone (E.164) of the demo admin created by the seed. */
  SEED_ADMIN_PHONE: z.string().trim().default('+905320000001'),
  /** SMS delivery: `outbox` (store in the database and log a masked line) or `http`. */
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  /** With SMS_PROVIDER=http: the endpoint that receives POST JSON `{ to, text }`. */
  SMS_HTTP_URL: optionalText.pipe(z.url().optional()),
  /** With SMS_PROVIDER=http: bearer token sent to SMS_HTTP_URL. */
  SMS_HTTP_TOKEN: optionalText,
  /** E-mail delivery: `outbox` (store in the database and log a masked line) or `smtp`. */
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  /** With MAIL_PROVIDER=smtp: nodemailer connection URL, e.g. smtps://user:pass@smtp.example.com:465. */
  SMTP_URL: optionalText,
  /** Sender of e-mails. */
  MAIL_FROM: z.string().trim().min(3).default('Agency <no-reply@localhost>'),
  /** The monthly automatic payments job (00:05 on the 15th): `on` or `off`; default on, off when NODE_ENV=test. */
  PAYOUT_SCHEDULER: z.enum(['on', 'off']).optional(),
  /** The OpenAPI document and its UI at /api/docs: `on` or `off`; default on outside production, off in production. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** Folder of the built web app served at `/`; default apps/web/dist of this repository. */
  WEB_DIST_DIR: optionalText,
  /** API requests per minute and client address (the in-process flood guard); default 600. */
  RATE_LIMIT_GLOBAL_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /** Per-instance read cache of the member summary and sessions (docs/decisions/012): entries live at most this many ms; 0 turns it off. Default 2000. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Seconds between the day's first committed import and its daily brief (imports corrected right away are the ones reported); default 120. */
  BRIEF_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Object storage: when set, uploaded files go to this S3 bucket instead of `${DATA_DIR}/uploads`. */
  S3_BUCKET: optionalText.pipe(z.string().min(3).max(63).regex(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/, 'not a valid bucket name').optional()),
  /** Region of the bucket; default us-east-1. */
  S3_REGION: optionalText.pipe(z.string().default('us-east-1')),
  /** An S3-compatible server (MinIO, R2...), e.g. http://127.0.0.1:9000; AWS when unset. */
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  /** Access key; without it and the secret the SDK's default credential chain is used. */
  S3_ACCESS_KEY_ID: optionalText,
  /** Secret of S3_ACCESS_KEY_ID. */
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addresses (`endpoint/bucket/key`), which most S3-compatible servers need; default false. */
  S3_FORCE_PATH_STYLE: optionalText.pipe(booleanText.default(false)),
  /** Prepended to every object key (`<prefix>/avatars/...`), to share a bucket. */
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'letters, digits, . _ - and / between parts only')
      .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), 'no . or .. parts')
      .optional(),
  ),
});

type TrustProxy = boolean | number | string[];

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const envSchema = rawEnvSchema
  .superRefine((raw, ctx) => {
    const production = raw.NODE_ENV === 'production';
    if (production && !raw.APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'APP_SECRET is required in production' });
    }
    if (production && raw.SEED_DEMO === true) {
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO'], message: 'the demo seed never runs in production' });
    }
    if (raw.SMS_PROVIDER === 'http' && !raw.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'SMS_HTTP_URL is required with SMS_PROVIDER=http' });
    }
    const s3Settings = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const).filter((name) => raw[name] !== undefined);
    if (!raw.S3_BUCKET && s3Settings.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `S3_BUCKET is required with ${s3Settings.join(', ')}` });
    }
    if ((raw.S3_ACCESS_KEY_ID === undefined) !== (raw.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (raw.MAIL_PROVIDER === 'smtp' && !raw.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required with MAIL_PROVIDER=smtp' });
    }
  })
  .transform((raw) => ({
    ...raw,
    isProduction: raw.NODE_ENV === 'production',
    HOST: raw.HOST ?? DEFAULT_HOST,
    /** Whether HOST was set: production listens only after this explicit decision. */
    HOST_SET: raw.HOST !== undefined,
    API_DOCS: raw.API_DOCS ?? (raw.NODE_ENV === 'production' ? 'off' : 'on'),
    DATA_DIR: resolve(raw.DATA_DIR),
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    APP_SECRET: raw.APP_SECRET ?? DEV_APP_SECRET,
    TRUST_PROXY: parseTrustProxy(raw.TRUST_PROXY),
    SEED_DEMO: raw.SEED_DEMO ?? raw.NODE_ENV !== 'production',
    WEB_DIST_DIR: resolve(raw.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    PAYOUT_SCHEDULER: raw.PAYOUT_SCHEDULER ?? (raw.NODE_ENV === 'test' ? 'off' : 'on'),
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates the environment once; throws an `EnvError` naming every bad variable (never its value). */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * Why the server must not listen with this configuration, or null. Production has no default
 * interface: 0.0.0.0 (a container, a balancer on another machine) and 127.0.0.1 (a proxy on the
 * same machine) are both common and wrong for the other case, so HOST must be set. Checked by
 * server.ts only: the command-line tools (create-admin, restore, migrate) never listen.
 */
export function listenProblem(env: Pick<Env, 'isProduction' | 'HOST_SET'>): string | null {
  if (env.isProduction && !env.HOST_SET) {
    return 'Invalid configuration:\n  HOST: required in production (0.0.0.0 behind a load balancer or in a container, 127.0.0.1 behind a proxy on this machine)';
  }
  return null;
}
