import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '@agency/shared';
import { statusLabelKey } from '../../lib/status.ts';

const COLORS: Record<PaymentStatus, string> = {
  Pending: 'yellow',
  'Pending Registration': 'orange',
  'Waiting Approval': 'yellow',
  Approved: 'blue',
  Rejected: 'red',
  Paid: 'teal',
  Unpaid: 'gray',
};

/** A payment's status in the reader's language (the API sends it in English). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('common');
  return (
    <Badge variant="light" color={COLORS[status]} style={{ textTransform: 'none' }}>
      {t(statusLabelKey(status))}
    </Badge>
  );
}
