import { useState } from 'react';
import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransferListFormat } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { downloadTransferList, useMarkPaid } from './admin-payments-api.ts';
import { memberName, NUMERIC } from './admin-payments-table.tsx';
import type { PaymentSelection } from './use-payment-selection.ts';

/** The confirmation's list: each holder and amount, then the total. */
function PaidBatchSummary({ body, rows, totalLabel, total }: { body: string; rows: { id: string; name: string; amount: string }[]; totalLabel: string; total: string }) {
  return (
    <Stack gap="sm">
      <Text size="sm">{body}</Text>
      <ScrollArea.Autosize mah={260} type="auto">
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right" style={NUMERIC}>
                  {row.amount}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{totalLabel}</Table.Th>
              <Table.Th ta="right" style={NUMERIC}>
                {total}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The transfer list download and the confirmed "mark as paid" of the chosen payments. */
export function usePayoutBatch(selection: PaymentSelection) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const markPaid = useMarkPaid();
  const [downloading, setDownloading] = useState<TransferListFormat | null>(null);

  /** A refused batch names the payments that did not fit (paid or changed by someone else meanwhile): they leave the choice. */
  function refused(error: unknown) {
    if (error instanceof ApiError) selection.remove(error.details.flatMap((detail) => (detail.path ? [detail.path] : [])));
    notifyError(error);
  }

  function download(listFormat: TransferListFormat) {
    setDownloading(listFormat);
    downloadTransferList(
      selection.payments.map((payment) => payment.id),
      listFormat,
    )
      .catch(refused)
      .finally(() => setDownloading(null));
  }

  async function confirmPaid() {
    const chosen = selection.payments;
    const total = format.money(selection.totalCents);
    const confirmed = await confirmAction({
      title: t('admin.batch.confirmTitle', { count: chosen.length }),
      body: (
        <PaidBatchSummary
          body={t('admin.batch.confirmBody', { total })}
          rows={chosen.map((payment) => ({ id: payment.id, name: payment.bank?.holderName ?? memberName(payment), amount: format.money(payment.amountCents) }))}
          totalLabel={t('admin.batch.total')}
          total={total}
        />
      ),
      confirmLabel: t('admin.batch.markPaid'),
      destructive: false,
    });
    if (!confirmed) return;
    try {
      const answer = await markPaid.mutateAsync(chosen.map((payment) => payment.id));
      selection.remove(answer.data.payments.map((payment) => payment.id));
      notifySuccess(answer.messageCode ?? 'PAYMENTS_PAID');
    } catch (error) {
      refused(error);
    }
  }

  return { downloading, download, confirmPaid, markingPaid: markPaid.isPending };
}
