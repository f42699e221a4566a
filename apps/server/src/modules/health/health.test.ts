import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the database kind of this run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const expected = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
    expect(response.json()).toEqual({ error: false, data: { ok: true, db: expected } });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database does not answer', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: true,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable',
      data: { ok: false, db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' },
    });
    expect(response.headers['retry-after']).toBe('5');
    await broken.app.close();
    await broken.database.close().catch(() => undefined);
  });
});
