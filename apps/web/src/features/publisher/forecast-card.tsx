import { useId, useState } from 'react';
import { Alert, Box, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MyForecast } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { useFormatters } from '../../lib/format.ts';
import { CreatorForecastItem, ForecastHelp, useMyForecast } from '../forecasts/index.ts';

/** Creators shown before "Show all": the worst come first (the server orders them so). */
const FIRST_CREATORS = 5;

/**
 * The member's month forecast on the home page (`GET /api/me/forecast`): the team's projected
 * diamonds, tier and commission, what the next tier needs, and the creators' forecasts. Every
 * figure is called projected; with creators that have no pace yet the figures are a lower bound.
 */
export function ForecastCard() {
  const { t } = useTranslation('forecasts');
  const format = useFormatters();
  const forecast = useMyForecast();
  const headingId = useId();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {t('member.title')}
          </Title>
          {forecast.data?.asOf ? (
            <Text size="sm" c="dimmed">
              {t('member.asOf', { month: format.month(forecast.data.period, 'long'), date: format.day(forecast.data.asOf) })}
            </Text>
          ) : null}
        </Stack>
        {forecast.isPending ? (
          <Skeleton height={160} />
        ) : forecast.isError ? (
          <ErrorState size="section" error={forecast.error} onRetry={() => void forecast.refetch()} />
        ) : forecast.data.member === null ? (
          <Text c="dimmed">{t('member.empty', { month: format.month(forecast.data.period, 'long') })}</Text>
        ) : (
          <MemberForecast data={forecast.data} member={forecast.data.member} />
        )}
      </Stack>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box miw={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} className="tabular">
        {value}
      </Text>
    </Box>
  );
}

function MemberForecast({ data, member }: { data: MyForecast; member: NonNullable<MyForecast['member']> }) {
  const { t } = useTranslation('forecasts');
  const format = useFormatters();
  const [showAll, setShowAll] = useState(false);
  const rate = format.percent(member.rateBps / 100);
  const creators = showAll ? data.creators : data.creators.slice(0, FIRST_CREATORS);
  let tierText: string | null = null;
  if (member.nextTier) {
    tierText = t('member.nextTier', {
      count: member.nextTier.diamondsNeeded,
      rate: format.percent(member.nextTier.rateBps / 100),
      amount: format.money(member.nextTier.commissionCents),
    });
  } else if (!member.personalRate) tierText = t('member.topTier');

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure label={t('member.projectedDiamonds')} value={format.number(member.projectedDiamonds)} />
        <Figure label={member.personalRate ? t('member.projectedPersonalRate') : t('member.projectedRate')} value={rate} />
        <Figure label={t('member.projectedCommission')} value={format.money(member.projectedCommissionCents)} />
      </SimpleGrid>
      {tierText ? <Text size="sm">{tierText}</Text> : null}
      {member.complete ? null : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('member.lowerBound')}
        </Alert>
      )}
      {data.creators.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('member.creatorsTitle')}
          </Title>
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {creators.map((item) => (
              <CreatorForecastItem key={item.creatorId} item={item} />
            ))}
          </Stack>
          {data.creators.length > FIRST_CREATORS ? (
            <Box>
              <Button variant="subtle" size="compact-sm" onClick={() => setShowAll((current) => !current)} aria-expanded={showAll}>
                {showAll ? t('member.showFewer') : t('member.showAll', { count: data.creators.length })}
              </Button>
            </Box>
          ) : null}
        </Stack>
      ) : null}
      <ForecastHelp noPace={data.creators.length > 0 && data.creators.every((item) => item.forecast.method === 'none')} />
    </Stack>
  );
}
