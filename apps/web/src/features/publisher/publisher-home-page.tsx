import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MyProfile } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import {
  BalanceCards,
  CreatorRequirementsList,
  FigureCardsSkeleton,
  FigureSection,
  hasAnyFigures,
  NoFiguresState,
  OwnFigureCards,
  RecentMonthsCard,
  SECTION_COLUMNS,
  TeamFigureCards,
  useMySummary,
  usePeriodLabel,
} from '../earnings/index.ts';
import { ReferralLinkCard } from '../../components/referral-link-card.tsx';
import { api } from '../../lib/api-client.ts';
import { useFormatters } from '../../lib/format.ts';
import { MY_PROFILE_QUERY_KEY } from '../../lib/me.ts';
import { ForecastCard } from './forecast-card.tsx';
import { MoneyOnItsWay, onTheWayTotal } from './money-on-its-way.tsx';

/** The referral link (`GET /api/me/profile`, the cache "My information" uses too); none while referrals are off. */
function useReferralLink(): string | null {
  const profile = useQuery({ queryKey: MY_PROFILE_QUERY_KEY, queryFn: async () => (await api.get<MyProfile>('/me/profile')).data });
  return profile.data?.referralsEnabled && profile.data.referralLink ? profile.data.referralLink : null;
}

/**
 * The member's landing page (`/app/setting/publisher`): this month of the team (the creators the
 * member brought) and of the member's own account, labelled as such; the month's forecast; the
 * balance with the money on its way; the referral link to share; the last 6 months; the creators.
 */
export default function PublisherHomePage() {
  // The forecast card's texts load with the page's, so the card does not suspend the page later.
  const { t } = useTranslation(['earnings', 'forecasts']);
  const format = useFormatters();
  const label = usePeriodLabel();
  const summary = useMySummary();
  const referralLink = useReferralLink();
  const referral = referralLink ? <ReferralLinkCard link={referralLink} /> : null;

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
      ) : !hasAnyFigures(summary.data) && summary.data.onTheWay.length === 0 ? (
        <>
          <NoFiguresState />
          {referral}
          <CreatorRequirementsList atRiskCount={0} />
        </>
      ) : (
        <>
          <TeamFigureCards summary={summary.data} />
          <ForecastCard />
          <OwnFigureCards summary={summary.data} />
          <FigureSection title={t('sections.balance')}>
            <SimpleGrid cols={SECTION_COLUMNS}>
              <BalanceCards summary={summary.data} onTheWayCents={onTheWayTotal(summary.data.onTheWay)} />
            </SimpleGrid>
            {summary.data.onTheWay.length > 0 ? <MoneyOnItsWay payments={summary.data.onTheWay} /> : null}
          </FigureSection>
          {referral}
          <RecentMonthsCard />
          <CreatorRequirementsList atRiskCount={summary.data.atRiskCount} />
        </>
      )}
    </Stack>
  );
}
