import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_PAYOUT_CENTS, type PayoutRun } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { useAutoRun, usePayoutRuns } from './admin-payments-api.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;
const STATUS_COLOR: Record<PayoutRun['status'], string> = { running: 'blue', finished: 'teal', interrupted: 'orange' };

/** A run's state for people: an interrupted run that a later run completed says so. */
function statusKey(run: PayoutRun): string {
  if (run.status === 'interrupted') return run.completedBy ? 'autoRun.status.completedLater' : 'autoRun.status.interrupted';
  return `autoRun.status.${run.status}`;
}

/** "Process all automatic payments" with a confirmation, then what the run did; the latest runs, interrupted ones first in view. */
export function AutoRunPanel() {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const run = useAutoRun();
  const runs = usePayoutRuns();

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
  const history = runs.data ?? [];
  const unfinished = history.filter((item) => item.status === 'interrupted' && !item.completedBy);
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
        {unfinished.map((item) => (
          <Alert key={item.id} color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('autoRun.interruptedTitle', { period: item.period })} role="alert">
            {t('autoRun.interrupted', {
              started: format.dateTime(item.startedAt),
              count: item.created,
              total: format.money(item.totalCents),
            })}
          </Alert>
        ))}
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
        {history.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Caption>{t('autoRun.history.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('autoRun.history.period')}</Table.Th>
                  <Table.Th>{t('autoRun.history.started')}</Table.Th>
                  <Table.Th>{t('autoRun.history.status')}</Table.Th>
                  <Table.Th ta="end">{t('autoRun.history.created')}</Table.Th>
                  <Table.Th ta="end">{t('autoRun.history.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{format.month(item.period)}</Table.Td>
                    <Table.Td>{format.dateTime(item.startedAt)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[item.status]} style={{ textTransform: 'none' }}>
                        {t(statusKey(item))}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="end" style={NUMERIC}>
                      {format.number(item.created)}
                    </Table.Td>
                    <Table.Td ta="end" style={NUMERIC}>
                      {format.money(item.totalCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
