import { useState } from 'react';
import { Anchor, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Deduction } from '@agency/shared';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { DeductionForm } from './deduction-form.tsx';
import { useAdminDeductions, useDeleteDeduction } from './deductions-api.ts';

const MEMBER_PATH = '/app/mydesk/usersProfile';
const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

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
              <Table.ScrollContainer minWidth={760}>
                <Table striped verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.member')}</Table.Th>
                      <Table.Th ta="right">{t('columns.amount')}</Table.Th>
                      <Table.Th>{t('columns.reason')}</Table.Th>
                      <Table.Th>{t('columns.date')}</Table.Th>
                      <Table.Th>{t('columns.state')}</Table.Th>
                      <Table.Th>{t('columns.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((deduction) => {
                      const consumed = deduction.paymentId !== null;
                      return (
                        <Table.Tr key={deduction.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`${MEMBER_PATH}?id=${deduction.memberId}`} size="sm" fw={600}>
                              {nameOf(deduction) || deduction.memberId.slice(0, 8)}
                            </Anchor>
                          </Table.Td>
                          <Table.Td ta="right" style={NUMERIC} fw={600}>
                            {format.money(deduction.amountCents)}
                          </Table.Td>
                          <Table.Td>{deduction.reason ?? t('noReason')}</Table.Td>
                          <Table.Td>{format.date(deduction.createdAt)}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={consumed ? 'gray' : 'orange'} style={{ textTransform: 'none' }}>
                              {t(consumed ? 'state.consumed' : 'state.open')}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
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
                              <Text size="xs" c="dimmed">
                                {t('delete.consumedHint')}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
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
