import { useState } from 'react';
import type { MyEarnings, PeriodChoice } from '@agency/shared';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconClockHour4, IconCoin, IconDiamond } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { toChartRows, usePeriodLabel } from './figures.ts';
import { useMyEarnings } from './member-earnings-api.ts';
import { MonthsChart } from './months-chart.tsx';
import { NoFiguresState } from './states.tsx';
import { CARD_COLUMNS, FigureCard, FigureCardsSkeleton } from './summary-cards.tsx';
import { PeriodChoiceInput } from '../../components/period-choice.tsx';
import { useFormatters } from '../../lib/format.ts';

type MonthRow = MyEarnings['months'][number];

/** The member's earnings by month (`/app/setting/earnings`): totals, a chart and the month table. */
export default function MemberEarningsPage() {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const label = usePeriodLabel();
  const [period, setPeriod] = useState<PeriodChoice>('last6');
  const history = useMyEarnings(period);
  // On a phone each month is a card: the month (and "estimated") on top, then the earnings.
  const monthColumns: DataColumn<MonthRow>[] = [
    {
      key: 'month',
      label: t('table.month'),
      card: 'title',
      cell: (month) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {label(month.period, 'long')}
          </Text>
          {month.estimated ? (
            <Badge variant="light" color="orange" size="sm">
              {t('estimated')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'diamonds', label: t('table.diamonds'), numeric: true, card: 'amount', cell: (month) => format.number(month.diamonds) },
    { key: 'rate', label: t('table.rate'), numeric: true, cell: (month) => format.percent(month.rateBps / 100) },
    {
      key: 'earnings',
      label: t('table.earnings'),
      numeric: true,
      card: 'amount',
      cell: (month) => (
        <Text span inherit fw={600}>
          {format.money(month.earningsCents)}
        </Text>
      ),
    },
    { key: 'validDays', label: t('table.validDays'), numeric: true, priority: 1, cell: (month) => format.number(month.validDays) },
    { key: 'liveDuration', label: t('table.liveDuration'), numeric: true, priority: 1, cell: (month) => format.duration(month.liveSeconds) },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t('history.title')}
        </Title>
        <PeriodChoiceInput value={period} onChange={setPeriod} />
      </Group>

      {history.isPending ? (
        <>
          <FigureCardsSkeleton />
          <Skeleton height={300} radius="md" />
        </>
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
          <SimpleGrid cols={CARD_COLUMNS}>
            <FigureCard label={t('history.totalDiamonds')} value={format.number(history.data.totals.diamonds)} icon={<IconDiamond size={18} />} />
            <FigureCard label={t('history.totalEarnings')} value={format.money(history.data.totals.earningsCents)} icon={<IconCoin size={18} />} />
            <FigureCard label={t('history.totalValidDays')} value={format.number(history.data.totals.validDays)} icon={<IconCalendarCheck size={18} />} />
            <FigureCard label={t('history.totalLiveDuration')} value={format.duration(history.data.totals.liveSeconds)} icon={<IconClockHour4 size={18} />} />
          </SimpleGrid>

          <Card withBorder radius="md" padding="lg">
            <MonthsChart title={t('history.chartTitle')} rows={toChartRows(history.data.months, label)} series={['diamonds', 'earnings']} height={260} />
          </Card>

          <Card withBorder radius="md" padding="lg">
            <DataList
              rows={[...history.data.months].reverse()}
              rowKey={(month) => month.period}
              rowLabel={(month) => label(month.period, 'long')}
              caption={t('history.tableCaption')}
              columns={monthColumns}
              verticalSpacing="xs"
              totals={{
                label: t('table.total'),
                values: {
                  diamonds: format.number(history.data.totals.diamonds),
                  earnings: format.money(history.data.totals.earningsCents),
                  validDays: format.number(history.data.totals.validDays),
                  liveDuration: format.duration(history.data.totals.liveSeconds),
                },
              }}
            />
            <Text size="xs" c="dimmed" mt="sm">
              {t('history.estimatedNote')}
            </Text>
          </Card>
        </>
      )}
    </Stack>
  );
}
