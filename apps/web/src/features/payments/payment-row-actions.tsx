import { ActionIcon, Menu } from '@mantine/core';
import { IconCash, IconCashOff, IconCheck, IconDots, IconDownload, IconListDetails, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canTransition, type Payment } from '@agency/shared';
import type { AdminPaymentAction } from './admin-payments-api.ts';

// Colour on the icons only: coloured menu texts would fall under the contrast minimum.
const ACTIONS: { action: AdminPaymentAction; color: string; icon: typeof IconCheck }[] = [
  { action: 'approve', color: 'teal', icon: IconCheck },
  { action: 'reject', color: 'red', icon: IconX },
  { action: 'paid', color: 'blue', icon: IconCash },
  { action: 'unpaid', color: 'orange', icon: IconCashOff },
];

export interface PaymentRowActionsProps {
  payment: Payment;
  /** The action running on this row, if any. */
  busy: AdminPaymentAction | null;
  downloading: boolean;
  onAction(payment: Payment, action: AdminPaymentAction): void;
  onDownload(payment: Payment): void;
  onDetails(payment: Payment): void;
}

/**
 * The row menu: the details, the moves the state machine allows an admin from the row's status
 * (shared PAYMENT_TRANSITIONS), and the invoice. One narrow button keeps the list within a laptop's width.
 */
export function PaymentRowActions({ payment, busy, downloading, onAction, onDownload, onDetails }: PaymentRowActionsProps) {
  const { t } = useTranslation('payments');
  const name = payment.member ? `${payment.member.firstName} ${payment.member.lastName}` : payment.memberId.slice(0, 8);
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('admin.rowActions', { name })} loading={busy !== null || downloading}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconListDetails size={16} aria-hidden />} onClick={() => onDetails(payment)}>
          {t('admin.actions.details')}
        </Menu.Item>
        {ACTIONS.filter(({ action }) => canTransition(payment.status, action, 'admin')).map(({ action, color, icon: Icon }) => (
          <Menu.Item key={action} leftSection={<Icon size={16} color={`var(--mantine-color-${color}-filled)`} aria-hidden />} onClick={() => onAction(payment, action)}>
            {t(`admin.actions.${action}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => onDownload(payment)}>
          {t('invoice.download')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
