import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_PAYOUT_CENTS } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { useAutoRun } from './admin-payments-api.ts';

/** "Process all automatic payments" with a confirmation, then what the run did. */
export function AutoRunPanel() {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const run = useAutoRun();

  async function start() {
    const confirmed = await confirmAction({
      title: t('autoRun.confirmTitle'),
      body: t('autoRun.confirmBody', { minimum: format.money(MIN_PAYOUT_CENTS) }),
      confirmLabel: t('autoRun.confirm'),
      destructive: false,
    });
    if (!confirmed) return;
    try {
      await run.mutateAsync();
    } catch (error) {
      const known = error instanceof ApiError && error.status > 0 && error.status < 500;
      notifyError(known ? error : new ApiError(500, 'AUTO_PAYMENTS_FAILED', ''));
    }
  }

  const result = run.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            {t('autoRun.intro', { minimum: format.money(MIN_PAYOUT_CENTS) })}
          </Text>
          <Button leftSection={<IconPlayerPlay size={18} aria-hidden />} loading={run.isPending} onClick={() => void start()}>
            {t('autoRun.action')}
          </Button>
        </Group>
        {result && (
          <Alert color="teal" icon={<IconRobot size={18} aria-hidden />} title={t('autoRun.resultTitle', { period: result.period })} role="status">
            {t('autoRun.result', {
              created: format.number(result.created),
              skipped: format.number(result.skipped),
              existing: format.number(result.existing),
              pendingRegistration: format.number(result.pendingRegistration),
              total: format.money(result.totalCents),
            })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
