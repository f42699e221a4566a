import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_NAMES, type Locale, type MyProfile } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { changeLanguage } from '../../lib/i18n.ts';
import { errorText, notifyError, notifySuccess } from '../../lib/notify.ts';
import { useUpdateProfile } from './profile-api.ts';

interface DetailsValues {
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
  invoicePreference: 'default' | 'custom';
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Own name, e-mail, language and the default invoice preference. */
export function MyDetailsForm({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile();
  const form = useForm<DetailsValues>({
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email ?? '',
      locale: profile.locale,
      invoicePreference: profile.invoicePreference,
    },
    validate: {
      firstName: (value) => (value.trim() ? null : t('details.errors.required')),
      lastName: (value) => (value.trim() ? null : t('details.errors.required')),
      email: (value) => (value.trim() === '' || EMAIL_PATTERN.test(value.trim()) ? null : t('details.errors.email')),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      { ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() || null },
      {
        onSuccess: () => {
          notifySuccess('DETAILS_UPDATED');
          void changeLanguage(values.locale);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_REGISTERED') form.setFieldError('email', errorText(error));
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
          <TextInput label={t('details.phone')} value={profile.phone ?? ''} readOnly description={t('details.phoneHint')} />
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
