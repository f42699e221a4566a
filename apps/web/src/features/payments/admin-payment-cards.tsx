import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { useFormatters } from '../../lib/format.ts';
import { MEMBER_PATH, memberName, NUMERIC, SelectPayment, type AdminPaymentListProps } from './admin-payments-table.tsx';
import { PaymentBankDetails } from './payment-bank-details.tsx';

/** Below 992 px: one card per payment, the amount and the status on top, then who and where to. */
export function AdminPaymentCards({ items, selection, isFetching, renderActions }: AdminPaymentListProps) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-busy={isFetching}>
      {items.map((payment) => (
        <Card
          key={payment.id}
          withBorder
          radius="md"
          padding="md"
          component="article"
          aria-label={memberName(payment)}
          style={selection.isSelected(payment.id) ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Group gap="sm" align="center" wrap="nowrap">
                <SelectPayment payment={payment} selection={selection} labelled />
                <Text fz={22} fw={700} style={NUMERIC}>
                  {format.money(payment.amountCents)}
                </Text>
              </Group>
              <PaymentStatusBadge status={payment.status} />
            </Group>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={0}>
                <Anchor component={Link} to={`${MEMBER_PATH}?id=${payment.memberId}`} size="sm" fw={600}>
                  {memberName(payment)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t(`kind.${payment.kind}`)} · {format.date(payment.createdAt)}
                </Text>
              </Stack>
              {renderActions(payment)}
            </Group>
            <PaymentBankDetails bank={payment.bank} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
