import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDecision, ApplicationReviewItem } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import type { ListPage } from '../../lib/list-query.ts';


export function usePendingApplications(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'applications', 'pending', page, pageSize],
    queryFn: async () => (await api.get<ListPage<ApplicationReviewItem>>(`/admin/applications?status=pending&page=${page}&pageSize=${pageSize}`)).data,
  });
}

export function useReviewApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'reject'; reason?: string }) =>
      api.post<ApplicationDecision>(`/admin/applications/${id}/${action}`, action === 'reject' ? { reason } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
