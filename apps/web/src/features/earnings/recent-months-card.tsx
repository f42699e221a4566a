import { Anchor, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { MEMBER_LINKS, toChartRows, usePeriodLabel } from './figures.ts';
import { useMyEarnings } from './member-earnings-api.ts';
import { MonthsChart } from './months-chart.tsx';

/** Diamonds and earnings of the last 6 months, with a one-line summary and a link to the history. */
export function RecentMonthsCard({ height = 240 }: { height?: number }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const label = usePeriodLabel();
  const history = useMyEarnings('last6');

  return (
    <Card withBorder radius="md" padding="lg">
      {history.isPending ? (
        <Skeleton height={height + 40} />
      ) : history.isError ? (
        <ErrorState size="section" error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Stack gap="sm">
          {history.data.months.length === 0 ? (
            <Text c="dimmed">{t('chart.noMonths')}</Text>
          ) : (
            <>
              <MonthsChart
                title={t('chart.lastSix')}
                rows={toChartRows(history.data.months, label)}
                series={['diamonds', 'earnings']}
                height={height}
              />
              <Text size="sm" c="dimmed">
                {t('chart.lastSixSummary', {
                  diamonds: t('units.diamonds', { count: history.data.totals.diamonds }),
                  earnings: format.money(history.data.totals.earningsCents),
                })}
              </Text>
            </>
          )}
          <Anchor component={Link} to={MEMBER_LINKS.earnings} size="sm">
            {t('chart.seeHistory')}
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}
