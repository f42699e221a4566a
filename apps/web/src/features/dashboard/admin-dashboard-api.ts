import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@agency/shared';
import { api } from '../../lib/api-client.ts';

/** `GET /api/admin/dashboard`: this month's figures (the server's clock decides the month). */
export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => (await api.get<AdminDashboard>('/admin/dashboard')).data,
  });
}
