import { useState } from 'react';
import type { PeriodChoice } from '@agency/shared';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconClockHour4, IconCoin, IconDiamond } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { toChartRows, usePeriodLabel } from '../../components/member-earnings/figures.ts';
import { useMyEarnings } from '../../components/member-earnings/member-earnings-api.ts';
import { MonthsChart } from '../../components/member-earnings/months-chart.tsx';
import { NoFiguresState } from '../../components/member-earnings/states.tsx';
import { CARD_COLUMNS, FigureCard, FigureCardsSkeleton } from '../../components/member-earnings/summary-cards.tsx';
import { PeriodChoiceInput } from '../../components/period-choice.tsx';
import { useFormatters } from '../../lib/format.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** The member's earnings by month (`/app/setting/earnings`): totals, a chart and the month table. */
export default function MemberEarningsPage() {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const label = usePeriodLabel();
  const [period, setPeriod] = useState<PeriodChoice>('last6');
  const history = useMyEarnings(period);

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
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="xs">
                <Table.Caption>{t('history.tableCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('table.month')}</Table.Th>
                    <Table.Th ta="right">{t('table.diamonds')}</Table.Th>
                    <Table.Th ta="right">{t('table.rate')}</Table.Th>
                    <Table.Th ta="right">{t('table.earnings')}</Table.Th>
                    <Table.Th ta="right">{t('table.validDays')}</Table.Th>
                    <Table.Th ta="right">{t('table.liveDuration')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...history.data.months].reverse().map((month) => (
                    <Table.Tr key={month.period}>
                      <Table.Td>
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
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC}>
                        {format.number(month.diamonds)}
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC}>
                        {format.percent(month.rateBps / 100)}
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC} fw={600}>
                        {format.money(month.earningsCents)}
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC}>
                        {format.number(month.validDays)}
                      </Table.Td>
                      <Table.Td ta="right" style={NUMERIC}>
                        {format.duration(month.liveSeconds)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>{t('table.total')}</Table.Th>
                    <Table.Th ta="right" style={NUMERIC}>
                      {format.number(history.data.totals.diamonds)}
                    </Table.Th>
                    <Table.Th />
                    <Table.Th ta="right" style={NUMERIC}>
                      {format.money(history.data.totals.earningsCents)}
                    </Table.Th>
                    <Table.Th ta="right" style={NUMERIC}>
                      {format.number(history.data.totals.validDays)}
                    </Table.Th>
                    <Table.Th ta="right" style={NUMERIC}>
                      {format.duration(history.data.totals.liveSeconds)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed" mt="sm">
              {t('history.estimatedNote')}
            </Text>
          </Card>
        </>
      )}
    </Stack>
  );
}
