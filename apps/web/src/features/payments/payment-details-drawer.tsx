import type { ReactNode } from 'react';
import { Drawer, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@agency/shared';
import { usePaymentMonths } from './payment-months.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { useFormatters } from '../../lib/format.ts';
import { memberName, NUMERIC } from './admin-payments-table.tsx';
import { PaymentBankDetails } from './payment-bank-details.tsx';

/** Everything about one payment, including what the list leaves out on narrower screens. */
export function PaymentDetailsDrawer({ payment, onClose }: { payment: Payment | null; onClose(): void }) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const months = usePaymentMonths();
  const rows: [string, ReactNode][] = payment
    ? [
        [t('admin.columns.member'), memberName(payment)],
        [t('fields.status'), <PaymentStatusBadge key="status" status={payment.status} />],
        [t('fields.kind'), t(`kind.${payment.kind}`)],
        [t('fields.amount'), <span style={NUMERIC}>{format.money(payment.amountCents)}</span>],
        [t('fields.gross'), <span style={NUMERIC}>{format.money(payment.grossCents)}</span>],
        [t('fields.deductions'), <span style={NUMERIC}>{format.money(payment.deductionsCents)}</span>],
        [t('fields.months'), months(payment.periods) || t('fields.noMonths')],
        [t('fields.created'), format.dateTime(payment.createdAt)],
        ...(payment.paidAt ? [[t('fields.paidAt'), format.dateTime(payment.paidAt)] as [string, ReactNode]] : []),
        ...(payment.invoiceNumber ? [[t('fields.invoiceNumber'), payment.invoiceNumber] as [string, ReactNode]] : []),
        [t('admin.columns.bankAccount'), <PaymentBankDetails key="bank" bank={payment.bank} wrapIban />],
        ...(payment.notes ? [[t('fields.notes'), payment.notes] as [string, ReactNode]] : []),
        ...(payment.reason ? [[t('fields.reason'), payment.reason] as [string, ReactNode]] : []),
      ]
    : [];
  return (
    <Drawer opened={payment !== null} onClose={onClose} position="right" size="md" title={t('admin.details.title')} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={150}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Drawer>
  );
}
