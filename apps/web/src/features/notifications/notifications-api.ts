import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationCreated, NotificationCreateInput, SentNotification } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import { toQueryString, type ListPage } from '../../lib/list-query.ts';

export type MyNotifications = ListPage<Notification> & { unread: number };

/** `GET /api/me/notifications?page=&pageSize=&unread=`. */
export function useMyNotifications(page: number, pageSize: number, unreadOnly: boolean) {
  return useQuery({
    queryKey: ['me', 'notifications', 'list', page, pageSize, unreadOnly],
    queryFn: async () =>
      (await api.get<MyNotifications>(`/me/notifications${toQueryString({ page, pageSize, unread: unreadOnly ? 'true' : undefined })}`)).data,
    placeholderData: keepPreviousData,
  });
}

/** Marks one read; the list and the header's unread badge refresh. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ id: string; readAt: string }>(`/me/notifications/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'notifications'] }),
  });
}

/** `GET /api/admin/notifications`: what admins sent. */
export function useSentNotifications(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'notifications', page, pageSize],
    queryFn: async () => (await api.get<ListPage<SentNotification>>(`/admin/notifications${toQueryString({ page, pageSize })}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationCreateInput) => api.post<NotificationCreated>('/admin/notifications', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'notifications'] }),
  });
}
