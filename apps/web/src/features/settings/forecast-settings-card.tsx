import { useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSettings } from '@agency/shared';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useUpdateSettings } from './settings-api.ts';

const MIN_DAYS = 1;
const MAX_DAYS = 30;

function isValidDays(value: number | string): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_DAYS && value <= MAX_DAYS;
}

/**
 * The forecasts' "went dark" setting (`darkAfterDays`, 1-30): a creator with no LIVE for this many
 * days or more has gone dark. Saved on its own, apart from the commission tiers.
 */
export function ForecastSettingsCard({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSettings();
  const [days, setDays] = useState<number | string>(settings.darkAfterDays);
  const [submitted, setSubmitted] = useState(false);
  const valid = isValidDays(days);

  function save() {
    setSubmitted(true);
    if (!isValidDays(days)) return;
    update.mutate({ darkAfterDays: days }, { onSuccess: (answer) => notifySuccess(answer.messageCode ?? 'DETAILS_UPDATED'), onError: notifyError });
  }

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('forecasts.title')}
        </Title>
        <NumberInput
          label={t('forecasts.darkAfterDays')}
          description={valid ? t('forecasts.darkAfterDaysHint', { count: days }) : undefined}
          value={days}
          onChange={setDays}
          min={MIN_DAYS}
          max={MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          error={submitted && !valid ? t('forecasts.darkAfterDaysInvalid', { min: MIN_DAYS, max: MAX_DAYS }) : undefined}
          w={{ base: '100%', xs: 240 }}
        />
        <Group>
          <Button variant="default" onClick={save} loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
