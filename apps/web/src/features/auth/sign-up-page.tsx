import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { AuthFrame } from './auth-frame.tsx';
import { isStrongEnoughPassword, isValidEmail, PASSWORD_MIN_LENGTH } from './email-validation.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { StatusView } from './status-view.tsx';
import { EmailField } from './email-field.tsx';

/** Used when the public settings carry no `companyId` (the server checks it against its configuration). */
const DEFAULT_COMPANY_ID = 'agency';

function companyIdFrom(settings: object | undefined): string {
  const value = (settings as { companyId?: unknown } | undefined)?.companyId;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULT_COMPANY_ID;
}

/**
 * `/app/sessions/signUp`: an e-mail account (`POST /api/register`) that waits for the agency's
 * approval. The server answers the same for a new and a taken address and tells the outcome by
 * e-mail, so the screen says "check your inbox".
 */
export default function SignUpPage() {
  const { t } = useTranslation(['auth', 'common', 'errors', 'messages']);
  const { data: settings } = usePublicSettings();
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (isValidEmail(value) ? null : t('email.invalid')),
      password: (value) => (isStrongEnoughPassword(value) ? null : t('password.min', { count: PASSWORD_MIN_LENGTH })),
    },
  });

  const handleSubmit = form.onSubmit(async ({ email, password }) => {
    if (isPending) return;
    setPending(true);
    setFormError(null);
    try {
      const { messageCode } = await api.post('/register', { email: email.trim(), password, companyId: companyIdFrom(settings), locale: currentLocale() });
      notifySuccess(messageCode ?? 'REGISTERED');
      setDoneFor(email.trim());
    } catch (error) {
      notifyError(error);
      setFormError(errorText(error));
    } finally {
      setPending(false);
    }
  });

  if (doneFor) {
    return (
      <AuthFrame>
        <StatusView icon={<IconHourglassHigh size={34} />} title={t('signUp.doneTitle')} text={t('signUp.doneText', { email: doneFor })}>
          <Button component={Link} to="/app/sessions/signIn" size="md" fullWidth>
            {t('signUp.toSignIn')}
          </Button>
        </StatusView>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('signUp.title')}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('signUp.lead')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <PasswordField
            label={t('password.label')}
            description={t('password.min', { count: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={isPending}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
      <Stack gap={4} mt="xl" align="center">
        <Text size="sm">
          {t('signUp.haveAccount')}{' '}
          <Anchor component={Link} to="/app/sessions/signIn" fw={600}>
            {t('signUp.signIn')}
          </Anchor>
        </Text>
        <Text size="sm">
          {t('signUp.creator')}{' '}
          <Anchor component={Link} to="/kayit" fw={600}>
            {t('signUp.apply')}
          </Anchor>
        </Text>
      </Stack>
    </AuthFrame>
  );
}
