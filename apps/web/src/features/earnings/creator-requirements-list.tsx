import { Anchor, Badge, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { RequirementBadge } from '../../components/requirement-badge.tsx';
import { MEMBER_LINKS } from './figures.ts';
import { useMyCreatorsByRequirement } from './member-earnings-api.ts';

/**
 * The member's creators with this month's requirement state, a compact list for phones: failing
 * and at-risk creators come first (the server orders them so), the full table is on "My information".
 */
export function CreatorRequirementsList({ limit = 8, atRiskCount }: { limit?: number; atRiskCount: number }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const creators = useMyCreatorsByRequirement(limit);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('creators.title')}
          </Title>
          {atRiskCount > 0 ? (
            <Badge color="orange" variant="light" style={{ textTransform: 'none' }}>
              {t('creators.atRiskCount', { value: format.number(atRiskCount) })}
            </Badge>
          ) : null}
        </Group>
        {creators.isPending ? (
          <Skeleton height={120} />
        ) : creators.isError ? (
          <ErrorState size="section" error={creators.error} onRetry={() => void creators.refetch()} />
        ) : creators.data.items.length === 0 ? (
          <Text c="dimmed">{t('creators.empty')}</Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {creators.data.items.map((creator) => (
              <Stack key={creator.id} component="li" gap={4} pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate>
                      {`@${creator.tiktokUsername}`}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {creator.name}
                    </Text>
                  </div>
                  <RequirementBadge state={creator.requirementState} />
                </Group>
                <Progress value={Math.min(100, creator.achievedPercent)} size="sm" aria-label={t('requirement.achieved')} />
                <Text size="xs" c="dimmed">
                  {t('creators.figures', {
                    percent: format.percent(creator.achievedPercent),
                    days: t('units.validDays', { count: creator.validDays }),
                    duration: format.duration(creator.liveSeconds),
                  })}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
        {creators.data && creators.data.total > 0 ? (
          <Anchor component={Link} to={MEMBER_LINKS.myInformation} size="sm">
            {t('creators.seeAll', { value: format.number(creators.data.total) })}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
