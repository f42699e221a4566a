import { useState } from 'react';
import type { PeriodChoice } from '@agency/shared';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { type ChartSeries, MonthsChart, NoFiguresState, toChartRows, useMyEarnings, usePeriodLabel } from '../earnings/index.ts';
import { PeriodChoiceInput } from '../../components/period-choice.tsx';
import { useFormatters } from '../../lib/format.ts';

const CHARTS: { series: ChartSeries; title: 'chart.diamondsByMonth' | 'chart.validDaysByMonth' | 'chart.liveHoursByMonth' }[] = [
  { series: 'diamonds', title: 'chart.diamondsByMonth' },
  { series: 'validDays', title: 'chart.validDaysByMonth' },
  { series: 'liveHours', title: 'chart.liveHoursByMonth' },
];

/** `/app/setting/statistics`: diamonds, valid LIVE days and LIVE hours by month over a period. */
export default function StatisticsPage() {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const label = usePeriodLabel();
  const [period, setPeriod] = useState<PeriodChoice>('last6');
  const history = useMyEarnings(period);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('statistics.title')}
          </Title>
          <Text c="dimmed">{t('statistics.subtitle')}</Text>
        </Stack>
        <PeriodChoiceInput value={period} onChange={setPeriod} />
      </Group>

      {history.isPending ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {CHARTS.map((chart) => (
            <Skeleton key={chart.series} height={300} radius="md" />
          ))}
        </SimpleGrid>
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.months.length === 0 ? (
        period === 'all' ? (
          <NoFiguresState />
        ) : (
          <Card withBorder radius="md" padding="lg">
            <Text c="dimmed">{t('history.emptyPeriod')}</Text>
          </Card>
        )
      ) : (
        <>
          <Text size="sm">
            {t('statistics.summary', {
              diamonds: t('units.diamonds', { count: history.data.totals.diamonds }),
              days: t('units.validDays', { count: history.data.totals.validDays }),
              duration: format.duration(history.data.totals.liveSeconds),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {CHARTS.map((chart) => (
              <Card key={chart.series} withBorder radius="md" padding="lg">
                <MonthsChart title={t(chart.title)} rows={toChartRows(history.data.months, label)} series={[chart.series]} />
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
