import '@mantine/charts/styles.layer.css';
import { useId } from 'react';
import { BarChart } from '@mantine/charts';
import { Box, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminFinance } from '@agency/shared';
import { ChartDataTable } from '../../components/chart-data-table.tsx';
import { axisWidth, niceCeiling } from '../../lib/chart-axis.ts';
import { useFormatters } from '../../lib/format.ts';

interface MonthValue {
  period: string;
  month: string;
  /** Whole dollars and cents as a number of dollars: only the drawing uses it; text goes through format.money. */
  dollars: number;
  cents: number;
}

/**
 * One series on one axis: a bar per month (no interpolated curve between months, no second scale),
 * the axis named with its unit, the figure named by its caption and, for screen readers, the same
 * values as a table (the drawing itself is hidden from assistive technology).
 */
function MonthBars({ title, unit, color, rows }: { title: string; unit: string; color: string; rows: MonthValue[] }) {
  const { t } = useTranslation('finance');
  const format = useFormatters();
  const captionId = useId();
  const top = niceCeiling(Math.max(0, ...rows.map((row) => row.dollars)));
  const width = axisWidth([format.number(top), format.number(Math.round(top / 2))]) + 18;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Box component="figure" m={0} aria-labelledby={captionId}>
        <Stack gap="xs">
          <Title order={2} size="h5" id={captionId} component="figcaption">
            {title}
          </Title>
          <Box aria-hidden="true">
            <BarChart
              // Hidden from assistive technology (the table below carries the figures): no focusable layer.
              barChartProps={{ accessibilityLayer: false, margin: { top: 8, right: 8, left: 16, bottom: 0 } }}
              h={260}
              data={rows}
              dataKey="month"
              series={[{ name: 'dollars', label: title, color }]}
              // Ticks in whole dollars (the unit is the axis label), the tooltip in money with cents.
              valueFormatter={(dollars) => format.money(Math.round(dollars * 100))}
              yAxisProps={{ width, tickFormatter: (dollars: number) => format.number(dollars) }}
              yAxisLabel={unit}
              tickLine="y"
              // Horizontal lines at the value ticks.
              gridAxis="x"
              maxBarWidth={48}
            />
          </Box>
          <ChartDataTable
            caption={title}
            headers={[t('finance.month'), title]}
            rows={rows.map((row) => ({ key: row.period, cells: [row.month, format.money(row.cents)] }))}
          />
        </Stack>
      </Box>
    </Card>
  );
}

/**
 * The finance screen's charts: what the diamonds were worth by month and what members earned by
 * month, each on its own scale (they differ a hundredfold: one axis for both hid the earnings, two
 * axes in one chart invited comparing heights that mean nothing), then the top members.
 */
export function FinanceCharts({ data }: { data: AdminFinance }) {
  const { t } = useTranslation('finance');
  const format = useFormatters();
  const month = (period: string) => format.monthLabel(period, 'short');
  const revenue: MonthValue[] = data.history.map((row) => ({ period: row.period, month: month(row.period), dollars: row.diamondsRevenueCents / 100, cents: row.diamondsRevenueCents }));
  const earnings: MonthValue[] = data.history.map((row) => ({ period: row.period, month: month(row.period), dollars: row.earningsCents / 100, cents: row.earningsCents }));
  const unit = t('finance.axisDollars');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <MonthBars title={t('finance.diamondsRevenueByMonth')} unit={unit} color="accent.6" rows={revenue} />
      <MonthBars title={t('finance.earningsRevenueByMonth')} unit={unit} color="brand.6" rows={earnings} />
      <TopMembersChart data={data} />
    </SimpleGrid>
  );
}

function TopMembersChart({ data }: { data: AdminFinance }) {
  const { t } = useTranslation('finance');
  const format = useFormatters();
  const captionId = useId();
  const members = data.topMembers.map((member) => ({ uid: member.uid, name: `${member.firstName} ${member.lastName}`, dollars: member.value / 100, cents: member.value }));
  return (
    <Card withBorder radius="lg" padding="lg">
      <Box component="figure" m={0} aria-labelledby={captionId}>
        <Stack gap="xs">
          <Title order={2} size="h5" id={captionId} component="figcaption">
            {t('finance.topMembers')}
          </Title>
          {members.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('finance.noEarnings')}
            </Text>
          ) : (
            <>
              <Box aria-hidden="true">
                <BarChart
                  barChartProps={{ accessibilityLayer: false, margin: { top: 0, right: 16, left: 0, bottom: 8 } }}
                  h={Math.max(220, members.length * 34 + 60)}
                  data={members}
                  dataKey="name"
                  orientation="vertical"
                  yAxisProps={{ width: 128 }}
                  xAxisProps={{ tickFormatter: (dollars: number) => format.number(dollars) }}
                  xAxisLabel={t('finance.axisDollars')}
                  series={[{ name: 'dollars', label: t('finance.earningsRevenue'), color: 'brand.6' }]}
                  valueFormatter={(dollars) => format.money(Math.round(dollars * 100))}
                  // Vertical lines at the value ticks (the bars lie horizontally).
                  gridAxis="y"
                  maxBarWidth={28}
                />
              </Box>
              <ChartDataTable
                caption={t('finance.topMembers')}
                headers={[t('finance.member'), t('finance.earningsRevenue')]}
                rows={members.map((member) => ({ key: member.uid, cells: [member.name, format.money(member.cents)] }))}
              />
            </>
          )}
        </Stack>
      </Box>
    </Card>
  );
}
