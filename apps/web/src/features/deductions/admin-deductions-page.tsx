import { useState } from 'react';
import { Anchor, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Deduction } from '@agency/shared';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { DeductionForm } from './deduction-form.tsx';
import { useAdminDeductions, useDeleteDeduction } from './deductions-api.ts';

const MEMBER_PATH = '/app/mydesk/usersProfile';

/** The admin's deductions: add one for a member, list them (the chosen member's), delete an open one. */
export default function AdminDeductionsPage() {
  const { t } = useTranslation('deductions');
  const format = useFormatters();
  const [searchParams] = useSearchParams();
  // Opened from a member's page (`?memberId=`): that member is chosen.
  const [memberId, setMemberId] = useState<string | null>(() => searchParams.get('memberId'));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useAdminDeductions(memberId, page, pageSize);
  const remove = useDeleteDeduction();
  const items = list.data?.items ?? [];
  const nameOf = (deduction: Deduction) => (deduction.member ? `${deduction.member.firstName} ${deduction.member.lastName}` : '');

  async function onDelete(deduction: Deduction) {
    const confirmed = await confirmAction({
      body: t('delete.body', { amount: format.money(deduction.amountCents), name: nameOf(deduction) }),
      confirmLabel: t('delete.confirm'),
    });
    if (!confirmed) return;
    try {
      const answer = await remove.mutateAsync(deduction.id);
      notifySuccess(answer.messageCode ?? 'DEDUCTION_DELETED');
    } catch (error) {
      notifyError(error instanceof ApiError && error.status > 0 && error.status < 500 ? error : new ApiError(409, 'DEDUCTION_DELETE_FAILED', ''));
    }
  }

  const columns: DataColumn<Deduction>[] = [
    {
      key: 'member',
      label: t('columns.member'),
      card: 'title',
      cell: (deduction) => (
        <Anchor component={Link} to={`${MEMBER_PATH}?id=${deduction.memberId}`} size="sm" fw={600}>
          {nameOf(deduction) || deduction.memberId.slice(0, 8)}
        </Anchor>
      ),
    },
    {
      key: 'amount',
      label: t('columns.amount'),
      numeric: true,
      card: 'amount',
      cell: (deduction) => (
        <Text span inherit fw={600}>
          {format.money(deduction.amountCents)}
        </Text>
      ),
    },
    { key: 'reason', label: t('columns.reason'), wrap: true, priority: 2, cell: (deduction) => deduction.reason ?? t('noReason') },
    { key: 'date', label: t('columns.date'), priority: 1, cell: (deduction) => format.date(deduction.createdAt) },
    {
      key: 'state',
      label: t('columns.state'),
      card: 'status',
      cell: (deduction) => (
        <Badge variant="light" color={deduction.paymentId !== null ? 'gray' : 'orange'}>
          {t(deduction.paymentId !== null ? 'state.consumed' : 'state.open')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: t('columns.actions'),
      card: 'actions',
      cell: (deduction) => {
        const consumed = deduction.paymentId !== null;
        return (
          <Stack gap={2} align="flex-start">
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} aria-hidden />}
              disabled={consumed}
              loading={remove.isPending && remove.variables === deduction.id}
              onClick={() => void onDelete(deduction)}
            >
              {t('common:actions.delete')}
            </Button>
            {consumed && (
              <Text size="xs" c="dimmed" maw="14rem" style={{ whiteSpace: 'normal' }}>
                {t('delete.consumedHint')}
              </Text>
            )}
          </Stack>
        );
      },
    },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('admin.title')}
        </Title>
        <Text c="dimmed">{t('admin.intro')}</Text>
      </Stack>
      <DeductionForm
        memberId={memberId}
        onMemberChange={(id) => {
          setMemberId(id);
          setPage(1);
        }}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            {memberId ? t('admin.listOfMember') : t('admin.listAll')}
          </Title>
          <ListState query={list} isEmpty={items.length === 0} isFiltered={Boolean(memberId)} />
          {items.length > 0 && (
            <>
              <DataList rows={items} rowKey={(deduction) => deduction.id} rowLabel={(deduction) => nameOf(deduction) || format.money(deduction.amountCents)} columns={columns} />
              <ListFooter
                total={list.data?.total ?? 0}
                page={page}
                pageSize={pageSize}
                onPage={setPage}
                onPageSize={(size) => {
                  setPageSize(size);
                  setPage(1);
                }}
                totalLabel={t('admin.total', { count: list.data?.total ?? 0 })}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
