import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityActor, ActivityLogEntry } from '@agency/shared';
import { api } from '../../../lib/api-client.ts';

export interface ActivityFilters {
  actorId: string | null;
  entityType: string | null;
  /** `YYYY-MM-DD` from a date input, a day in the viewer's time zone. */
  fromDay: string;
  toDay: string;
  page: number;
}

export interface ActivityPage {
  items: ActivityLogEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const ACTIVITY_PAGE_SIZE = 20;

/** A local day's start (or, for `end`, the next day's start) as a UTC instant for the API. */
function dayBound(day: string, end: boolean): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + (end ? 1 : 0));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function activityQueryString(filters: ActivityFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(ACTIVITY_PAGE_SIZE) });
  if (filters.actorId) params.set('actorId', filters.actorId);
  if (filters.entityType) params.set('entityType', filters.entityType);
  const from = dayBound(filters.fromDay, false);
  const to = dayBound(filters.toDay, true);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params.toString();
}

export function useActivityPage(filters: ActivityFilters) {
  const query = activityQueryString(filters);
  return useQuery({
    queryKey: ['admin', 'activity', query],
    queryFn: async () => (await api.get<ActivityPage>(`/admin/activity?${query}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useActivityActors(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: ['admin', 'activity', 'actors', q],
    queryFn: async () => (await api.get<ActivityActor[]>(`/admin/activity/actors?${new URLSearchParams(q ? { q } : {}).toString()}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useActivityEntityTypes() {
  return useQuery({
    queryKey: ['admin', 'activity', 'entity-types'],
    queryFn: async () => (await api.get<string[]>('/admin/activity/entity-types')).data,
  });
}
