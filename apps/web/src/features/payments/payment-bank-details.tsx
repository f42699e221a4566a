import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatIban, type PaymentBank } from '@agency/shared';
import { statusLabelKey } from '../../lib/status.ts';

const IBAN_STYLE = { fontVariantNumeric: 'tabular-nums', letterSpacing: '0.01em' } as const;

export interface PaymentBankDetailsProps {
  bank: PaymentBank | null | undefined;
  /** Let the IBAN break between its groups, where the space is narrow (the details drawer). */
  wrapIban?: boolean;
}

/**
 * Where the money goes: the account holder, the bank and the full IBAN in groups of four (admins
 * transfer to it), with a warning when the details are not verified.
 */
export function PaymentBankDetails({ bank, wrapIban = false }: PaymentBankDetailsProps) {
  const { t } = useTranslation('payments');
  if (!bank) {
    return (
      <Text size="sm" c="dimmed">
        {t('admin.bank.none')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {bank.holderName}
        </Text>
        {bank.bankStatus !== 'Verified' && (
          <Badge variant="light" color="orange" size="sm" style={{ textTransform: 'none' }}>
            {t(statusLabelKey(bank.bankStatus))}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {bank.bankName}
      </Text>
      <Text size="sm" style={{ ...IBAN_STYLE, whiteSpace: wrapIban ? 'normal' : 'nowrap' }}>
        {formatIban(bank.iban)}
      </Text>
    </Stack>
  );
}
