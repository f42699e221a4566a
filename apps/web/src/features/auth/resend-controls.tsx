import { Button, Group } from '@mantine/core';
import { IconEdit, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OtpState } from './use-otp.ts';

/** "Resend" (with its visible countdown) and "Change number", under the code field. */
export function ResendControls({ otp, disabled }: { otp: OtpState; disabled?: boolean }) {
  const { t } = useTranslation('auth');
  const isWaiting = otp.secondsLeft > 0;
  return (
    <Group justify="space-between" gap="xs">
      <Button
        type="button"
        variant="subtle"
        size="compact-md"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={() => void otp.send()}
        disabled={isWaiting || disabled}
        loading={otp.isSending}
      >
        {isWaiting ? t('actions.resendIn', { seconds: otp.secondsLeft }) : t('actions.resend')}
      </Button>
      <Button
        type="button"
        variant="subtle"
        color="gray"
        size="compact-md"
        leftSection={<IconEdit size={16} aria-hidden />}
        onClick={otp.editNumber}
        disabled={disabled}
      >
        {t('actions.changeNumber')}
      </Button>
    </Group>
  );
}
