import { useMemo } from 'react';
import { Button, Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { INVOICE_PREFIX_PATTERN, formatInvoiceNumber, type AdminSettings } from '@agency/shared';
import { ErrorState } from '../../components/error-state.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useAdminSettings, useUpdateSettings } from './settings-api.ts';

const FOOTER_MAX = 300;
/** The Select needs a value for "the server's own zone" (null in the API). */
const SERVER_ZONE = '';

interface DocumentValues {
  invoicePrefix: string;
  invoiceNextNumber: number | string;
  invoiceNumberDigits: number | string;
  invoiceFooter: string;
  payoutTimeZone: string;
}

function timeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', 'Europe/Istanbul'];
}

/** The number the next generated invoice gets, as printed; null while the inputs are incomplete. */
export function previewInvoiceNumber(values: Pick<DocumentValues, 'invoicePrefix' | 'invoiceNextNumber' | 'invoiceNumberDigits'>): string | null {
  const next = Number(values.invoiceNextNumber);
  const digits = Number(values.invoiceNumberDigits);
  if (!Number.isInteger(next) || next < 1 || !Number.isInteger(digits) || digits < 1 || digits > 12) return null;
  return formatInvoiceNumber(values.invoicePrefix, next, digits);
}

function DocumentForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSettings();
  const zones = useMemo(() => {
    const all = timeZones();
    const current = settings.payoutTimeZone;
    return [
      { value: SERVER_ZONE, label: t('documents.serverTimeZone') },
      ...(current && !all.includes(current) ? [current, ...all] : all).map((zone) => ({ value: zone, label: zone })),
    ];
  }, [settings.payoutTimeZone, t]);
  const form = useForm<DocumentValues>({
    initialValues: {
      invoicePrefix: settings.invoicePrefix,
      invoiceNextNumber: settings.invoiceNextNumber,
      invoiceNumberDigits: settings.invoiceNumberDigits,
      invoiceFooter: settings.invoiceFooter,
      payoutTimeZone: settings.payoutTimeZone ?? SERVER_ZONE,
    },
    validate: {
      invoicePrefix: (value) => (INVOICE_PREFIX_PATTERN.test(value) ? null : t('documents.prefixInvalid')),
      invoiceNextNumber: (value) => {
        const next = Number(value);
        if (!Number.isInteger(next) || next < 1) return t('documents.nextNumberInvalid');
        return next < settings.invoiceNextNumber ? t('documents.nextNumberTooLow', { number: settings.invoiceNextNumber }) : null;
      },
      invoiceNumberDigits: (value) => (Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 12 ? null : t('documents.digitsInvalid')),
      invoiceFooter: (value) => (value.trim().length <= FOOTER_MAX ? null : t('documents.footerTooLong', { count: FOOTER_MAX })),
    },
  });
  const preview = previewInvoiceNumber(form.values);

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      {
        invoicePrefix: values.invoicePrefix,
        invoiceNextNumber: Number(values.invoiceNextNumber),
        invoiceNumberDigits: Number(values.invoiceNumberDigits),
        invoiceFooter: values.invoiceFooter.trim(),
        payoutTimeZone: values.payoutTimeZone === SERVER_ZONE ? null : values.payoutTimeZone,
      },
      { onSuccess: () => notifySuccess('DETAILS_UPDATED'), onError: notifyError },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('documents.numbering')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('documents.prefix')}
                description={t('documents.prefixHint')}
                maxLength={12}
                {...form.getInputProps('invoicePrefix')}
                onChange={(event) => form.setFieldValue('invoicePrefix', event.currentTarget.value.toUpperCase())}
              />
              <NumberInput
                label={t('documents.nextNumber')}
                description={t('documents.nextNumberHint')}
                min={settings.invoiceNextNumber}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('invoiceNextNumber')}
              />
              <NumberInput
                label={t('documents.digits')}
                description={t('documents.digitsHint')}
                min={1}
                max={12}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('invoiceNumberDigits')}
              />
            </SimpleGrid>
            <Group gap="xs" aria-live="polite">
              <Text size="sm" c="dimmed">
                {t('documents.preview')}
              </Text>
              <Text size="lg" fw={700} ff="monospace" data-testid="invoice-number-preview">
                {preview ?? '—'}
              </Text>
            </Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('documents.texts')}
            </Title>
            <Textarea
              label={t('documents.footer')}
              description={t('documents.footerHint', { length: form.values.invoiceFooter.length, max: FOOTER_MAX })}
              autosize
              minRows={2}
              maxLength={FOOTER_MAX}
              {...form.getInputProps('invoiceFooter')}
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('documents.payouts')}
            </Title>
            <Select
              label={t('documents.payoutTimeZone')}
              description={t('documents.payoutTimeZoneHint')}
              data={zones}
              searchable
              allowDeselect={false}
              nothingFoundMessage={t('documents.noTimeZone')}
              {...form.getInputProps('payoutTimeZone')}
            />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/app/accounts/documentConfigurations`: invoice numbering, the invoice footer, the payout time zone. */
export default function DocumentSettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useAdminSettings();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('documents.title')}
      </Title>
      {settings.isPending ? (
        <Skeleton height={400} radius="md" />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <DocumentForm settings={settings.data} />
      )}
    </Stack>
  );
}
