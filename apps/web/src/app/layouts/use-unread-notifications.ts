import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Polls the member's unread count every minute (`GET /api/me/notifications?pageSize=1`). */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'notifications', 'unread'],
    queryFn: async () => (await api.get<{ unread: number }>('/me/notifications?pageSize=1')).data.unread,
    enabled,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    // A background poll: no progress bar, and a failure keeps the last count.
    meta: { progress: false },
    retry: false,
  });
}
