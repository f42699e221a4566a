import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MemberAdminListQuery,
  MemberCreateInput,
  MemberDeleteResult,
  MemberDetail,
  MemberListItem,
  MemberUpdate,
} from '@agency/shared';
import { api, type ApiSuccess } from '../../lib/api-client.ts';
import { toQueryString, type ListPage } from '../../lib/list-query.ts';


export type MemberListParams = Partial<Pick<MemberAdminListQuery, 'q' | 'status' | 'bankStatus' | 'sort'>> & {
  page: number;
  pageSize: number;
};


const MEMBERS_KEY = ['admin', 'members'] as const;

export function useMemberList(params: MemberListParams) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'list', params],
    queryFn: async () => (await api.get<ListPage<MemberListItem>>(`/admin/members${toQueryString(params)}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useMemberDetail(id: string | null) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, 'detail', id],
    queryFn: async () => (await api.get<MemberDetail>(`/admin/members/${id}`)).data,
    enabled: Boolean(id),
  });
}

/** Every change refreshes the members' lists and pages (creators lists show affiliates too). */
function useInvalidatePeople() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function useSaveMember() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: MemberCreateInput | MemberUpdate }): Promise<ApiSuccess<MemberListItem>> =>
      id ? api.put<MemberListItem>(`/admin/members/${id}`, values) : api.post<MemberListItem>('/admin/members', values),
    onSuccess: invalidate,
  });
}

export function useDeleteMember() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: string) => api.delete<MemberDeleteResult>(`/admin/members/${id}`),
    onSuccess: invalidate,
  });
}

export function useVerifyBank() {
  const invalidate = useInvalidatePeople();
  return useMutation({
    mutationFn: (id: string) => api.post<{ uid: string; bankStatus: string }>(`/admin/members/${id}/bank/verify`),
    onSuccess: invalidate,
  });
}
