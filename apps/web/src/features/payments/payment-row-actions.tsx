import { Button, Group } from '@mantine/core';
import { IconCash, IconCashOff, IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canTransition, type Payment } from '@agency/shared';
import type { AdminPaymentAction } from './admin-payments-api.ts';

const ACTIONS: { action: AdminPaymentAction; color: string; variant: 'filled' | 'light'; icon: typeof IconCheck }[] = [
  { action: 'approve', color: 'teal', variant: 'filled', icon: IconCheck },
  { action: 'reject', color: 'red', variant: 'light', icon: IconX },
  { action: 'paid', color: 'blue', variant: 'filled', icon: IconCash },
  { action: 'unpaid', color: 'orange', variant: 'light', icon: IconCashOff },
];

export interface PaymentRowActionsProps {
  payment: Payment;
  /** The action running on this row, if any. */
  busy: AdminPaymentAction | null;
  downloading: boolean;
  onAction(payment: Payment, action: AdminPaymentAction): void;
  onDownload(payment: Payment): void;
}

/** The moves the state machine allows an admin from the row's status (shared PAYMENT_TRANSITIONS), and the invoice. */
export function PaymentRowActions({ payment, busy, downloading, onAction, onDownload }: PaymentRowActionsProps) {
  const { t } = useTranslation('payments');
  const name = payment.member ? `${payment.member.firstName} ${payment.member.lastName}` : '';
  return (
    <Group gap={6} wrap="nowrap">
      {ACTIONS.filter(({ action }) => canTransition(payment.status, action, 'admin')).map(({ action, color, variant, icon: Icon }) => (
        <Button
          key={action}
          size="compact-sm"
          color={color}
          variant={variant}
          leftSection={<Icon size={14} aria-hidden />}
          loading={busy === action}
          disabled={busy !== null && busy !== action}
          aria-description={name}
          onClick={() => onAction(payment, action)}
        >
          {t(`admin.actions.${action}`)}
        </Button>
      ))}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={downloading}
        onClick={() => onDownload(payment)}
      >
        {t('admin.actions.invoice')}
      </Button>
    </Group>
  );
}
