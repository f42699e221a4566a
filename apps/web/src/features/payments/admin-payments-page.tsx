import { REASON_MIN_LENGTH } from '@agency/shared';
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_KINDS, PAYMENT_STATUSES, type MessageCode, type Payment, type PaymentKind, type PaymentStatus } from '@agency/shared';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { usePaymentMonths } from '../../components/payments/payment-months.ts';
import { PaymentStatusBadge } from '../../components/payments/payment-status-badge.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { confirmAction } from '../../lib/confirm.ts';
import { downloadFile } from '../../lib/download.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { useAdminPayments, usePaymentAction, type AdminPaymentAction } from './admin-payments-api.ts';
import { AutoRunPanel } from './auto-run-panel.tsx';
import { PaymentRowActions } from './payment-row-actions.tsx';

const MEMBER_PATH = '/app/mydesk/usersProfile';
const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
const SUCCESS: Record<AdminPaymentAction, MessageCode> = {
  approve: 'PAYMENT_APPROVED',
  reject: 'PAYMENT_REJECTED',
  paid: 'DETAILS_UPDATED',
  unpaid: 'DETAILS_UPDATED',
};

/** `/app/mydesk/transaction`: payments by status and kind, their moves, and the automatic run. */
export default function AdminPaymentsPage() {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const months = usePaymentMonths();
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
  const [downloading, setDownloading] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const memberName = (payment: Payment) => (payment.member ? `${payment.member.firstName} ${payment.member.lastName}` : '');

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

  function download(payment: Payment) {
    setDownloading(payment.id);
    downloadFile(`/admin/payments/${payment.id}/invoice`, `invoice-${payment.invoiceNumber ?? payment.id.slice(0, 8)}.pdf`)
      .catch(notifyError)
      .finally(() => setDownloading(null));
  }

  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

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
          </Group>
          <ListState query={list} isEmpty={items.length === 0} isFiltered={Boolean(status || kind || q)} />
          {items.length > 0 && (
            <>
              <Table.ScrollContainer minWidth={1100}>
                <Table striped verticalSpacing="sm" aria-busy={list.isFetching}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.columns.member')}</Table.Th>
                      <Table.Th ta="right">{t('fields.amount')}</Table.Th>
                      <Table.Th ta="right">{t('fields.gross')}</Table.Th>
                      <Table.Th ta="right">{t('fields.deductions')}</Table.Th>
                      <Table.Th>{t('fields.months')}</Table.Th>
                      <Table.Th>{t('fields.status')}</Table.Th>
                      <Table.Th>{t('fields.kind')}</Table.Th>
                      <Table.Th>{t('fields.created')}</Table.Th>
                      <Table.Th>{t('admin.columns.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((payment) => (
                      <Table.Tr key={payment.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`${MEMBER_PATH}?id=${payment.memberId}`} size="sm" fw={600}>
                            {memberName(payment) || payment.memberId.slice(0, 8)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right" style={NUMERIC} fw={600}>
                          {format.money(payment.amountCents)}
                        </Table.Td>
                        <Table.Td ta="right" style={NUMERIC}>
                          {format.money(payment.grossCents)}
                        </Table.Td>
                        <Table.Td ta="right" style={NUMERIC}>
                          {format.money(payment.deductionsCents)}
                        </Table.Td>
                        <Table.Td>{months(payment.periods)}</Table.Td>
                        <Table.Td>
                          <PaymentStatusBadge status={payment.status} />
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
                            {t(`kind.${payment.kind}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{format.date(payment.createdAt)}</Table.Td>
                        <Table.Td>
                          <PaymentRowActions
                            payment={payment}
                            busy={move.isPending && move.variables?.id === payment.id ? move.variables.action : null}
                            downloading={downloading === payment.id}
                            onAction={(row, action) => void onAction(row, action)}
                            onDownload={download}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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
