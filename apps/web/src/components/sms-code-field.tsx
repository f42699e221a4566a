import { useState } from 'react';
import { Button, Group, TextInput, type TextInputProps } from '@mantine/core';
import { api } from '../lib/api-client.ts';
import { currentLocale } from '../lib/i18n.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

export interface SmsCodeFieldProps {
  /** The account's phone: the sign-in code is sent there (no phone: the button is off). */
  phone: string | null;
  /** The field's label and the button's two texts, in the screen's own namespace. */
  labels: { code: string; send: string; resend: string };
  /** The form's props of the code field (value, onChange, error). */
  inputProps: Omit<TextInputProps, 'label'>;
}

/**
 * The six-digit code a change is confirmed with when the account has no password (a new e-mail,
 * a first password): the field, off until a code was sent, and the button that sends a sign-in
 * code by SMS to the account's phone.
 */
export function SmsCodeField({ phone, labels, inputProps }: SmsCodeFieldProps) {
  const [codeSent, setCodeSent] = useState(false);
  const [isSending, setSending] = useState(false);

  async function sendCode() {
    if (!phone || isSending) return;
    setSending(true);
    try {
      const { messageCode } = await api.post('/auth/otp/send', { phone, purpose: 'login', locale: currentLocale() });
      notifySuccess(messageCode ?? 'OTP_SENT');
      setCodeSent(true);
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput label={labels.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} disabled={!codeSent} style={{ flex: '1 1 10rem' }} {...inputProps} />
      <Button type="button" variant="default" loading={isSending} disabled={!phone} onClick={() => void sendCode()}>
        {codeSent ? labels.resend : labels.send}
      </Button>
    </Group>
  );
}
