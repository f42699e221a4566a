import type { FastifyServerOptions } from 'fastify';

type PinoLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
interface FastifyLoggerStreamDestination {
  write(message: string): void;
}

const SECRET_FIELDS = ['password', 'code', 'token', 'otp', 'accesstoken'];

/**
 * Paths pino replaces with "[redacted]": credential headers, and secret fields of any body or
 * input object that code might log. (Codes, tokens and passwords are never logged on purpose.)
 */
export const REDACT_PATHS = [
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
];

export type LoggerSettings = PinoLoggerOptions & { stream?: FastifyLoggerStreamDestination };

export function createLoggerOptions(level: string, stream?: FastifyLoggerStreamDestination): LoggerSettings {
  const options: LoggerSettings = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  if (stream) options.stream = stream;
  return options;
}
