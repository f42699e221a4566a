import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MyCreator, MyEarnings, MySummary, PeriodChoice } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import type { ListPage } from '../../lib/list-query.ts';

/** `GET /api/me/summary`: this month's figures, the balance and its eligibility. */
export function useMySummary() {
  return useQuery({ queryKey: ['me', 'summary'], queryFn: async () => (await api.get<MySummary>('/me/summary')).data });
}

/** `GET /api/me/earnings?period=`: months oldest first with totals. */
export function useMyEarnings(period: PeriodChoice) {
  return useQuery({
    queryKey: ['me', 'earnings', period],
    queryFn: async () => (await api.get<MyEarnings>(`/me/earnings?period=${period}`)).data,
    placeholderData: keepPreviousData,
  });
}

/** The member's creators, failing and at-risk ones first (the server's order). */
export function useMyCreatorsByRequirement(pageSize: number) {
  return useQuery({
    queryKey: ['me', 'creators', 'byRequirement', pageSize],
    queryFn: async () => (await api.get<ListPage<MyCreator>>(`/me/creators?page=1&pageSize=${pageSize}`)).data,
  });
}
