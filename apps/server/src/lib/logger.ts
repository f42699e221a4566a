import type { FastifyServerOptions } from 'fastify';

type PinoLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
interface FastifyLoggerStreamDestination {
  write(message: string): void;
}

const SECRET_FIELDS = ['password', 'code', 'token', 'otp', 'accesstoken', 'iban', 'identityNumber'];

/**
 * Paths pino replaces with "[redacted]": credential headers, and secret fields of any body or
 * input object that code might log. (Codes, tokens and passwords are never logged on purpose.)
 */
const REDACT_PATHS = [
  'req.headers.accesstoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.accesstoken',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [`body.${field}`, `req.body.${field}`, `input.${field}`, `*.body.${field}`]),
  'password',
  '*.password',
  'token',
  '*.token',
  'otp',
  '*.otp',
  'iban',
  '*.iban',
  'identityNumber',
  '*.identityNumber',
];

/** Query parameters whose values are secrets (the reset link's `?token=`, codes). */
const SECRET_QUERY = /([?&](?:token|code|otp|password|iban|key|secret|signature)=)[^&#]*/gi;

function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Driver errors carry the statement's values ("params: ..." in Drizzle's message and stack, a
 * `params` array, PostgreSQL's `detail` such as "Failing row contains (...)"): an IBAN or an
 * identity number could be among them. The SQL text and the SQLSTATE stay, the values go.
 */
function redactErrorText(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]').replace(/(Failing row contains|Key) \([^\n]*/g, '$1 [redacted]');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactErrorText(String(error)), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const logged: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: redactErrorText(error.message),
    stack: redactErrorText(error.stack ?? ''),
  };
  for (const key of ['code', 'statusCode', 'constraint', 'table', 'query'] as const) {
    if (fields[key] !== undefined) logged[key] = fields[key];
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Fastify's request line, with secret query values masked. */
function serializeRequest(request: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: request.url ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export type LoggerSettings = PinoLoggerOptions & { stream?: FastifyLoggerStreamDestination };

export function createLoggerOptions(level: string, stream?: FastifyLoggerStreamDestination): LoggerSettings {
  const options: LoggerSettings = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: (error) => serializeError(error), error: (error) => serializeError(error), req: serializeRequest },
  };
  if (stream) options.stream = stream;
  return options;
}
