import { achievedPercent, periodOf, type CreatorListItem, type HistoryEntry } from '@agency/shared';
import type { HistoryRow } from '../activity/index.ts';
import type { CreatorListRow } from './creators.repository.ts';
import { toCreator } from './creators.service.ts';

/** How a creator's list row and a record's history look in the API, shared by the creators' and the members' screens. */

/** The calendar month (UTC) whose figures the lists show: `2026-09`. */
export function currentPeriod(now: Date): string {
  return periodOf(now);
}

export function toCreatorListItem(row: CreatorListRow): CreatorListItem {
  const { figures } = row;
  const ref = (person: CreatorListRow['owner']) =>
    person ? { uid: person.id, firstName: person.firstName, lastName: person.lastName } : null;
  return {
    ...toCreator(row.creator),
    diamonds: figures.diamonds,
    validDays: figures.validDays,
    liveSeconds: figures.liveSeconds,
    matches: figures.matches,
    lastLiveAt: figures.lastLiveAt ? figures.lastLiveAt.toISOString() : null,
    achievedPercent: achievedPercent(figures.validDays, figures.liveSeconds),
    requirementState: figures.requirementState,
    affiliate: ref(row.affiliate),
    owner: ref(row.owner),
    // Filled in by the lists that show the month's forecast (creators.admin.service.ts).
    forecastState: null,
    daysDark: null,
  };
}

/** An activity entry about a record (activity's listHistoryOf) as the API's history entry. */
export function toHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    action: row.action,
    actor: row.actor ? { uid: row.actor.id, firstName: row.actor.firstName, lastName: row.actor.lastName } : null,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    at: row.at.toISOString(),
  };
}

/** The fields of `after` that differ from `before`, as two small objects for the activity log. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const oldValue = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const newValue = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (oldValue !== newValue) {
      was[key] = oldValue ?? null;
      now[key] = newValue ?? null;
    }
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}
