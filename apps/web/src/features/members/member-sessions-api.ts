import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@agency/shared';
import { api } from '../../lib/api-client.ts';

const memberSessionsKey = (memberId: string) => ['admin', 'members', 'sessions', memberId] as const;

/** `GET /api/admin/members/:id/sessions`: the member's live sessions. */
export function useMemberSessions(memberId: string) {
  return useQuery({
    queryKey: memberSessionsKey(memberId),
    queryFn: async () => (await api.get<Session[]>(`/admin/members/${encodeURIComponent(memberId)}/sessions`)).data,
  });
}

/** `DELETE /api/admin/sessions/:id`: signs the member out on that device; the list refreshes. */
export function useEndMemberSession(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<object>(`/admin/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: memberSessionsKey(memberId) }),
  });
}
