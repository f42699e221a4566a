import { Box, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REQUIREMENTS } from '@agency/shared';

/**
 * How the forecast is made (packages/shared/src/forecast.ts), behind a disclosure that opens with
 * the keyboard (a native `<details>`): the pace, the projection, the single-upload case and the
 * requirements a state is judged by. `noPace`: say at once that there is no pace yet.
 */
export function ForecastHelp({ noPace = false }: { noPace?: boolean }) {
  const { t } = useTranslation('forecasts');
  return (
    <Stack gap={4}>
      {noPace ? <Text size="sm">{t('method.none')}</Text> : null}
      <Box component="details">
      <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
        {t('help.title')}
      </Text>
      <List size="sm" spacing={4} mt="xs" c="dimmed">
        <List.Item>{t('help.snapshot')}</List.Item>
        <List.Item>{t('help.pace')}</List.Item>
        <List.Item>{t('help.projected')}</List.Item>
        <List.Item>{t('help.single')}</List.Item>
        <List.Item>
          {t('help.requirements', {
            firstWeek: t('units.validDays', { count: REQUIREMENTS.firstWeekValidDays }),
            days: t('units.validDays', { count: REQUIREMENTS.monthValidDays }),
            hours: t('units.hours', { count: REQUIREMENTS.monthLiveSeconds / 3600 }),
          })}
        </List.Item>
      </List>
      </Box>
    </Stack>
  );
}
