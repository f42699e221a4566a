import { useState } from 'react';
import { Badge, Card, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { usePaginationFit } from '../../components/list-parts.tsx';
import { RequirementBadge } from '../../components/requirement-badge.tsx';
import { useFormatters } from '../../lib/format.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { useMyCreators } from './profile-api.ts';

const PAGE_SIZE = 10;

/** The creators the member brought (or signs in for) with this month's figures; failing and at-risk ones first. */
export function MyCreatorsList() {
  const { t } = useTranslation(['profile', 'common']);
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const creators = useMyCreators(page, PAGE_SIZE);
  const pagination = usePaginationFit();
  type MyCreator = NonNullable<typeof creators.data>['items'][number];
  // On a phone each creator is a card: the username, the status and the requirement on top, then the diamonds.
  const columns: DataColumn<MyCreator>[] = [
    {
      key: 'username',
      label: t('creators.username'),
      card: 'title',
      cell: (creator) => (
        <>
          <Text size="sm" fw={500}>
            {`@${creator.tiktokUsername}`}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`creators.relation.${creator.relation}`)}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: t('creators.status'),
      card: 'status',
      cell: (creator) => (
        <Badge variant="light" color={creator.status === 'active' ? 'teal' : 'gray'}>
          {t(statusLabelKey(creator.status))}
        </Badge>
      ),
    },
    {
      key: 'requirement',
      label: t('creators.requirement'),
      card: 'status',
      cell: (creator) => (
        <Group gap={6} wrap="nowrap">
          <RequirementBadge state={creator.requirementState} />
          <Text size="xs" c="dimmed" className="tabular-nums">
            {format.percent(creator.achievedPercent)}
          </Text>
        </Group>
      ),
    },
    { key: 'diamonds', label: t('creators.diamonds'), numeric: true, card: 'amount', cell: (creator) => format.number(creator.diamonds) },
    { key: 'validDays', label: t('creators.validDays'), numeric: true, cell: (creator) => format.number(creator.validDays) },
    { key: 'liveDuration', label: t('creators.liveDuration'), numeric: true, cell: (creator) => format.duration(creator.liveSeconds) },
    { key: 'matches', label: t('creators.matches'), numeric: true, priority: 2, cell: (creator) => format.number(creator.matches) },
    { key: 'lastLive', label: t('creators.lastLive'), priority: 1, cell: (creator) => (creator.lastLiveAt ? format.dateTime(creator.lastLiveAt) : '–') },
  ];

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('creators.title')}
        </Title>
        {creators.isPending ? (
          <Skeleton height={120} />
        ) : creators.isError ? (
          <ErrorState size="section" error={creators.error} onRetry={() => void creators.refetch()} />
        ) : creators.data.items.length === 0 ? (
          <Text c="dimmed">{t('creators.empty')}</Text>
        ) : (
          <>
            <DataList
              rows={creators.data.items}
              rowKey={(creator) => creator.id}
              rowLabel={(creator) => `@${creator.tiktokUsername}`}
              columns={columns}
              highlightOnHover
              verticalSpacing="xs"
            />
            {creators.data.total > PAGE_SIZE ? (
              <Group justify="center">
                <Pagination
                  total={Math.ceil(creators.data.total / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  {...pagination}
                  getControlProps={(control) => ({ 'aria-label': t(`common:pagination.${control}`) })}
                />
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
