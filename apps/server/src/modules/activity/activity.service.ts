import type { ActivityActor, ActivityListQuery, ActivityLogEntry } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { listActivityActors, listActivityEntityTypes, listActivityRows, type ActivityRowWithActor } from './activity.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const ACTOR_SUGGESTIONS = 20;

/** A date-only bound is a whole UTC day: `from` starts it, `to` ends after it. */
export function parseActivityBound(value: string | undefined, bound: 'from' | 'to'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return bound === 'from' ? start : new Date(start.getTime() + DAY_MS);
  }
  return new Date(value);
}

function actorName(row: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null }): string {
  const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return name || row.email || row.phone || '';
}

function toEntry(row: ActivityRowWithActor): ActivityLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId
      ? { uid: row.actorId, name: actorName({ firstName: row.actorFirstName, lastName: row.actorLastName, email: row.actorEmail, phone: row.actorPhone }) }
      : null,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** The read side of the activity log; entries are written by `recordActivity` in each module. */
export function createActivityService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async listActivity(query: ActivityListQuery) {
      const { rows, total } = await listActivityRows(
        db,
        {
          actorId: query.actorId,
          entityType: query.entityType,
          action: query.action,
          from: parseActivityBound(query.from, 'from'),
          to: parseActivityBound(query.to, 'to'),
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items: rows.map(toEntry), total, page: query.page, pageSize: query.pageSize };
    },

    async listActors(search: string | undefined): Promise<ActivityActor[]> {
      const rows = await listActivityActors(db, search, ACTOR_SUGGESTIONS);
      return rows.map((row) => ({ uid: row.id, name: actorName(row) }));
    },

    listEntityTypes(): Promise<string[]> {
      return listActivityEntityTypes(db);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
