import type { Executor } from '../../db/client.ts';
import { activityLog } from './activity.table.ts';

export interface ActivityEntry {
  actorId: string | null;
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
  at: Date;
}

/** Appends one entry; callers pass only non-secret fields. */
export async function recordActivity(db: Executor, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    at: entry.at,
  });
}
