import { useState } from 'react';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { useFormatters } from '../../lib/format.ts';
import { NotificationForm } from './notification-form.tsx';
import { useSentNotifications } from './notifications-api.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** `/app/mydesk/notification` (admin): write to members, and what was sent with its read counts. */
export default function AdminNotificationsPage() {
  const { t } = useTranslation('notifications');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useSentNotifications(page, pageSize);
  const items = list.data?.items ?? [];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('admin.title')}
      </Title>
      <NotificationForm />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('admin.sentTitle')}
          </Title>
          <ListState query={list} isEmpty={items.length === 0} isFiltered={false} />
          {items.length > 0 && (
            <>
              <Table.ScrollContainer minWidth={760}>
                <Table striped verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.columns.notification')}</Table.Th>
                      <Table.Th>{t('admin.columns.sentBy')}</Table.Th>
                      <Table.Th>{t('admin.columns.date')}</Table.Th>
                      <Table.Th ta="right">{t('admin.columns.recipients')}</Table.Th>
                      <Table.Th ta="right">{t('admin.columns.read')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td maw={420}>
                          <Text size="sm" fw={600}>
                            {item.title}
                          </Text>
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {item.message}
                          </Text>
                        </Table.Td>
                        <Table.Td>{item.createdBy ? `${item.createdBy.firstName} ${item.createdBy.lastName}` : ''}</Table.Td>
                        <Table.Td>{format.dateTime(item.createdAt)}</Table.Td>
                        <Table.Td ta="right" style={NUMERIC}>
                          {format.number(item.recipients)}
                        </Table.Td>
                        <Table.Td ta="right" style={NUMERIC}>
                          {format.number(item.read)}
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
