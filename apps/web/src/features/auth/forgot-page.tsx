import { useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { AuthFrame } from './auth-frame.tsx';
import { isValidEmail } from './email-validation.ts';
import { StatusView } from './status-view.tsx';
import { EmailField } from './email-field.tsx';

/**
 * `/app/sessions/forgot`: ask for a reset link by e-mail, then "check your inbox". The server
 * answers the same whether or not the address has an account, so the screen says "if".
 */
export default function ForgotPage() {
  const { t } = useTranslation(['auth', 'common', 'errors', 'messages']);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (isValidEmail(value) ? null : t('email.invalid')) },
  });

  const handleSubmit = form.onSubmit(async ({ email }) => {
    if (isPending) return;
    setPending(true);
    try {
      const { messageCode } = await api.post('/auth/forgot', { email: email.trim() });
      notifySuccess(messageCode ?? 'PASSWORD_RESET_SENT');
      setSentTo(email.trim());
    } catch (error) {
      form.setFieldError('email', errorText(error));
      notifyError(error);
    } finally {
      setPending(false);
    }
  });

  if (sentTo) {
    return (
      <AuthFrame>
        <StatusView icon={<IconMailCheck size={34} />} title={t('forgot.sentTitle')} text={t('forgot.sentText', { email: sentTo })}>
          <Button component={Link} to="/app/sessions/signIn" size="md" fullWidth>
            {t('forgot.backToSignIn')}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
            {t('forgot.useAnother')}
          </Anchor>
        </StatusView>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('forgot.title')}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('forgot.lead')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <Button type="submit" size="md" fullWidth loading={isPending}>
            {t('forgot.submit')}
          </Button>
          <Anchor component={Link} to="/app/sessions/signIn" size="sm" ta="center">
            {t('forgot.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
