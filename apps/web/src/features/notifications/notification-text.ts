import { useTranslation } from 'react-i18next';
import type { Notification } from '@agency/shared';
import { usePeriodLabel } from '../earnings/index.ts';
import { useFormatters } from '../../lib/format.ts';
import { statusLabelKey } from '../../lib/status.ts';

/**
 * A notification's title and message in the reader's language: a system notification with a known
 * template is translated from `notifications:templates.<template>` with its parameters formatted
 * (money, status, requirement state, month); an admin's text is shown as written.
 */
export function useNotificationText(): (notification: Notification) => { title: string; message: string } {
  const { t, i18n } = useTranslation(['notifications', 'common']);
  const format = useFormatters();
  const periodLabel = usePeriodLabel();
  return (notification) => {
    const { template } = notification;
    if (!template || !i18n.exists(`notifications:templates.${template}.title`)) return { title: notification.title, message: notification.message };
    const params = notification.params ?? {};
    const values: Record<string, string | number> = { ...params };
    if (typeof params.amountCents === 'number') values.amount = format.money(params.amountCents);
    if (typeof params.status === 'string') values.status = t(statusLabelKey(params.status));
    if (typeof params.state === 'string' && i18n.exists(`common:requirement.${params.state}`)) values.state = t(`common:requirement.${params.state}`);
    if (typeof params.period === 'string' && /^\d{4}-\d{2}$/.test(params.period)) values.period = periodLabel(params.period, 'long');
    return {
      title: t(`notifications:templates.${template}.title`, values),
      message: t(`notifications:templates.${template}.message`, values),
    };
  };
}
