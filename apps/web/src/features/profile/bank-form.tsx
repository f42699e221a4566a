import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatIban, normalizeIban, type BankDetails, type BankDetailsInput } from '@agency/shared';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { statusLabelKey } from '../../lib/status.ts';
import { validateBankForm } from './bank-validation.ts';
import { useUpdateBank } from './profile-api.ts';

export interface BankFormProps {
  bank: BankDetails | null;
  bankStatus: 'Verified' | 'Not Verified';
}

/** Own bank details; saving sends them for verification again (status back to Not Verified). */
export function BankForm({ bank, bankStatus }: BankFormProps) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateBank();
  const form = useForm<BankDetailsInput>({
    initialValues: {
      holderName: bank?.holderName ?? '',
      identityNumber: bank?.identityNumber ?? '',
      bankName: bank?.bankName ?? '',
      iban: bank ? formatIban(bank.iban) : '',
    },
    validate: (values) => {
      const errors = validateBankForm(values);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
  });

  const handleSubmit = form.onSubmit((values) => {
    update.mutate(
      { ...values, iban: normalizeIban(values.iban), identityNumber: values.identityNumber.replace(/\s+/g, '') },
      {
        onSuccess: () => notifySuccess('DETAILS_UPDATED'),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'IBAN_INVALID') form.setFieldError('iban', t('bank.errors.ibanInvalid'));
          else if (error instanceof ApiError && error.code === 'IDENTITY_NUMBER_INVALID') form.setFieldError('identityNumber', t('bank.errors.identityNumberInvalid'));
          notifyError(error);
        },
      },
    );
  });

  const verified = bankStatus === 'Verified';
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4">
              {t('bank.title')}
            </Title>
            <Badge color={verified ? 'teal' : 'gray'} variant="light" data-testid="bank-status">
              {t(statusLabelKey(bankStatus))}
            </Badge>
          </Group>
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            {t('bank.holderHint')}
          </Alert>
          <TextInput label={t('bank.holderName')} autoComplete="name" {...form.getInputProps('holderName')} />
          <TextInput label={t('bank.identityNumber')} inputMode="numeric" {...form.getInputProps('identityNumber')} />
          <TextInput label={t('bank.bankName')} {...form.getInputProps('bankName')} />
          <TextInput
            label={t('bank.iban')}
            placeholder={t('bank.ibanPlaceholder')}
            autoCapitalize="characters"
            spellCheck={false}
            ff="monospace"
            {...form.getInputProps('iban')}
            onChange={(event) => form.setFieldValue('iban', formatIban(event.currentTarget.value))}
          />
          <Text size="sm" c="dimmed">
            {t('bank.resetNotice')}
          </Text>
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
