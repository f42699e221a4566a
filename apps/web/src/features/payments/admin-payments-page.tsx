import { REASON_MIN_LENGTH } from '@agency/shared';
import { useState } from 'react';
import { Button, Chip, em, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAYMENT_KINDS, PAYMENT_STATUSES, type MessageCode, type Payment, type PaymentKind, type PaymentStatus } from '@agency/shared';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { downloadFile } from '../../lib/download.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { AdminPaymentCards } from './admin-payment-cards.tsx';
import { useAdminPayments, usePaymentAction, type AdminPaymentAction } from './admin-payments-api.ts';
import { AdminPaymentsTable, memberName } from './admin-payments-table.tsx';
import { AutoRunPanel } from './auto-run-panel.tsx';
import { PaymentDetailsDrawer } from './payment-details-drawer.tsx';
import { PaymentRowActions } from './payment-row-actions.tsx';
import { PayoutBatchBar } from './payout-batch-bar.tsx';
import { usePaymentSelection } from './use-payment-selection.ts';
import { usePayoutBatch } from './use-payout-batch.tsx';

const SUCCESS: Record<AdminPaymentAction, MessageCode> = {
  approve: 'PAYMENT_APPROVED',
  reject: 'PAYMENT_REJECTED',
  paid: 'DETAILS_UPDATED',
  unpaid: 'DETAILS_UPDATED',
};
/** Below Mantine's `md` (62em): cards instead of the table. */
const NARROW = `(max-width: ${em(991.98)})`;

/** `/app/mydesk/transaction`: payments by status and kind, their moves, paying approved ones together, and the automatic run. */
export default function AdminPaymentsPage() {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const [kind, setKind] = useState<PaymentKind | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [searchParams, setSearchParams] = useSearchParams();
  const memberId = searchParams.get('memberId');
  const list = useAdminPayments({ status, kind, memberId, q, page, pageSize });
  const move = usePaymentAction();
  const [asking, setAsking] = useState<{ payment: Payment; action: 'reject' | 'unpaid' } | null>(null);
  const [details, setDetails] = useState<Payment | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const selection = usePaymentSelection(items);
  const batch = usePayoutBatch(selection);

  async function perform(payment: Payment, action: AdminPaymentAction, reason?: string) {
    try {
      const answer = await move.mutateAsync({ id: payment.id, action, ...(reason === undefined ? {} : { reason }) });
      notifySuccess(answer.messageCode ?? SUCCESS[action]);
      setAsking(null);
    } catch (error) {
      notifyError(error);
    }
  }

  async function onAction(payment: Payment, action: AdminPaymentAction) {
    if (action === 'reject' || action === 'unpaid') {
      setAsking({ payment, action });
      return;
    }
    const confirmed = await confirmAction({
      title: t(`admin.confirm.${action}.title`),
      body: t(`admin.confirm.${action}.body`, { amount: format.money(payment.amountCents), name: memberName(payment) }),
      confirmLabel: t(`admin.actions.${action}`),
      destructive: false,
    });
    if (confirmed) await perform(payment, action);
  }

  function downloadInvoice(payment: Payment) {
    setDownloading(payment.id);
    downloadFile(`/admin/payments/${payment.id}/invoice`, `invoice-${payment.invoiceNumber ?? payment.id.slice(0, 8)}.pdf`)
      .catch(notifyError)
      .finally(() => setDownloading(null));
  }

  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const renderActions = (payment: Payment) => (
    <PaymentRowActions
      payment={payment}
      busy={move.isPending && move.variables?.id === payment.id ? move.variables.action : null}
      downloading={downloading === payment.id}
      onAction={(row, action) => void onAction(row, action)}
      onDownload={downloadInvoice}
      onDetails={setDetails}
    />
  );
  const listProps = { items, selection, isFetching: list.isFetching, renderActions };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('admin.title')}
      </Title>
      <AutoRunPanel />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          {memberId && (
            <Group gap="sm">
              <Text size="sm">{t('admin.memberFilter', { name: items[0] ? memberName(items[0]) : '' })}</Text>
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  setSearchParams({});
                  setPage(1);
                }}
              >
                {t('admin.allMembers')}
              </Button>
            </Group>
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('admin.filters.search')}
              placeholder={t('admin.filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 260 }}
            />
            <Select
              label={t('admin.filters.status')}
              placeholder={t('admin.filters.allStatuses')}
              data={PAYMENT_STATUSES.map((value) => ({ value, label: t(statusLabelKey(value)) }))}
              value={status}
              onChange={resetPage((value: string | null) => setStatus(value as PaymentStatus | null))}
              clearable
              w={{ base: '100%', xs: 220 }}
            />
            <Select
              label={t('admin.filters.kind')}
              placeholder={t('admin.filters.allKinds')}
              data={PAYMENT_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
              value={kind}
              onChange={resetPage((value: string | null) => setKind(value as PaymentKind | null))}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <Chip checked={status === 'Approved'} onChange={resetPage((checked: boolean) => setStatus(checked ? 'Approved' : null))} mb={6}>
              {t('admin.filters.approvedOnly')}
            </Chip>
          </Group>
          <PayoutBatchBar
            selection={selection}
            downloading={batch.downloading}
            markingPaid={batch.markingPaid}
            onDownload={batch.download}
            onMarkPaid={() => void batch.confirmPaid()}
          />
          <ListState query={list} isEmpty={items.length === 0} isFiltered={Boolean(status || kind || q)} />
          {items.length > 0 && (
            <>
              {narrow ? <AdminPaymentCards {...listProps} /> : <AdminPaymentsTable {...listProps} />}
              <ListFooter
                total={list.data?.total ?? 0}
                page={page}
                pageSize={pageSize}
                onPage={setPage}
                onPageSize={resetPage(setPageSize)}
                totalLabel={t('admin.total', { count: list.data?.total ?? 0 })}
              />
            </>
          )}
        </Stack>
      </Paper>
      <PaymentDetailsDrawer payment={details} onClose={() => setDetails(null)} />
      {asking && (
        <ReasonDialog
          title={t(`admin.confirm.${asking.action}.title`)}
          body={t(`admin.confirm.${asking.action}.body`, { amount: format.money(asking.payment.amountCents), name: memberName(asking.payment) })}
          reasonLabel={t('reason.label')}
          reasonHint={t('reason.hint', { count: REASON_MIN_LENGTH })}
          confirmLabel={t(`admin.actions.${asking.action}`)}
          loading={move.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => void perform(asking.payment, asking.action, reason)}
        />
      )}
    </Stack>
  );
}
