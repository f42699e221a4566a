import type { DatabaseHandle } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pingDatabase } from './health.repository.ts';

const PING_TIMEOUT_MS = 2000;

export function createHealthService(deps: { database: DatabaseHandle }) {
  return {
    /** `select 1` within two seconds, else 503: a load balancer takes the instance out. */
    async check(): Promise<{ ok: true; db: DatabaseHandle['kind'] }> {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDatabase(deps.database.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE');
      } finally {
        clearTimeout(timer);
      }
      return { ok: true, db: deps.database.kind };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
