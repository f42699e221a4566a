import { useState } from 'react';
import { Badge, Box, Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@agency/shared';
import { ListFooter, ListState } from '../../components/list-parts.tsx';
import { useFormatters } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { useMarkRead, useMyNotifications } from './notifications-api.ts';
import { useNotificationText } from './notification-text.ts';

/** `/app/mydesk/notification` (member): the notifications, newest first, with their unread state. */
export default function MemberNotificationsPage() {
  const { t } = useTranslation('notifications');
  const format = useFormatters();
  const textOf = useNotificationText();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useMyNotifications(page, pageSize, filter === 'unread');
  const markRead = useMarkRead();
  const items = list.data?.items ?? [];

  function read(notification: Notification) {
    markRead.mutate(notification.id, { onError: notifyError });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('member.title')}
          </Title>
          {list.data ? <Text c="dimmed">{t('member.unreadCount', { count: list.data.unread })}</Text> : null}
        </Stack>
        <SegmentedControl
          aria-label={t('member.filter')}
          value={filter}
          onChange={(value) => {
            setFilter(value as 'all' | 'unread');
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('member.all') },
            { value: 'unread', label: t('member.unreadOnly') },
          ]}
        />
      </Group>
      <ListState query={list} isEmpty={false} isFiltered={false} />
      {list.isSuccess && items.length === 0 && (
        <Stack align="center" gap={4} py="lg">
          <Text fw={600}>{t(filter === 'unread' ? 'member.allRead' : 'member.emptyTitle')}</Text>
          <Text c="dimmed" ta="center">
            {t('member.emptyBody')}
          </Text>
        </Stack>
      )}
      {items.length > 0 && (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((notification) => {
              const unread = notification.readAt === null;
              const { title, message } = textOf(notification);
              return (
                <Card
                  key={notification.id}
                  component="li"
                  withBorder
                  radius="md"
                  padding="md"
                  style={unread ? { borderLeft: '4px solid var(--mantine-primary-color-filled)' } : undefined}
                >
                  <Stack gap={6}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <Box miw={0}>
                        <Text fw={unread ? 700 : 500}>{title}</Text>
                        <Text size="xs" c="dimmed">
                          <time dateTime={notification.createdAt}>{format.dateTime(notification.createdAt)}</time>
                        </Text>
                      </Box>
                      {unread && (
                        <Badge size="sm" variant="filled" style={{ flexShrink: 0 }}>
                          {t('member.unread')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {message}
                    </Text>
                    {unread && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconCheck size={14} aria-hidden />}
                        loading={markRead.isPending && markRead.variables === notification.id}
                        onClick={() => read(notification)}
                        style={{ alignSelf: 'flex-start' }}
                      >
                        {t('member.markRead')}
                      </Button>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </Stack>
          <ListFooter
            total={list.data?.total ?? 0}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            totalLabel={t('member.total', { count: list.data?.total ?? 0 })}
          />
        </>
      )}
    </Stack>
  );
}
