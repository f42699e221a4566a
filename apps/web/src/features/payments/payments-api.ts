import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment, PaymentRequestInput } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import { toQueryString, type ListPage } from '../../lib/list-query.ts';

/** `GET /api/me/payments`: the member's own payments, newest first. */
export function useMyPayments(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['me', 'payments', page, pageSize],
    queryFn: async () => (await api.get<ListPage<Payment>>(`/me/payments${toQueryString({ page, pageSize })}`)).data,
    placeholderData: keepPreviousData,
  });
}

/** A change of a payment moves the balance too: refresh the payments, the summary and the deductions (features/deductions). */
function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['me', 'payments'] }),
      queryClient.invalidateQueries({ queryKey: ['me', 'summary'] }),
      queryClient.invalidateQueries({ queryKey: ['me', 'deductions'] }),
    ]);
}

export function useRequestPayment() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: PaymentRequestInput) => api.post<Payment>('/me/payments', input),
    onSuccess: refresh,
  });
}

export function useCancelPayment() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.post<Payment>(`/me/payments/${id}/cancel`, { reason }),
    onSuccess: refresh,
  });
}

/** `PUT .../invoice` with a file sets a custom invoice; `DELETE` switches back to the default one. */
export function useInvoicePreference() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File | null }) => {
      if (!file) return api.delete<Payment>(`/me/payments/${id}/invoice`);
      const form = new FormData();
      form.append('file', file);
      return api.put<Payment>(`/me/payments/${id}/invoice`, form);
    },
    onSuccess: refresh,
  });
}
