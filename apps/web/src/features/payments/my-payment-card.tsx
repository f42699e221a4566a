import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canTransition, type Payment } from '@agency/shared';
import { InvoiceActions } from './invoice-actions.tsx';
import { usePaymentMonths } from './payment-months.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { useFormatters } from '../../lib/format.ts';

const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={NUMERIC}>
        {value}
      </Text>
    </Stack>
  );
}

/** One of the member's payments: amount, status, the statement figures, the invoice, and cancel. */
export function MyPaymentCard({ payment, onCancel }: { payment: Payment; onCancel(payment: Payment): void }) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const months = usePaymentMonths();
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fz={22} fw={700} style={NUMERIC}>
              {format.money(payment.amountCents)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`kind.${payment.kind}`)} · {format.date(payment.createdAt)}
            </Text>
          </Stack>
          <PaymentStatusBadge status={payment.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
          <Figure label={t('fields.gross')} value={format.money(payment.grossCents)} />
          <Figure label={t('fields.deductions')} value={format.money(payment.deductionsCents)} />
          <Figure label={t('fields.months')} value={months(payment.periods) || t('fields.noMonths')} />
        </SimpleGrid>
        {payment.notes ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('fields.notes')}:
            </Text>{' '}
            {payment.notes}
          </Text>
        ) : null}
        {payment.reason ? (
          <Text size="sm">
            <Text span c="dimmed">
              {t('fields.reason')}:
            </Text>{' '}
            {payment.reason}
          </Text>
        ) : null}
        <InvoiceActions payment={payment} canChange={payment.status !== 'Rejected'} />
        {canTransition(payment.status, 'cancel', 'member') && (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => onCancel(payment)}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('cancel.action')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
