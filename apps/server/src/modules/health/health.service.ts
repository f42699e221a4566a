import type { DatabaseHandle } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

const PING_TIMEOUT_MS = 2000;

export interface HealthState {
  ok: boolean;
  db: DatabaseHandle['kind'];
}

export function createHealthService(deps: { database: DatabaseHandle }) {
  return {
    /** `select 1` within two seconds: `ok: false` otherwise, which the route answers with 503. */
    async check(): Promise<HealthState> {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDatabase(deps.database.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]);
        return { ok: true, db: deps.database.kind };
      } catch {
        return { ok: false, db: deps.database.kind };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
