import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { SmsCodeField } from '../../components/sms-code-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { useMyProfile } from '../../lib/me.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { useChangePassword, useEndSession, useOwnSessions } from './settings-api.ts';
import { formatPhone } from '../../lib/phone-format.ts';

/**
 * Change the password (confirmed with the current one), or, for an account that signs in by SMS
 * and has none yet, set a first one (confirmed with a code sent to its phone: a stolen session
 * alone cannot give the account a password).
 */
function PasswordCard() {
  const { t } = useTranslation('settings');
  const profile = useMyProfile();
  const change = useChangePassword();
  // A new key after a change: the code field starts again (off until a new code is sent).
  const [codeRound, setCodeRound] = useState(0);
  const first = profile.data ? !profile.data.hasPassword : false;
  const phone = profile.data?.phone ?? null;
  const form = useForm({
    initialValues: { currentPassword: '', code: '', newPassword: '', confirmPassword: '' },
    validate: {
      code: (value) => (!first || /^\d{6}$/.test(value) ? null : t('security.codeRequired')),
      newPassword: (value) => (value.length >= 8 ? null : t('security.passwordTooShort')),
      confirmPassword: (value, values) => (value === values.newPassword ? null : t('security.passwordMismatch')),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    change.mutate(
      first ? { code: values.code, newPassword: values.newPassword } : { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          notifySuccess('PASSWORD_CHANGED');
          form.reset();
          setCodeRound((round) => round + 1);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'PASSWORD_CURRENT_INVALID') form.setFieldError('currentPassword', errorText(error));
          else if (error instanceof ApiError && error.code.startsWith('OTP_')) form.setFieldError('code', errorText(error));
          else notifyError(error);
        },
      },
    );
  });

  if (profile.isPending) return <Skeleton height={280} radius="md" />;
  if (profile.isError) return <ErrorState size="section" error={profile.error} onRetry={() => void profile.refetch()} />;
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {first ? t('security.setPasswordTitle') : t('security.passwordTitle')}
          </Title>
          {first ? (
            <>
              <Text size="sm">{t('security.setPasswordWithCode', { phone: formatPhone(phone) })}</Text>
              <SmsCodeField
                key={codeRound}
                phone={phone}
                labels={{ code: t('security.code'), send: t('security.sendCode'), resend: t('security.resendCode') }}
                inputProps={{ size: 'sm', ...form.getInputProps('code') }}
              />
            </>
          ) : (
            <PasswordField size="sm" required={false} label={t('security.currentPassword')} autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          )}
          <PasswordField size="sm" required={false} label={t('security.newPassword')} autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordField size="sm" required={false} label={t('security.confirmPassword')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Text size="xs" c="dimmed">
            {t('security.passwordHint')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {first ? t('security.setPassword') : t('security.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const sessions = useOwnSessions();
  const end = useEndSession();

  const endSession = async (id: string) => {
    if (!(await confirmAction({ body: t('security.endConfirm') }))) return;
    end.mutate(id, { onSuccess: () => notifySuccess('SESSION_ENDED'), onError: notifyError });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('security.sessionsTitle')}
        </Title>
        {sessions.isPending ? (
          <Skeleton height={120} />
        ) : sessions.isError ? (
          <ErrorState size="section" error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : (
          sessions.data.map((session) => (
            <Group key={session.id} justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {session.userAgent ?? t('security.unknownDevice')}
                  </Text>
                  {session.current ? (
                    <Badge size="sm" variant="light" color="teal">
                      {t('security.thisDevice')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('security.sessionLine', { ip: session.ip ?? '–', created: format.dateTime(session.createdAt), lastSeen: format.dateTime(session.lastSeenAt) })}
                </Text>
              </Stack>
              {session.current ? null : (
                <Button size="xs" variant="light" color="red" style={{ flex: 'none' }} onClick={() => void endSession(session.id)}>
                  {t('security.end')}
                </Button>
              )}
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}

/** `/app/accounts/security`: change password, list and end own sessions. */
export default function SecurityPage() {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('security.title')}
      </Title>
      <PasswordCard />
      <SessionsCard />
    </Stack>
  );
}
