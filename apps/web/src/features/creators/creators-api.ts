import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatorCreateInput,
  CreatorDeleteResult,
  CreatorDetail,
  CreatorListItem,
  CreatorListQuery,
  CreatorUpdate,
  MemberListItem,
} from '@agency/shared';
import { api, type ApiSuccess } from '../../lib/api-client.ts';

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type CreatorListParams = Partial<Pick<CreatorListQuery, 'q' | 'status' | 'affiliateId' | 'sort'>> & { page: number; pageSize: number };

function toQueryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function useCreatorList(params: CreatorListParams) {
  return useQuery({
    queryKey: ['admin', 'creators', 'list', params],
    queryFn: async () => (await api.get<ListPage<CreatorListItem>>(`/admin/creators${toQueryString(params)}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useCreatorDetail(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'creators', 'detail', id],
    queryFn: async () => (await api.get<CreatorDetail>(`/admin/creators/${id}`)).data,
    enabled: Boolean(id),
  });
}

/** Members for the affiliate picker, searched on the server. */
export function useMemberOptions(q: string) {
  return useQuery({
    queryKey: ['admin', 'members', 'options', q],
    queryFn: async () => (await api.get<ListPage<MemberListItem>>(`/admin/members${toQueryString({ q, pageSize: 20, sort: 'firstName' })}`)).data,
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function useSaveCreator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: CreatorCreateInput | CreatorUpdate }): Promise<ApiSuccess<CreatorListItem>> =>
      id ? api.put<CreatorListItem>(`/admin/creators/${id}`, values) : api.post<CreatorListItem>('/admin/creators', values),
    onSuccess: invalidate,
  });
}

export function useDeleteCreator() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<CreatorDeleteResult>(`/admin/creators/${id}`),
    onSuccess: invalidate,
  });
}
