import type { ReactNode } from 'react';
import { Anchor, Checkbox, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '@agency/shared';
import { usePaymentMonths } from './payment-months.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';
import { useFormatters } from '../../lib/format.ts';
import { PaymentBankDetails } from './payment-bank-details.tsx';
import { isPayable, type PaymentSelection } from './use-payment-selection.ts';

export const MEMBER_PATH = '/app/mydesk/usersProfile';
export const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

export function memberName(payment: Payment): string {
  return payment.member ? `${payment.member.firstName} ${payment.member.lastName}` : payment.memberId.slice(0, 8);
}

export interface AdminPaymentListProps {
  items: Payment[];
  selection: PaymentSelection;
  isFetching: boolean;
  renderActions(payment: Payment): ReactNode;
}

/**
 * The row's checkbox: only an approved payment with verified bank details can be chosen. On a card
 * (`labelled`) it carries a visible word, so the box and its label make one 44 px tap target.
 */
export function SelectPayment({ payment, selection, labelled = false }: { payment: Payment; selection: PaymentSelection; labelled?: boolean }) {
  const { t } = useTranslation('payments');
  if (!isPayable(payment)) return null;
  return (
    <Checkbox
      label={labelled ? t('admin.batch.selectShort') : undefined}
      aria-label={t('admin.batch.selectOne', { name: memberName(payment) })}
      checked={selection.isSelected(payment.id)}
      onChange={(event) => selection.toggle(payment, event.currentTarget.checked)}
    />
  );
}

/**
 * From 992 px wide: the columns that matter for paying (member, bank account with the full IBAN,
 * amount, status) fit a 1280 px laptop beside the sidebar; gross, deductions and months join from
 * 1408 px and are always in the details; the moves are in the row menu.
 */
export function AdminPaymentsTable({ items, selection, isFetching, renderActions }: AdminPaymentListProps) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const months = usePaymentMonths();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm" aria-busy={isFetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>{t('admin.columns.select')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('admin.columns.member')}</Table.Th>
            <Table.Th>{t('admin.columns.bankAccount')}</Table.Th>
            <Table.Th ta="right">{t('fields.amount')}</Table.Th>
            <Table.Th ta="right" visibleFrom="xl">
              {t('fields.gross')}
            </Table.Th>
            <Table.Th ta="right" visibleFrom="xl">
              {t('fields.deductions')}
            </Table.Th>
            <Table.Th visibleFrom="xl">{t('fields.months')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t('admin.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>
                <SelectPayment payment={payment} selection={selection} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Anchor component={Link} to={`${MEMBER_PATH}?id=${payment.memberId}`} size="sm" fw={600}>
                    {memberName(payment)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t(`kind.${payment.kind}`)} · {format.date(payment.createdAt)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <PaymentBankDetails bank={payment.bank} />
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC} fw={600}>
                {format.money(payment.amountCents)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC} visibleFrom="xl">
                {format.money(payment.grossCents)}
              </Table.Td>
              <Table.Td ta="right" style={NUMERIC} visibleFrom="xl">
                {format.money(payment.deductionsCents)}
              </Table.Td>
              <Table.Td visibleFrom="xl">{months(payment.periods) || t('fields.noMonths')}</Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={payment.status} />
              </Table.Td>
              <Table.Td>{renderActions(payment)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
