import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale, type MyProfile } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { changeLanguage, currentLocale } from '../../lib/i18n.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { SmsCodeField } from '../../components/sms-code-field.tsx';
import { useUpdateProfile } from './profile-api.ts';
import { formatPhone } from '../../lib/phone-format.ts';

interface DetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
  invoicePreference: 'default' | 'custom';
  currentPassword: string;
  code: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = /^\d{6}$/;
const CODE_ERRORS = new Set(['OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS']);

/** The address as the server compares it: trimmed, lower case, empty for none. */
function normalisedEmail(value: string | null): string {
  return (value ?? '').trim().toLowerCase();
}

/**
 * Own name, e-mail, language and the default invoice preference. A new (or removed) e-mail is
 * confirmed with the current password, or, for an account without one, with a code sent by SMS to
 * the account's phone; the server tells the old address (or the phone) of the change.
 * The language is the one setting the header's menu changes too: the field shows the interface's
 * language and follows the menu while the form is open, so saving never switches the interface back.
 */
export function MyDetailsForm({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile();
  // A new key after a save: the code field starts again (off until a new code is sent).
  const [codeRound, setCodeRound] = useState(0);
  const form = useForm<DetailsValues>({
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email ?? '',
      locale: currentLocale(),
      invoicePreference: profile.invoicePreference,
      currentPassword: '',
      code: '',
    },
    validate: {
      firstName: (value) => (value.trim() ? null : t('details.errors.required')),
      lastName: (value) => (value.trim() ? null : t('details.errors.required')),
      email: (value) => (value.trim() === '' || EMAIL_PATTERN.test(value.trim()) ? null : t('details.errors.email')),
      currentPassword: (value, values) =>
        emailChanges(values.email) && profile.hasPassword && value === '' ? t('details.errors.currentPassword') : null,
      code: (value, values) => (emailChanges(values.email) && !profile.hasPassword && !CODE_PATTERN.test(value) ? t('details.errors.code') : null),
    },
  });

  // The header's language menu (which writes the profile too) while this form is open.
  const { setFieldValue } = form;
  useEffect(() => {
    const follow = (language: string) => {
      if (isLocale(language)) setFieldValue('locale', language);
    };
    i18next.on('languageChanged', follow);
    return () => i18next.off('languageChanged', follow);
  }, [setFieldValue]);

  function emailChanges(email: string): boolean {
    return normalisedEmail(email) !== normalisedEmail(profile.email);
  }
  const needsConfirmation = emailChanges(form.values.email);

  const handleSubmit = form.onSubmit((values) => {
    const confirm = emailChanges(values.email) ? (profile.hasPassword ? { currentPassword: values.currentPassword } : { code: values.code }) : {};
    update.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim() || null,
        locale: values.locale,
        invoicePreference: values.invoicePreference,
        ...confirm,
      },
      {
        onSuccess: () => {
          notifySuccess('DETAILS_UPDATED');
          form.setFieldValue('currentPassword', '');
          form.setFieldValue('code', '');
          setCodeRound((round) => round + 1);
          void changeLanguage(values.locale);
        },
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'EMAIL_ALREADY_REGISTERED') form.setFieldError('email', errorText(error));
          else if (code === 'PASSWORD_CURRENT_INVALID') form.setFieldError('currentPassword', errorText(error));
          else if (code && CODE_ERRORS.has(code)) form.setFieldError('code', errorText(error));
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
            {t('details.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('details.firstName')} autoComplete="given-name" {...form.getInputProps('firstName')} />
            <TextInput label={t('details.lastName')} autoComplete="family-name" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label={t('details.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          {needsConfirmation ? (
            <Alert variant="light" color="blue" icon={<IconShieldLock size={20} aria-hidden />} title={t('details.confirm.title')}>
              <Stack gap="sm">
                <Text size="sm">
                  {profile.hasPassword ? t('details.confirm.withPassword') : t('details.confirm.withCode', { phone: formatPhone(profile.phone) })}
                </Text>
                {profile.hasPassword ? (
                  <PasswordInput
                    label={t('details.confirm.currentPassword')}
                    autoComplete="current-password"
                    visibilityToggleButtonProps={{ 'aria-label': t('details.confirm.showCharacters') }}
                    {...form.getInputProps('currentPassword')}
                  />
                ) : (
                  <SmsCodeField
                    key={codeRound}
                    phone={profile.phone}
                    labels={{ code: t('details.confirm.code'), send: t('details.confirm.sendCode'), resend: t('details.confirm.resendCode') }}
                    inputProps={form.getInputProps('code')}
                  />
                )}
              </Stack>
            </Alert>
          ) : null}
          <TextInput label={t('details.phone')} value={formatPhone(profile.phone)} readOnly description={t('details.phoneHint')} />
          <Select
            label={t('details.language')}
            data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
            allowDeselect={false}
            {...form.getInputProps('locale')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('details.invoicePreference')}
            </Text>
            <SegmentedControl
              fullWidth
              data={[
                { value: 'default', label: t('details.invoiceDefault') },
                { value: 'custom', label: t('details.invoiceCustom') },
              ]}
              {...form.getInputProps('invoicePreference')}
            />
            <Text size="xs" c="dimmed">
              {t('details.invoiceHint')}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
