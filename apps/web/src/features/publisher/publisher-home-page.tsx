import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { CreatorRequirementsList } from '../../components/member-earnings/creator-requirements-list.tsx';
import { hasAnyFigures, usePeriodLabel } from '../../components/member-earnings/figures.ts';
import { useMySummary } from '../../components/member-earnings/member-earnings-api.ts';
import { RecentMonthsCard } from '../../components/member-earnings/recent-months-card.tsx';
import { NoFiguresState } from '../../components/member-earnings/states.tsx';
import {
  BalanceCards,
  CARD_COLUMNS,
  FigureCardsSkeleton,
  MonthFigureCards,
  RequirementCard,
} from '../../components/member-earnings/summary-cards.tsx';
import { useFormatters } from '../../lib/format.ts';

/** The member's landing page (`/app/setting/publisher`): this month, the balance, the last 6 months, the creators. */
export default function PublisherHomePage() {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const label = usePeriodLabel();
  const summary = useMySummary();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('publisher.title')}
        </Title>
        {summary.data ? (
          <Text c="dimmed">
            {summary.data.asOf
              ? t('publisher.asOf', { month: label(summary.data.period, 'long'), date: format.date(summary.data.asOf) })
              : t('publisher.noUpload', { month: label(summary.data.period, 'long') })}
          </Text>
        ) : null}
      </Stack>

      {summary.isPending ? (
        <>
          <FigureCardsSkeleton />
          <FigureCardsSkeleton />
          <Skeleton height={280} radius="md" />
        </>
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : !hasAnyFigures(summary.data) ? (
        <>
          <NoFiguresState />
          <CreatorRequirementsList atRiskCount={0} />
        </>
      ) : (
        <>
          <MonthFigureCards summary={summary.data} />
          <SimpleGrid cols={CARD_COLUMNS}>
            <RequirementCard summary={summary.data} />
            <BalanceCards summary={summary.data} />
          </SimpleGrid>
          <RecentMonthsCard />
          <CreatorRequirementsList atRiskCount={summary.data.atRiskCount} />
        </>
      )}
    </Stack>
  );
}
