import type { RequirementState } from '@agency/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RequirementState, string> = { onTrack: 'teal', atRisk: 'orange', failing: 'red' };

/** A creator's state against the agency requirements; a dash before the month's first figures. */
export function RequirementBadge({ state }: { state: RequirementState | null }) {
  const { t } = useTranslation('common');
  if (!state) return <Badge variant="outline" color="gray">{t('requirement.none')}</Badge>;
  return (
    <Badge variant="light" color={COLORS[state]}>
      {t(`requirement.${state}`)}
    </Badge>
  );
}
