import { ERRORS, type ErrorBody, type ErrorCode, type ErrorDetail } from '@agency/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

/** Fastify's own errors that are the caller's fault, mapped to catalogue codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function errorBody(code: ErrorCode, details?: ErrorDetail[]): ErrorBody {
  const body: ErrorBody = { error: true, code, message: ERRORS[code].message };
  if (details && details.length > 0) body.details = details;
  return body;
}

export function sendError(reply: FastifyReply, code: ErrorCode, details?: ErrorDetail[]): FastifyReply {
  return reply.code(ERRORS[code].status).type('application/json; charset=utf-8').send(errorBody(code, details));
}

function validationDetails(error: FastifyError): ErrorDetail[] {
  return (error.validation ?? []).flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (issue.params as { keys?: unknown }).keys;
    // A strict schema names the unknown fields in one issue; report each field on its own.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({ path: path ? `${path}.${String(key)}` : String(key), message: 'Unknown field' }));
    }
    return [{ path, message: issue.message ?? 'Invalid value' }];
  });
}

/**
 * One error handler for the whole API: stable codes and catalogue texts; details only for
 * input problems; 5xx answers never carry internals (no stack, no SQL), they are logged instead.
 */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, error.code, error.details);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return sendError(reply, 'VALIDATION_FAILED', validationDetails(error));
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return sendError(reply, mapped);
  // The database is restarting or unreachable: the request may work again in a moment, so 503
  // with Retry-After, never a 500 and never the driver's text.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendError(reply, 'SERVICE_UNAVAILABLE');
  }

  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
    return sendError(reply, code);
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL');
}

/**
 * Fastify's `frameworkErrors`: errors raised before routing, chiefly FST_ERR_BAD_URL (a path whose
 * percent-encoding is not UTF-8, such as the bytes of a lone surrogate), answered with the
 * catalogue's envelope instead of Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    sendError(reply, 'VALIDATION_FAILED', [{ path: 'url', message: 'The address is not valid UTF-8' }]);
    return;
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  sendError(reply, status < 500 ? (STATUS_CODES[status] ?? 'VALIDATION_FAILED') : 'INTERNAL');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
