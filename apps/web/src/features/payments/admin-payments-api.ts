import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoRunResult, Payment, PaymentBatchResult, PaymentKind, PaymentStatus, PayoutRun, TransferListFormat } from '@agency/shared';
import { api } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { toQueryString, type ListPage } from '../../lib/list-query.ts';

export interface AdminPaymentsFilter {
  status: PaymentStatus | null;
  kind: PaymentKind | null;
  /** One member's payments (from the member's page), or everybody's. */
  memberId: string | null;
  q: string;
  page: number;
  pageSize: number;
}

export type AdminPaymentAction = 'approve' | 'reject' | 'paid' | 'unpaid';

/** `GET /api/admin/payments?status=&kind=&memberId=&q=&page=&pageSize=`. */
export function useAdminPayments(filter: AdminPaymentsFilter) {
  return useQuery({
    queryKey: ['admin', 'payments', filter],
    queryFn: async () =>
      (await api.get<ListPage<Payment>>(`/admin/payments${toQueryString({ ...filter, q: filter.q || undefined })}`)).data,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/payments/:id/<action>`; reject and unpaid carry `{ reason }`. */
export function usePaymentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: AdminPaymentAction; reason?: string }) =>
      api.post<Payment>(`/admin/payments/${id}/${action}`, reason === undefined ? {} : { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}

/** `POST /api/admin/payments/paid` `{ ids }`: the chosen approved payments marked Paid together (all or none). */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => api.post<PaymentBatchResult>('/admin/payments/paid', { ids }),
    // A refusal too: the list shows what another admin changed meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}

/** `POST /api/admin/payments/transfer-list` `{ ids, format }`: the file for the bank, saved by the browser. */
export function downloadTransferList(ids: readonly string[], format: TransferListFormat): Promise<void> {
  return downloadFile('/admin/payments/transfer-list', `transfer-list.${format}`, { body: { ids, format } });
}

/** `POST /api/admin/payments/auto-run`: "Process all automatic payments". */
export function useAutoRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<AutoRunResult>('/admin/payments/auto-run')).data,
    // The runs too: a run that failed is now shown as interrupted.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}

/** `GET /api/admin/payments/runs`: the latest automatic runs (running, finished, interrupted), newest first. */
export function usePayoutRuns() {
  return useQuery({
    queryKey: ['admin', 'payments', 'runs'],
    queryFn: async () => (await api.get<PayoutRun[]>('/admin/payments/runs')).data,
    retry: false,
  });
}
