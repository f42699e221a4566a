import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../../../test/helpers.ts';
import { PAYOUT_CRON } from './scheduler.ts';

describe('payout schedule', () => {
  it('fires at 00:05 on the 15th in the configured zone', () => {
    const job = new Cron(PAYOUT_CRON, { timezone: 'Europe/Istanbul', paused: true });
    expect(job.nextRun(new Date('2026-03-01T00:00:00Z'))?.toISOString()).toBe('2026-03-14T21:05:00.000Z');
    job.stop();
  });

  it('is off by default in tests and on otherwise', () => {
    expect(testEnv().PAYOUT_SCHEDULER).toBe('off');
    expect(testEnv({ NODE_ENV: 'development' }).PAYOUT_SCHEDULER).toBe('on');
    expect(testEnv({ PAYOUT_SCHEDULER: 'off', NODE_ENV: 'development' }).PAYOUT_SCHEDULER).toBe('off');
  });
});
