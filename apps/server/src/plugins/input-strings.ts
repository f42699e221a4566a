import type { ErrorDetail } from '@agency/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * The longest string any request field may carry. The longest the shared schemas allow is 2,000
 * characters (notes, messages); nothing a person types into the portal comes near this.
 */
export const MAX_INPUT_STRING_LENGTH = 10_000;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is refused, or null when it is acceptable. */
function badStringReason(value: string): string | null {
  if (value.length > MAX_INPUT_STRING_LENGTH) return `Text is longer than ${MAX_INPUT_STRING_LENGTH} characters`;
  // PostgreSQL text cannot hold U+0000 (the driver's error would be a 500).
  if (value.includes('\u0000')) return 'Text contains a NUL character';
  // A lone UTF-16 surrogate is not text: it cannot be encoded as UTF-8 and would be stored as U+FFFD.
  if (LONE_SURROGATE.test(value)) return 'Text contains an unpaired surrogate';
  return null;
}

/** The first bad string in `value` (keys included), with its path, or null. Depth-first, iterative. */
function findBadString(value: unknown, root: string): ErrorDetail | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const reason = badStringReason(item.value);
      if (reason) return { path: item.path, message: reason };
    } else if (Array.isArray(item.value)) {
      item.value.forEach((child, index) => stack.push({ value: child, path: `${item.path}.${index}` }));
    } else if (item.value !== null && typeof item.value === 'object' && !Buffer.isBuffer(item.value)) {
      for (const [key, child] of Object.entries(item.value)) {
        const reason = badStringReason(key);
        if (reason) return { path: item.path, message: reason };
        stack.push({ value: child, path: `${item.path}.${key}` });
      }
    }
  }
  return null;
}

/**
 * A query string whose percent-encoding is not UTF-8 (`%ED%A0%80`, the bytes of a lone surrogate):
 * the parser keeps such a value as it came, so it is checked on the raw URL. Returns the field.
 */
function findBadQueryEncoding(url: string): ErrorDetail | null {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    for (const part of [name, equals < 0 ? '' : pair.slice(equals + 1)]) {
      try {
        decodeURIComponent(part);
      } catch {
        let field = name;
        try {
          field = decodeURIComponent(name);
        } catch {
          // the name itself is the bad part
        }
        return { path: `query.${field}`, message: 'Text is not valid UTF-8' };
      }
    }
  }
  return null;
}

/**
 * One guard for every route (docs/decisions/015): before validation, any string in the body, the
 * query or the path parameters that holds U+0000 or an unpaired surrogate (or, in the query, bytes
 * that are not UTF-8), or is longer than MAX_INPUT_STRING_LENGTH, answers 400 VALIDATION_FAILED with
 * the catalogue message and the field's path, whatever the route's schema says. A path that is not
 * UTF-8 never reaches a route: see `answerFrameworkError`. Multipart bodies are read by their routes.
 */
export function registerInputStringGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const bad =
      findBadString(request.params, 'params') ??
      findBadQueryEncoding(request.raw.url ?? '') ??
      findBadString(request.query, 'query') ??
      findBadString(request.body, 'body');
    if (!bad) return done();
    // Paths as the validation errors give them: the field itself, without the part of the request.
    const path = (bad.path ?? '').split('.').slice(1).join('.');
    done(new AppError('VALIDATION_FAILED', { details: [{ path, message: bad.message }] }));
  });
}
