import type { ActivityAction } from '@agency/shared';
import { and, asc, count, desc, eq, exists, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { foldedContains, phoneContains } from '../../db/search.ts';
import { users } from '../../db/tables/members.table.ts';
import { activityLog, type ActivityRow } from '../../db/tables/activity.table.ts';

export interface ActivityEntry {
  actorId: string | null;
  action: ActivityAction;
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

/** Many entries in one insert (each column one array; the automatic run writes one per payment). */
export async function recordActivities(db: Executor, entries: readonly ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);
  await db.execute(sql`
    insert into ${activityLog} (actor_id, action, entity_type, entity_id, before, after, ip, at)
    select actor_id, action, entity_type, entity_id, before::jsonb, after::jsonb, ip, at
    from unnest(
      ${sql.param(entries.map((entry) => entry.actorId))}::uuid[],
      ${sql.param(entries.map((entry) => entry.action))}::text[],
      ${sql.param(entries.map((entry) => entry.entityType ?? null))}::text[],
      ${sql.param(entries.map((entry) => entry.entityId ?? null))}::text[],
      ${sql.param(entries.map((entry) => json(entry.before)))}::text[],
      ${sql.param(entries.map((entry) => json(entry.after)))}::text[],
      ${sql.param(entries.map((entry) => entry.ip ?? null))}::text[],
      ${sql.param(entries.map((entry) => entry.at.toISOString()))}::timestamptz[]
    ) as t(actor_id, action, entity_type, entity_id, before, after, ip, at)
  `);
}

// ---- the read side ----

export interface ActivityFilter {
  actorId?: string | undefined;
  entityType?: string | undefined;
  action?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

export interface ActivityRowWithActor extends ActivityRow {
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
  actorPhone: string | null;
}

function whereOf(filter: ActivityFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(activityLog.actorId, filter.actorId));
  if (filter.entityType) conditions.push(eq(activityLog.entityType, filter.entityType));
  if (filter.action) conditions.push(eq(activityLog.action, filter.action));
  if (filter.from) conditions.push(gte(activityLog.at, filter.from));
  if (filter.to) conditions.push(lt(activityLog.at, filter.to));
  return and(...conditions);
}

/** One page of entries, newest first, with the actor's name (null when the actor is gone). */
export async function listActivityRows(
  db: Executor,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ActivityRowWithActor[]; total: number }> {
  const where = whereOf(filter);
  const [totalRow] = await db.select({ value: count() }).from(activityLog).where(where);
  const rows = await db
    .select({
      entry: activityLog,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      actorPhone: users.phone,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(where)
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: totalRow?.value ?? 0,
    rows: rows.map(({ entry, ...actor }) => ({ ...entry, ...actor })),
  };
}

/** Accounts that appear as actors in the log, searched on names, e-mail and phone. */
export async function listActivityActors(db: Executor, search: string | undefined, limit: number) {
  const conditions: SQL[] = [
    exists(db.select({ one: sql`1` }).from(activityLog).where(eq(activityLog.actorId, users.id))),
  ];
  if (search) {
    // Folded by the Turkish and Azerbaijani i rules (db/search.ts).
    const match = or(
      foldedContains(users.firstName, search),
      foldedContains(users.lastName, search),
      foldedContains(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
      foldedContains(users.email, search),
      phoneContains(users.phone, search),
    );
    if (match) conditions.push(match);
  }
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

/** The record types that occur in the log, for the filter chips. */
export async function listActivityEntityTypes(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ entityType: activityLog.entityType })
    .from(activityLog)
    .where(isNotNull(activityLog.entityType))
    .orderBy(asc(activityLog.entityType));
  return rows.map((row) => row.entityType).filter((type): type is string => type !== null);
}

/** An activity entry about one record, with who made it (null when the actor is gone). */
export interface HistoryRow {
  id: string;
  action: string;
  entityType: string | null;
  entityId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
  actor: { id: string; firstName: string; lastName: string } | null;
}

const actors = alias(users, 'actors');

/** Activity entries about one record, newest first. */
export async function listHistoryOf(db: Executor, entityType: string, entityId: string, limit = 100): Promise<HistoryRow[]> {
  const rows = await db
    .select({
      id: activityLog.id,
      action: activityLog.action,
      entityType: activityLog.entityType,
      entityId: activityLog.entityId,
      before: activityLog.before,
      after: activityLog.after,
      at: activityLog.at,
      actor: { id: actors.id, firstName: actors.firstName, lastName: actors.lastName },
    })
    .from(activityLog)
    .leftJoin(actors, eq(actors.id, activityLog.actorId))
    .where(and(eq(activityLog.entityType, entityType), eq(activityLog.entityId, entityId)))
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(limit);
  return rows;
}
