import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { useFormatters } from '../../lib/format.ts';
import { NotificationForm } from './notification-form.tsx';
import type { SentNotification } from '@agency/shared';
import { useSentNotifications } from './notifications-api.ts';

/** `/app/mydesk/notification` (admin): write to members, and what was sent with its read counts. */
export default function AdminNotificationsPage() {
  const { t } = useTranslation('notifications');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useSentNotifications(page, pageSize);
  const items = list.data?.items ?? [];
  // The whole message is shown (wrapped), never cut to a few lines.
  const columns: DataColumn<SentNotification>[] = [
    {
      key: 'title',
      label: t('admin.columns.notification'),
      card: 'title',
      wrap: true,
      cell: (item) => (
        <Text size="sm" fw={600}>
          {item.title}
        </Text>
      ),
    },
    {
      key: 'message',
      label: t('form.message'),
      wrap: true,
      priority: 3,
      cell: (item) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {item.message}
        </Text>
      ),
    },
    { key: 'sentBy', label: t('admin.columns.sentBy'), priority: 2, cell: (item) => (item.createdBy ? `${item.createdBy.firstName} ${item.createdBy.lastName}` : '') },
    { key: 'date', label: t('admin.columns.date'), priority: 1, cell: (item) => format.dateTime(item.createdAt) },
    { key: 'recipients', label: t('admin.columns.recipients'), numeric: true, cell: (item) => format.number(item.recipients) },
    { key: 'read', label: t('admin.columns.read'), numeric: true, cell: (item) => format.number(item.read) },
  ];

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
              <DataList rows={items} rowKey={(item) => item.id} rowLabel={(item) => item.title} columns={columns} />
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
