import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconMoonStars, IconTrendingDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ForecastCreatorItem, ForecastFilter } from '@agency/shared';
import { ADMIN_PATHS } from '../../app/routes/paths.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { useFormatters } from '../../lib/format.ts';
import { CreatorForecastItem, ForecastHelp, useAdminForecasts } from '../forecasts/index.ts';
import { ListCard } from './ranked-list.tsx';
import { StatCard } from './stat-card.tsx';

const creatorsWith = (forecast: ForecastFilter) => `${ADMIN_PATHS.creators}?forecast=${forecast}`;
const creatorLink = (id: string) => `${ADMIN_PATHS.creatorDetails}?id=${id}`;
const COUNT_GRID = { minColWidth: '14rem', autoFlow: 'auto-fit', spacing: 'md' } as const;
/** The four counts, each leading to the creators list filtered by it (`?forecast=`). */
const COUNT_CARDS = [
  { filter: 'atRisk', label: 'dashboard.atRisk', icon: IconAlertTriangle, color: 'orange' },
  { filter: 'outOfReach', label: 'dashboard.outOfReach', icon: IconBan, color: 'red' },
  { filter: 'wentDark', label: 'dashboard.wentDark', icon: IconMoonStars, color: 'grape' },
  { filter: 'paceFell', label: 'dashboard.paceFell', icon: IconTrendingDown, color: 'yellow' },
] as const satisfies readonly { filter: ForecastFilter; label: string; icon: unknown; color: string }[];

/**
 * The dashboard's "Month forecast" (`GET /api/admin/forecasts`): how many creators are at risk,
 * out of reach, went dark or fell to half their LIVE time, each leading to the creators list
 * filtered so, and the three short lists. Before the month's first upload it says so.
 */
export function ForecastSection() {
  const { t } = useTranslation('forecasts');
  const format = useFormatters();
  const forecasts = useAdminForecasts();
  const headingId = useId();

  let body;
  if (forecasts.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={112} radius="lg" />
        <Skeleton h={160} radius="lg" />
      </Stack>
    );
  } else if (forecasts.isError) {
    body = <ErrorState size="section" error={forecasts.error} onRetry={() => void forecasts.refetch()} />;
  } else if (forecasts.data.asOf === null) {
    body = (
      <Card withBorder radius="lg" padding="lg">
        <Text c="dimmed">{t('dashboard.empty', { month: format.month(forecasts.data.period, 'long') })}</Text>
      </Card>
    );
  } else {
    const data = forecasts.data;
    const counts = data.counts;
    body = (
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t('dashboard.asOf', {
            month: format.month(data.period, 'long'),
            date: format.day(data.asOf),
            days: t('units.uploadDays', { count: data.snapshotDays }),
          })}
        </Text>
        <SimpleGrid {...COUNT_GRID}>
          {COUNT_CARDS.map((card) => (
            <StatCard
              key={card.filter}
              label={card.filter === 'wentDark' ? t(card.label, { count: data.darkAfterDays }) : t(card.label)}
              value={format.number(counts[card.filter])}
              icon={card.icon}
              color={card.color}
              link={{ to: creatorsWith(card.filter), label: t('dashboard.seeCreators') }}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('dashboard.others', { onPace: format.number(counts.onPace), met: format.number(counts.met), noPace: format.number(counts.noPace) })}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <ForecastList title={t('dashboard.atRiskList')} items={data.atRisk} show="worst" />
          <ForecastList title={t('dashboard.outOfReachList')} items={data.outOfReach} show="worst" />
          <ForecastList title={t('dashboard.wentDarkList')} items={data.wentDark} show="dark" />
        </SimpleGrid>
        <ForecastHelp noPace={counts.noPace > 0 && data.snapshotDays < 2} />
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('dashboard.title')}
      </Title>
      {body}
    </Stack>
  );
}

function ForecastList({ title, items, show }: { title: string; items: ForecastCreatorItem[]; show: 'worst' | 'dark' }) {
  const { t } = useTranslation('forecasts');
  return (
    <ListCard title={title} level={3} empty={items.length === 0} emptyText={t('dashboard.emptyList')}>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <CreatorForecastItem key={item.creatorId} item={item} to={creatorLink(item.creatorId)} show={show} />
        ))}
      </Stack>
    </ListCard>
  );
}
