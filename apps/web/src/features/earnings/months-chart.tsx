import '@mantine/charts/styles.layer.css';
import { useId } from 'react';
import { BarChart } from '@mantine/charts';
import { Box, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { axisWidth, niceCeiling } from '../../lib/chart-axis.ts';
import { ChartDataTable } from '../../components/chart-data-table.tsx';
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
  /** One or two series; a second one is drawn as a chart of its own beside the first (its own scale). */
  series: [ChartSeries] | [ChartSeries, ChartSeries];
  height?: number;
}

/** One series, one value axis sized to its longest tick, one colour: bars, no second scale to misread. */
function SeriesBars({ rows, name, height, label }: { rows: ChartRow[]; name: ChartSeries; height: number; label?: string }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const top = niceCeiling(Math.max(0, ...rows.map((row) => row[name])));
  return (
    <Stack gap={4}>
      {label ? (
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
      ) : null}
      <BarChart
        // The drawing is hidden from assistive technology (the table beside it carries the figures): no focusable layer.
        barChartProps={{ accessibilityLayer: false }}
        h={height}
        data={rows}
        dataKey="month"
        series={[{ name, label: t(`chart.series.${name}`), color: COLORS[name] }]}
        valueFormatter={(value) => format.number(value)}
        yAxisProps={{ width: axisWidth([format.number(top), format.number(top / 2)]) }}
        tickLine="y"
        // Horizontal lines at the value ticks.
        gridAxis="x"
        maxBarWidth={48}
      />
    </Stack>
  );
}

/**
 * A bar chart of months with an accessible name (the caption) and, for screen readers, the same
 * figures as a table: the drawing itself is hidden from assistive technology. Two series are two
 * charts side by side, each on its own scale (diamonds and dollars differ a thousandfold: one chart
 * with an axis on each side invited comparing bar heights that mean nothing).
 */
export function MonthsChart({ title, rows, series, height = 240 }: MonthsChartProps) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const captionId = useId();
  const [left, right] = series;
  // The table reads the exact figures: cents and seconds, never the chart's rounded hours.
  const formatValue = (name: ChartSeries, row: ChartRow) =>
    name === 'earnings' ? format.money(row.earningsCents) : name === 'liveHours' ? format.duration(row.liveSeconds) : format.number(row[name]);

  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Stack gap="xs">
        <Text component="figcaption" id={captionId} fw={600}>
          {title}
        </Text>
        <Box aria-hidden="true">
          {right ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <SeriesBars rows={rows} name={left} height={height} label={t(`chart.series.${left}`)} />
              <SeriesBars rows={rows} name={right} height={height} label={t(`chart.series.${right}`)} />
            </SimpleGrid>
          ) : (
            <SeriesBars rows={rows} name={left} height={height} />
          )}
        </Box>
        <ChartDataTable
          caption={title}
          headers={[t('table.month'), ...series.map((name) => t(`chart.series.${name}`))]}
          rows={rows.map((row) => ({ key: row.period, cells: [row.month, formatValue(left, row), ...(right ? [formatValue(right, row)] : [])] }))}
        />
      </Stack>
    </Box>
  );
}
