import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { settings } from '../../db/schema.ts';

describe('GET /api/settings/public', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the defaults without sign-in, and only public fields', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: false,
      data: {
        agencyName: 'Agency',
        pageTitle: 'Agency portal',
        pageDescription: '',
        contactPhone: '',
        contactEmail: '',
        contactAddress: '',
        supportHours: 'Weekdays 10:00-17:00',
        referralsEnabled: true,
        logoUrl: null,
      },
    });
  });

  it('keeps one settings row with the default commission tiers and diamond value', async () => {
    await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    const rows = await t.db.select().from(settings);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.commissionTiers).toEqual([
      { fromDiamonds: 0, toDiamonds: 2_999_999, rateBps: 100 },
      { fromDiamonds: 3_000_000, toDiamonds: 5_000_000, rateBps: 200 },
      { fromDiamonds: 5_000_001, toDiamonds: null, rateBps: 300 },
    ]);
    expect(rows[0]!.diamondValueMicros).toBe(5000);
    await expect(t.db.insert(settings).values({ id: 2 })).rejects.toThrow();
  });
});
