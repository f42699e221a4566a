import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconRobot } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_PAYOUT_CENTS, type PayoutRun } from '@agency/shared';
import { DataList, type DataColumn } from '../../components/data-list.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { useAutoRun, usePayoutRuns } from './admin-payments-api.ts';

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
  const historyColumns: DataColumn<PayoutRun>[] = [
    { key: 'period', label: t('autoRun.history.period'), card: 'title', cell: (item) => format.monthLabel(item.period) },
    { key: 'started', label: t('autoRun.history.started'), priority: 1, cell: (item) => format.dateTime(item.startedAt) },
    {
      key: 'status',
      label: t('autoRun.history.status'),
      card: 'status',
      cell: (item) => (
        <Badge variant="light" color={STATUS_COLOR[item.status]}>
          {t(statusKey(item))}
        </Badge>
      ),
    },
    { key: 'created', label: t('autoRun.history.created'), numeric: true, cell: (item) => format.number(item.created) },
    { key: 'total', label: t('autoRun.history.total'), numeric: true, card: 'amount', cell: (item) => format.money(item.totalCents) },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" maw={560}>
            {t('autoRun.intro', { minimum: format.money(MIN_PAYOUT_CENTS) })}
          </Text>
          {/* The label wraps rather than being cut on a phone (the German one is long): global.css. */}
          <Button
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            loading={run.isPending}
            onClick={() => void start()}
          >
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
          <DataList
            rows={history}
            rowKey={(item) => item.id}
            rowLabel={(item) => format.monthLabel(item.period)}
            caption={t('autoRun.history.caption')}
            columns={historyColumns}
            striped={false}
            verticalSpacing="xs"
          />
        )}
      </Stack>
    </Paper>
  );
}
