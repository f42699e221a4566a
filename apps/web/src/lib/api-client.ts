import type { ErrorCode, ErrorDetail, MessageCode } from '@agency/shared';
import { clearSession, endSession, readSession } from './session.ts';

/** A failed call: `code` is the stable error code the UI translates as `errors:<code>`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface ApiSuccess<T> {
  data: T;
  message?: string;
  messageCode?: MessageCode;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every call sends the stored token in the `accesstoken` header (docs/product.md §3) and unwraps the
 * `{ error, data | message, code }` envelope. A 401 on a signed-in call clears the stale session
 * (and, when the token itself was refused, marks it as ended: lib/session.ts).
 */
async function apiCall<T>(method: Method, path: string, body?: unknown): Promise<ApiSuccess<T>> {
  const session = readSession();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.accesstoken = session.token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: payload });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  const json = (await response.json().catch(() => null)) as
    | { error: false; data: T; message?: string; messageCode?: MessageCode }
    | { error: true; code: ErrorCode; message: string; details?: ErrorDetail[] }
    | null;
  if (!json) throw new ApiError(response.status, response.status >= 500 ? 'INTERNAL' : 'NOT_FOUND', response.statusText);
  if (json.error) {
    // The stored token was refused (expired or revoked): the sign-in page will say so. Any other
    // 401 with a session (a wrong password typed while signed in) clears it as before.
    if (response.status === 401 && session) {
      if (json.code === 'UNAUTHENTICATED') endSession(session);
      else clearSession();
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, json.code, json.message, json.details ?? [], Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  return { data: json.data, message: json.message, messageCode: json.messageCode };
}

export const api = {
  get: <T>(path: string) => apiCall<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiCall<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => apiCall<T>('PUT', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => apiCall<T>('DELETE', path, body),
};
