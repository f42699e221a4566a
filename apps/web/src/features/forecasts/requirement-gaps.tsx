import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreatorForecast, ForecastState } from '@agency/shared';
import { useFormatters } from '../../lib/format.ts';
import { ForecastStateBadge } from './forecast-badges.tsx';
import { gapSentence } from './gap-text.ts';

export interface RequirementGapsProps {
  forecast: CreatorForecast;
  /** Only the requirements in these states (the dashboard's short lists show the worst ones). */
  only?: readonly ForecastState[];
}

/**
 * A creator's requirements as sentences, one per rule (first 7 days, valid LIVE days, LIVE hours),
 * each with its state; with a single upload, the note that there is no pace yet.
 */
export function RequirementGaps({ forecast, only }: RequirementGapsProps) {
  const { t } = useTranslation('forecasts');
  const format = useFormatters();
  const requirements = only ? forecast.requirements.filter((requirement) => only.includes(requirement.state)) : forecast.requirements;
  return (
    <Stack gap={4}>
      {forecast.method === 'none' ? (
        <Text size="xs" c="dimmed">
          {t('method.none')}
        </Text>
      ) : null}
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {requirements.map((requirement) => (
          <li key={requirement.rule}>
            <Group gap={6} wrap="wrap" align="center">
              <Text size="sm" fw={500}>
                {t(`rules.${requirement.rule}`)}
              </Text>
              {only ? null : <ForecastStateBadge state={requirement.state} size="xs" />}
            </Group>
            <Text size="sm" c="dimmed">
              {gapSentence(requirement, t, format)}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
