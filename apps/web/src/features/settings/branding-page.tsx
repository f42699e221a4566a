import { useState } from 'react';
import { Button, Card, FileButton, Group, Image, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MIME_TYPES, LOGO_MAX_BYTES, type AdminSettings } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useAdminSettings, useUpdateSettings, useUploadLogo } from './settings-api.ts';

const FIELDS = ['agencyName', 'pageTitle', 'contactPhone', 'contactEmail', 'supportHours'] as const;
const LONG_FIELDS = ['pageDescription', 'contactAddress'] as const;
type AgencyValues = Record<(typeof FIELDS)[number] | (typeof LONG_FIELDS)[number], string>;

function LogoCard({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation('settings');
  const upload = useUploadLogo();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return setProblem(t('branding.logoType'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('branding.logoSize'));
    setProblem(null);
    upload.mutate(file, { onSuccess: () => notifySuccess('DETAILS_UPDATED'), onError: notifyError });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('branding.logo')}
        </Title>
        {logoUrl ? (
          <Image src={logoUrl} alt={t('branding.logoAlt')} h={80} w="auto" fit="contain" />
        ) : (
          <Text c="dimmed" size="sm">
            {t('branding.noLogo')}
          </Text>
        )}
        <Group>
          <FileButton onChange={choose} accept="image/png,image/jpeg">
            {(props) => (
              <Button variant="default" leftSection={<IconUpload size={16} />} loading={upload.isPending} {...props}>
                {t('branding.uploadLogo')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
          {problem ?? t('branding.logoHint')}
        </Text>
      </Stack>
    </Card>
  );
}

function AgencyForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSettings();
  const form = useForm<AgencyValues>({
    initialValues: {
      agencyName: settings.agencyName,
      pageTitle: settings.pageTitle,
      pageDescription: settings.pageDescription,
      contactPhone: settings.contactPhone,
      contactEmail: settings.contactEmail,
      contactAddress: settings.contactAddress,
      supportHours: settings.supportHours,
    },
    validate: {
      agencyName: (value) => (value.trim() ? null : t('branding.required')),
      pageTitle: (value) => (value.trim() ? null : t('branding.required')),
      contactEmail: (value) => (value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : t('branding.emailInvalid')),
      contactPhone: (value) => (/^[+\d\s()./-]*$/.test(value) ? null : t('branding.phoneInvalid')),
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as AgencyValues;
    update.mutate(trimmed, { onSuccess: () => notifySuccess('DETAILS_UPDATED'), onError: notifyError });
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('branding.details')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((field) => (
              <TextInput key={field} label={t(`branding.fields.${field}`)} {...form.getInputProps(field)} />
            ))}
          </SimpleGrid>
          {LONG_FIELDS.map((field) => (
            <Textarea key={field} label={t(`branding.fields.${field}`)} autosize minRows={2} {...form.getInputProps(field)} />
          ))}
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

/** `/app/accounts/branding`: agency name, logo, page title and description, contact details. */
export default function BrandingPage() {
  const { t } = useTranslation('settings');
  const settings = useAdminSettings();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('branding.title')}
      </Title>
      {settings.isPending ? (
        <Skeleton height={400} radius="md" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <LogoCard logoUrl={settings.data.logoUrl} />
          <AgencyForm settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
