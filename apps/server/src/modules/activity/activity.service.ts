import type { ActivityActor, ActivityListQuery, ActivityLogEntry, ActivityRecord } from '@agency/shared';
import type { Database } from '../../db/client.ts';
import { personName, resolveActivityReferences, type ResolvedReferences } from './activity-names.repository.ts';
import { listActivityActors, listActivityEntityTypes, listActivityRows, type ActivityRowWithActor } from './activity.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const ACTOR_SUGGESTIONS = 20;

/** A date-only bound is a whole UTC day: `from` starts it, `to` ends after it. */
function parseActivityBound(value: string | undefined, bound: 'from' | 'to'): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return bound === 'from' ? start : new Date(start.getTime() + DAY_MS);
  }
  return new Date(value);
}

const actorName = personName;

/** Record types that name nothing beyond their type (the agency settings are one row). */
const UNNAMED_TYPES = new Set(['settings']);

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * The record of an entry by name. A record that no longer exists keeps what the entry logged:
 * a deleted member's name, a deleted creator's username, an amount, a file name, a month.
 */
function recordOf(row: ActivityRowWithActor, references: ResolvedReferences): ActivityRecord | null {
  if (!row.entityType || !row.entityId || UNNAMED_TYPES.has(row.entityType)) return null;
  const found = references.records.get(`${row.entityType}:${row.entityId.toLowerCase()}`);
  if (found) return { ...found, removed: false };
  const logged = { ...(row.after ?? {}), ...(row.before ?? {}) };
  const fullName = [text(logged.firstName), text(logged.lastName)].filter(Boolean).join(' ');
  const username = text(logged.tiktokUsername);
  const memberId = text(logged.memberId) ?? text(logged.userId);
  return {
    name: fullName || (username ? `@${username}` : null) || text(logged.fileName) || text(logged.title) || (memberId ? (references.names.get(memberId) ?? null) : null),
    amountCents: typeof logged.amountCents === 'number' ? logged.amountCents : null,
    period: text(logged.period),
    removed: true,
    role: text(logged.role),
  };
}

/** The names of the ids inside the entry's values (the page's lookup holds those of every entry). */
function namesOf(row: ActivityRowWithActor, references: ResolvedReferences): Record<string, string> {
  const names: Record<string, string> = {};
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (typeof value === 'string') {
      const name = references.names.get(value.toLowerCase());
      if (name !== undefined) names[value] = name;
    } else if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) visit(item, depth + 1);
  };
  visit(row.before, 0);
  visit(row.after, 0);
  return names;
}

function toEntry(row: ActivityRowWithActor, references: ResolvedReferences): ActivityLogEntry {
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
    record: recordOf(row, references),
    names: namesOf(row, references),
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
      const references = await resolveActivityReferences(db, rows);
      return { items: rows.map((row) => toEntry(row, references)), total, page: query.page, pageSize: query.pageSize };
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
