import { useState } from 'react';
import { Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { usePaginationFit } from '../../components/list-parts.tsx';
import { ACTIVITY_PAGE_SIZE, useActivityPage, type ActivityFilters } from './api/activity-queries.ts';
import { ActivityFiltersBar } from './components/activity-filters.tsx';
import { ActivityTable } from './components/activity-table.tsx';
import { DatabaseDownload } from './components/database-download.tsx';

const NO_FILTERS: ActivityFilters = { actorId: null, entityType: null, fromDay: '', toDay: '', page: 1 };

/** `/app/mydesk/activitylogs`: who did what, when, to which record; read-only. */
export default function ActivityLogPage() {
  const { t } = useTranslation('activity');
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const activity = useActivityPage(filters);
  const pagination = usePaginationFit();
  const pages = Math.max(1, Math.ceil((activity.data?.total ?? 0) / ACTIVITY_PAGE_SIZE));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </Stack>
        <DatabaseDownload />
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <ActivityFiltersBar filters={filters} onChange={(next) => setFilters({ ...next, page: 1 })} />
          {activity.isPending ? (
            <Center py="xl">
              <Loader type="dots" aria-label={t('loading')} />
            </Center>
          ) : activity.isError ? (
            <ErrorState error={activity.error} size="section" onRetry={() => void activity.refetch()} />
          ) : activity.data.items.length === 0 ? (
            <Text ta="center" c="dimmed" py="xl">
              {t('empty')}
            </Text>
          ) : (
            <>
              <ActivityTable entries={activity.data.items} />
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed">
                  {t('total', { count: activity.data.total })}
                </Text>
                {pages > 1 && (
                  <Pagination
                    total={pages}
                    value={filters.page}
                    onChange={(page) => setFilters({ ...filters, page })}
                    {...pagination}
                    getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
                  />
                )}
              </Group>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
