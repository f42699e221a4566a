import { useId } from 'react';
import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OnTheWayPayment } from '@agency/shared';
import { MEMBER_LINKS } from '../earnings/index.ts';
import { PaymentStatusBadge } from '../payments/index.ts';
import { useFormatters } from '../../lib/format.ts';

/** `earnings:onTheWay.status.<key>`: what each open status means for the money, as a sentence. */
const STATUS_KEYS = {
  Pending: 'pending',
  'Waiting Approval': 'waitingApproval',
  Approved: 'approved',
  'Pending Registration': 'pendingRegistration',
} as const satisfies Record<OnTheWayPayment['status'], string>;

/** The sum of the open payments: what has left the available balance and is on its way. */
export function onTheWayTotal(payments: readonly OnTheWayPayment[]): number {
  return payments.reduce((sum, payment) => sum + payment.amountCents, 0);
}

/**
 * The member's open payments ("$304.50 waiting for approval"): after the automatic run the whole
 * balance is in a payment, and the available balance shows $0; this card says where the money is.
 */
export function MoneyOnItsWay({ payments }: { payments: readonly OnTheWayPayment[] }) {
  const { t } = useTranslation('earnings');
  const format = useFormatters();
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg" color="teal" aria-hidden>
            <IconTruckDelivery size={20} />
          </ThemeIcon>
          <div>
            <Title order={3} size="h5" id={headingId}>
              {t('onTheWay.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('onTheWay.hint')}
            </Text>
          </div>
        </Group>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {payments.map((payment) => (
            <Group
              component="li"
              key={payment.id}
              justify="space-between"
              align="center"
              gap="xs"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {t(`onTheWay.status.${STATUS_KEYS[payment.status]}`, { amount: format.money(payment.amountCents) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(payment.kind === 'automatic' ? 'onTheWay.automatic' : 'onTheWay.request', { date: format.date(payment.createdAt) })}
                </Text>
              </div>
              <PaymentStatusBadge status={payment.status} />
            </Group>
          ))}
        </Stack>
        <Anchor component={Link} to={MEMBER_LINKS.payments} size="sm">
          {t('onTheWay.seePayments')}
        </Anchor>
      </Stack>
    </Card>
  );
}
