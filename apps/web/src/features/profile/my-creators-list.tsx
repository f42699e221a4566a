import { useState } from 'react';
import { Badge, Card, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
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
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('creators.username')}</Table.Th>
                    <Table.Th>{t('creators.status')}</Table.Th>
                    <Table.Th>{t('creators.requirement')}</Table.Th>
                    <Table.Th ta="right">{t('creators.diamonds')}</Table.Th>
                    <Table.Th ta="right">{t('creators.validDays')}</Table.Th>
                    <Table.Th ta="right">{t('creators.liveDuration')}</Table.Th>
                    <Table.Th ta="right">{t('creators.matches')}</Table.Th>
                    <Table.Th>{t('creators.lastLive')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {creators.data.items.map((creator) => (
                    <Table.Tr key={creator.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {`@${creator.tiktokUsername}`}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t(`creators.relation.${creator.relation}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={creator.status === 'active' ? 'teal' : 'gray'}>
                          {t(statusLabelKey(creator.status))}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <RequirementBadge state={creator.requirementState} />
                          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                            {format.percent(creator.achievedPercent)}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {format.number(creator.diamonds)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {format.number(creator.validDays)}
                      </Table.Td>
                      <Table.Td ta="right">{format.duration(creator.liveSeconds)}</Table.Td>
                      <Table.Td ta="right">{format.number(creator.matches)}</Table.Td>
                      <Table.Td>{creator.lastLiveAt ? format.dateTime(creator.lastLiveAt) : '–'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {creators.data.total > PAGE_SIZE ? (
              <Group justify="center">
                <Pagination
                  total={Math.ceil(creators.data.total / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
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
