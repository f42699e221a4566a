import { useState, type FormEvent } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH, CodeField } from './code-field.tsx';
import { PhoneField } from './phone-field.tsx';
import { ResendControls } from './resend-controls.tsx';
import { useOtp } from './use-otp.ts';
import { useSignIn } from './use-sign-in.ts';

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Phone sign-in: number -> "Send code" -> six digits -> "Verify". Enter submits each step. */
export function PhoneSignIn() {
  const { t } = useTranslation('auth');
  const otp = useOtp('login');
  const { signIn, isPending } = useSignIn('/auth/otp/verify');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [hasEditedNumber, setEditedNumber] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!otp.isCodeSent || otp.sentTo === null) {
      if (otp.isSending || otp.secondsLeft > 0) return;
      if (await otp.send()) {
        setCode('');
        setCodeError(null);
      }
      return;
    }
    if (isPending) return;
    if (!CODE_PATTERN.test(code)) {
      setCodeError(t('code.incomplete', { count: CODE_LENGTH }));
      return;
    }
    const result = await signIn({ phone: otp.sentTo, code });
    if (!result.ok) setCodeError(result.message);
  }

  function editNumber() {
    otp.editNumber();
    setEditedNumber(true);
  }

  const isRateLimited = !otp.isCodeSent && otp.secondsLeft > 0;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      {otp.isCodeSent ? (
        <Stack gap="md">
          <CodeField
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
            }}
            error={codeError}
            description={t('code.sentTo', { phone: otp.sentTo })}
            disabled={isPending}
            autoFocus
          />
          <Button type="submit" size="md" fullWidth loading={isPending}>
            {t('actions.verify')}
          </Button>
          <ResendControls otp={{ ...otp, editNumber }} disabled={isPending} />
          {otp.sendError ? (
            <Text size="sm" c="red.8" role="alert">
              {otp.sendError}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="md">
          <PhoneField
            value={otp.phone}
            onChange={otp.setPhone}
            error={otp.sendError}
            disabled={otp.isSending}
            autoFocus={hasEditedNumber}
            hint={isRateLimited ? t('phone.wait', { seconds: otp.secondsLeft }) : null}
          />
          <Button type="submit" size="md" fullWidth loading={otp.isSending} disabled={isRateLimited}>
            {t('actions.sendCode')}
          </Button>
        </Stack>
      )}
    </form>
  );
}
