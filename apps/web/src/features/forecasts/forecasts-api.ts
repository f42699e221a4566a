import { useQuery } from '@tanstack/react-query';
import type { AdminForecasts, MyForecast } from '@agency/shared';
import { api } from '../../lib/api-client.ts';

/** `GET /api/admin/forecasts`: the agency's month forecast (the server's clock decides the month). */
export function useAdminForecasts() {
  return useQuery({
    queryKey: ['admin', 'forecasts'],
    queryFn: async () => (await api.get<AdminForecasts>('/admin/forecasts')).data,
  });
}

/** `GET /api/me/forecast`: the member's projected month and their creators' forecasts. */
export function useMyForecast() {
  return useQuery({
    queryKey: ['me', 'forecast'],
    queryFn: async () => (await api.get<MyForecast>('/me/forecast')).data,
  });
}
