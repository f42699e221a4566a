import '@mantine/charts/styles.layer.css';
import { useId } from 'react';
import { BarChart } from '@mantine/charts';
import { Box, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import type { ChartRow } from './figures.ts';

export type ChartSeries = 'diamonds' | 'earnings' | 'validDays' | 'liveHours';

const COLORS: Record<ChartSeries, string> = {
  diamonds: 'brand.6',
  earnings: 'accent.6',
  validDays: 'teal.6',
  liveHours: 'violet.6',
};

export interface MonthsChartProps {
  title: string;
  rows: ChartRow[];
  /** One or two series; a second one gets its own axis on the right. */
  series: [ChartSeries] | [ChartSeries, ChartSeries];
  height?: number;
}

/**
 * A bar chart of months with an accessible name (the caption) and, for screen readers, the same
 * figures as a table: the drawing itself is hidden from assistive technology.
 */
export function MonthsChart({ title, rows, series, height = 240 }: MonthsChartProps) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const captionId = useId();
  const [left, right] = series;
  const formatValue = (name: ChartSeries, value: number) =>
    name === 'earnings' ? format.money(Math.round(value * 100)) : name === 'liveHours' ? format.duration(value * 3600) : format.number(value);

  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Stack gap="xs">
        <Text component="figcaption" id={captionId} fw={600}>
          {title}
        </Text>
        <Box aria-hidden="true">
          <BarChart
            // The drawing is hidden from assistive technology (the table beside it carries the figures): no focusable layer.
            barChartProps={{ accessibilityLayer: false }}
            h={height}
            data={rows}
            dataKey="month"
            series={series.map((name, index) => ({
              name,
              label: t(`chart.series.${name}`),
              color: COLORS[name],
              ...(index === 1 ? { yAxisId: 'right' } : {}),
            }))}
            withLegend={series.length > 1}
            withRightYAxis={right !== undefined}
            valueFormatter={(value) => format.number(value)}
            tickLine="y"
            gridAxis="y"
          />
        </Box>
        <VisuallyHidden>
          <Table>
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.month')}</Table.Th>
                {series.map((name) => (
                  <Table.Th key={name}>{t(`chart.series.${name}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.period}>
                  <Table.Td>{row.month}</Table.Td>
                  <Table.Td>{formatValue(left, row[left])}</Table.Td>
                  {right ? <Table.Td>{formatValue(right, row[right])}</Table.Td> : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Box>
  );
}
