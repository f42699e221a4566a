import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deduction, DeductionCreateInput } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import { toQueryString, type ListPage } from '../../lib/list-query.ts';

/** `GET /api/me/deductions`; `openCents` is used when the server sends it. */
export type MyDeductions = ListPage<Deduction> & { openCents?: number };

/** `GET /api/me/deductions`: the member's own deductions, newest first. */
export function useMyDeductions(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['me', 'deductions', page, pageSize],
    queryFn: async () => (await api.get<MyDeductions>(`/me/deductions${toQueryString({ page, pageSize })}`)).data,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/deductions?memberId=&page=&pageSize=`. */
export function useAdminDeductions(memberId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'deductions', memberId, page, pageSize],
    queryFn: async () => (await api.get<ListPage<Deduction>>(`/admin/deductions${toQueryString({ memberId, page, pageSize })}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useAddDeduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeductionCreateInput) => api.post<Deduction>('/admin/deductions', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'deductions'] }),
  });
}

export function useDeleteDeduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/admin/deductions/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'deductions'] }),
  });
}
