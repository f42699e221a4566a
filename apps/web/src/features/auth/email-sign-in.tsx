import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from './email-validation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { useSignIn } from './use-sign-in.ts';
import { EmailField } from './email-field.tsx';

/** E-mail and password sign-in, with the link to the forgot-password flow. */
export function EmailSignIn() {
  const { t } = useTranslation('auth');
  const { signIn, isPending } = useSignIn('/auth/login');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (isValidEmail(value) ? null : t('email.invalid')),
      password: (value) => (value.length > 0 ? null : t('password.required')),
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (isPending) return;
    setFormError(null);
    const result = await signIn({ email: values.email.trim(), password: values.password });
    if (result.ok) return;
    const code = result.error instanceof ApiError ? result.error.code : null;
    if (code === 'INVALID_CREDENTIALS') form.setFieldError('password', result.message);
    else setFormError(result.message);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <EmailField {...form.getInputProps('email')} />
        <PasswordField label={t('password.label')} autoComplete="current-password" {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/app/sessions/forgot" size="sm">
            {t('signIn.forgot')}
          </Anchor>
        </Group>
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={isPending}>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
