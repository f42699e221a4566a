import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { periodInZone } from '../ledger/index.ts';
import { getSettingsRow } from '../settings-row/index.ts';
import { runAutomaticPayments } from './auto-run.ts';

/** 00:05 on the 15th of every month (docs/product.md §11: automatic monthly payments). */
export const PAYOUT_CRON = '5 0 15 * *';

export interface PayoutScheduler {
  stop(): void;
}

/**
 * Starts the monthly job in the payout time zone of the settings (the server's zone when none is
 * set). The zone is read at start: a change takes effect after a restart. Several instances may
 * all fire: the run is idempotent per member and month (unique index and advisory lock).
 */
export async function startPayoutScheduler(deps: { db: Database; clock: Clock; log: FastifyBaseLogger }): Promise<PayoutScheduler> {
  const { db, clock, log } = deps;
  const timeZone = (await getSettingsRow(db)).payoutTimeZone ?? undefined;
  const job = new Cron(PAYOUT_CRON, { ...(timeZone ? { timezone: timeZone } : {}), protect: true }, async () => {
    const now = clock.now();
    const period = periodInZone(now, timeZone ?? null);
    try {
      const result = await runAutomaticPayments(db, { period, trigger: 'schedule', now });
      log.info({ payoutRun: result }, 'automatic payments processed');
    } catch (error) {
      log.error({ err: error, period }, 'automatic payments failed');
    }
  });
  return { stop: () => job.stop() };
}
