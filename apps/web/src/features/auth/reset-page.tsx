import { useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api-client.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { AuthFrame } from './auth-frame.tsx';
import { isStrongEnoughPassword, PASSWORD_MIN_LENGTH } from './email-validation.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { StatusView } from './status-view.tsx';

/** Reset tokens are long random strings (the shared `resetSchema` wants 20 to 200 characters). */
const isPlausibleToken = (token: string | null): token is string => token !== null && token.length >= 20 && token.length <= 200;

/** `/app/sessions/reset?token=...`: choose a new password twice, then sign in. */
export default function ResetPage() {
  const { t } = useTranslation(['auth', 'common', 'errors', 'messages']);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const [isTokenRejected, setTokenRejected] = useState(false);
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (value) => (isStrongEnoughPassword(value) ? null : t('password.min', { count: PASSWORD_MIN_LENGTH })),
      repeat: (value, values) => (value === values.password ? null : t('password.mismatch')),
    },
  });

  const handleSubmit = form.onSubmit(async ({ password }) => {
    if (isPending || !isPlausibleToken(token)) return;
    setPending(true);
    try {
      const { messageCode } = await api.post('/auth/reset', { token, password });
      notifySuccess(messageCode ?? 'PASSWORD_RESET_DONE');
      navigate('/app/sessions/signIn', { replace: true });
    } catch (error) {
      notifyError(error);
      if (error instanceof ApiError && error.code === 'RESET_TOKEN_INVALID') setTokenRejected(true);
      else form.setFieldError('password', errorText(error));
    } finally {
      setPending(false);
    }
  });

  if (!isPlausibleToken(token) || isTokenRejected) {
    return (
      <AuthFrame>
        <StatusView icon={<IconLinkOff size={34} />} color="red" title={t('reset.invalidTitle')} text={t('reset.invalidText')}>
          <Button component={Link} to="/app/sessions/forgot" size="md" fullWidth>
            {t('reset.requestNew')}
          </Button>
        </StatusView>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('reset.title')}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('reset.lead')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('password.new')}
            description={t('password.min', { count: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField label={t('password.repeat')} autoComplete="new-password" {...form.getInputProps('repeat')} />
          <Button type="submit" size="md" fullWidth loading={isPending}>
            {t('reset.submit')}
          </Button>
          <Anchor component={Link} to="/app/sessions/signIn" size="sm" ta="center">
            {t('forgot.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
