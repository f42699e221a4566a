import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ForecastCreatorItem } from '@agency/shared';
import { useFormatters } from '../../lib/format.ts';
import { DarkBadge, ForecastStateBadge } from './forecast-badges.tsx';
import { darkSentence } from './gap-text.ts';
import { RequirementGaps } from './requirement-gaps.tsx';

export interface CreatorForecastItemProps {
  item: ForecastCreatorItem;
  /** Where the username leads (the creator's page); plain text without. */
  to?: string;
  /** `gaps`: every requirement; `worst`: the requirements in the creator's state; `dark`: since when no LIVE. */
  show?: 'gaps' | 'worst' | 'dark';
}

/** One creator of a forecast list: username, state (and "dark for N days"), then the gaps or the dark spell. */
export function CreatorForecastItem({ item, to, show = 'gaps' }: CreatorForecastItemProps) {
  const { t } = useTranslation('forecasts');
  const format = useFormatters();
  const username = `@${item.tiktokUsername}`;
  const dark = darkSentence(item.dark, t, format);
  return (
    <Stack component="li" gap={6} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 9rem' }}>
          {to ? (
            <Anchor component={Link} to={to} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {username}
            </Anchor>
          ) : (
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {username}
            </Text>
          )}
          {item.name ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
          ) : null}
        </div>
        <Group gap={4} justify="flex-end">
          {show === 'dark' ? null : <ForecastStateBadge state={item.forecast.state} />}
          {item.dark && show !== 'dark' ? <DarkBadge daysDark={item.dark.daysDark} /> : null}
        </Group>
      </Group>
      {show === 'dark' ? (
        <Text size="sm">{dark}</Text>
      ) : (
        <>
          <RequirementGaps forecast={item.forecast} only={show === 'worst' ? [item.forecast.state] : undefined} />
          {dark ? (
            <Text size="sm" c="dimmed">
              {t('dark.sentence', { dark })}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
