import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/config/env.ts';
import { call, createTestApp, type TestApp } from '../helpers.ts';

/**
 * Issue 15 item 11: the OpenAPI document and its UI (/api/docs) describe every route to whoever
 * asks. Production serves them only when API_DOCS=on; outside production they stay on.
 */

const DOC_URLS = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js'];

describe('API_DOCS: off in production unless configured on', () => {
  let production: TestApp;
  let productionOn: TestApp;
  let development: TestApp;
  let developmentOff: TestApp;
  beforeAll(async () => {
    production = await createTestApp({ env: { NODE_ENV: 'production' } });
    productionOn = await createTestApp({ env: { NODE_ENV: 'production', API_DOCS: 'on' } });
    development = await createTestApp({ env: { NODE_ENV: 'development', PAYOUT_SCHEDULER: 'off' } });
    developmentOff = await createTestApp({ env: { NODE_ENV: 'development', PAYOUT_SCHEDULER: 'off', API_DOCS: 'off' } });
  });
  afterAll(async () => {
    for (const t of [production, productionOn, development, developmentOff]) await t?.close();
  });

  it('defaults: off in production, on elsewhere; a value other than on/off is refused', () => {
    expect(loadEnv({ NODE_ENV: 'production', APP_SECRET: 's'.repeat(40) }).API_DOCS).toBe('off');
    expect(loadEnv({}).API_DOCS).toBe('on');
    expect(loadEnv({ NODE_ENV: 'test' }).API_DOCS).toBe('on');
    expect(() => loadEnv({ API_DOCS: 'yes please' })).toThrow(/API_DOCS/);
  });

  it('production answers 404 on every docs address, with no route registered', async () => {
    for (const url of DOC_URLS) {
      const answer = await call(production.app, 'GET', url);
      expect(answer.status, url).toBe(404);
      expect(JSON.stringify(answer.body), url).not.toContain('openapi');
    }
    expect(production.app.registeredRoutes.filter((route) => route.url.startsWith('/api/docs'))).toEqual([]);
  });

  it('production with API_DOCS=on, and development, serve them', async () => {
    for (const t of [productionOn, development]) {
      const json = await call(t.app, 'GET', '/api/docs/json');
      expect(json.status).toBe(200);
      expect(json.body).toHaveProperty('openapi');
      expect([200, 302]).toContain((await call(t.app, 'GET', '/api/docs')).status);
    }
  });

  it('API_DOCS=off turns them off outside production too', async () => {
    expect((await call(developmentOff.app, 'GET', '/api/docs/json')).status).toBe(404);
  });
});
