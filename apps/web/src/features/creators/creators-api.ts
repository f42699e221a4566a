import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatorCreateInput,
  CreatorDeleteResult,
  CreatorDetail,
  CreatorListItem,
  CreatorListQuery,
  CreatorUpdate,
} from '@agency/shared';
import { api, type ApiSuccess } from '../../lib/api-client.ts';
import { toQueryString, type ListPage } from '../../lib/list-query.ts';


export type CreatorListParams = Partial<Pick<CreatorListQuery, 'q' | 'status' | 'affiliateId' | 'requirement' | 'forecast' | 'sort'>> & { page: number; pageSize: number };


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
