import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/helpers.ts';
import { HELMET_OPTIONS, helmetHeadersOf } from './security-headers.ts';

/** The headers helmet itself writes on a real response with the same options. */
async function headersOfHelmetItself(): Promise<Record<string, string>> {
  const middleware = helmet(HELMET_OPTIONS);
  const server = createServer((request, response) => {
    response.setHeader('x-powered-by', 'something');
    middleware(request, response, () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers computed once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every answer (ok, 401, 404) carries exactly the headers helmet writes, and no x-powered-by', async () => {
    const expected = await headersOfHelmetItself();
    const { set, removed } = helmetHeadersOf(HELMET_OPTIONS);
    expect(removed).toContain('X-Powered-By');
    expect(set.length).toBeGreaterThan(8);
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/me/summary'],
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const response = await call(t.app, method, url);
      for (const [name] of set) expect(response.headers[name.toLowerCase()], `${url} ${name}`).toBe(expected[name.toLowerCase()]);
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
