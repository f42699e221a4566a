import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { useChangePassword, useEndSession, useOwnSessions } from './settings-api.ts';

function PasswordCard() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      newPassword: (value) => (value.length >= 8 ? null : t('security.passwordTooShort')),
      confirmPassword: (value, values) => (value === values.newPassword ? null : t('security.passwordMismatch')),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          notifySuccess('PASSWORD_CHANGED');
          form.reset();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'PASSWORD_CURRENT_INVALID') form.setFieldError('currentPassword', errorText(error));
          else notifyError(error);
        },
      },
    );
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('security.passwordTitle')}
          </Title>
          <PasswordField size="sm" required={false} label={t('security.currentPassword')} autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          <PasswordField size="sm" required={false} label={t('security.newPassword')} autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <PasswordField size="sm" required={false} label={t('security.confirmPassword')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Text size="xs" c="dimmed">
            {t('security.passwordHint')}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('security.changePassword')}
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
