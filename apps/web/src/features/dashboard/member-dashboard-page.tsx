import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import {
  FigureCardsSkeleton,
  hasAnyFigures,
  MEMBER_LINKS,
  MonthFigureCards,
  NoFiguresState,
  RecentMonthsCard,
  useMySummary,
  usePeriodLabel,
} from '../earnings/index.ts';
import { useFormatters } from '../../lib/format.ts';

/** `/app/dashboards/userDashboard`: a compact overview of the month with links to the details. */
export default function MemberDashboardPage() {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const label = usePeriodLabel();
  const summary = useMySummary();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('dashboard.title')}
        </Title>
        {summary.data ? <Text c="dimmed">{label(summary.data.period, 'long')}</Text> : null}
      </Stack>
      {summary.isPending ? (
        <>
          <FigureCardsSkeleton />
          <Skeleton height={220} radius="md" />
        </>
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !hasAnyFigures(summary.data) ? (
        <NoFiguresState />
      ) : (
        <>
          <MonthFigureCards summary={summary.data} />
          <Text size="sm">
            {t('dashboard.balance', { available: format.money(summary.data.availableCents), unpaid: format.money(summary.data.unpaidCents) })}
          </Text>
          <RecentMonthsCard height={180} />
        </>
      )}
      <Group gap="sm">
        <Button component={Link} to={MEMBER_LINKS.earnings} variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
          {t('dashboard.toEarnings')}
        </Button>
        <Button component={Link} to={MEMBER_LINKS.statistics} variant="subtle" rightSection={<IconArrowRight size={16} aria-hidden />}>
          {t('dashboard.toStatistics')}
        </Button>
      </Group>
    </Stack>
  );
}
