import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ForecastState } from '@agency/shared';

const COLORS: Record<ForecastState, string> = { outOfReach: 'red', atRisk: 'orange', noPace: 'gray', onPace: 'blue', met: 'teal' };

/** A creator's month forecast: out of reach, at risk, no pace yet, on pace, met. */
export function ForecastStateBadge({ state, size }: { state: ForecastState; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('forecasts');
  return (
    <Badge variant="light" color={COLORS[state]} size={size}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/** "Dark for 4 days": no LIVE for the agency's "went dark" days or more. */
export function DarkBadge({ daysDark }: { daysDark: number }) {
  const { t } = useTranslation('forecasts');
  return (
    <Badge variant="outline" color="grape">
      {t('dark.badge', { count: daysDark })}
    </Badge>
  );
}
