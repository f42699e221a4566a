import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  /** Path with the query string, e.g. `/api/me/payments?page=1`. */
  url: string;
  body: unknown;
}

type Reply = { status?: number; body: unknown };
type Answer = Reply | ((call: FakeCall) => Reply | Response);

/**
 * Stubs fetch with answers per `METHOD /api/path` (the query string is ignored for matching) and
 * records every call. Unknown calls answer 404 in the API's envelope. A function may answer a
 * `Response` of its own (a file download with its headers).
 */
export function fakeApi(routes: Record<string, Answer>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const path = url.split('?')[0]!;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? null);
      const call = { method, url, body };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      const answer = typeof route === 'function' ? route(call) : route;
      if (answer instanceof Response) return answer;
      const status = answer ? (answer.status ?? 200) : 404;
      const payload = answer ? answer.body : { error: true, code: 'ROUTE_NOT_FOUND', message: 'Route not found' };
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** `{ error: false, data }`. */
export const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({ body: { error: false, data, ...extra } });
