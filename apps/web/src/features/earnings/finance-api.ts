import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminFinance, PeriodChoice } from '@agency/shared';
import { api } from '../../lib/api-client.ts';

/** `GET /api/admin/finance?period=`: totals, months oldest first, top 10 members. */
export function useAdminFinance(period: PeriodChoice) {
  return useQuery({
    queryKey: ['admin', 'finance', period],
    queryFn: async () => (await api.get<AdminFinance>(`/admin/finance?period=${period}`)).data,
    placeholderData: keepPreviousData,
  });
}
