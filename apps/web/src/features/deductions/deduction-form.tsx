import { useState } from 'react';
import { Button, Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dollarsToCents } from '@agency/shared';
import { MemberSelect } from '../../components/member-select.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useAddDeduction } from './deductions-api.ts';

/** A deduction for one member: amount in dollars (required, above 0) and an optional reason. */
export function DeductionForm({ memberId, onMemberChange }: { memberId: string | null; onMemberChange(id: string | null): void }) {
  const { t } = useTranslation('deductions');
  const add = useAddDeduction();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ member?: string; amount?: string }>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    const problems = {
      ...(memberId ? {} : { member: t('form.memberRequired') }),
      ...(cents !== null && cents > 0 ? {} : { amount: t('form.amountInvalid') }),
    };
    setErrors(problems);
    if (!memberId || cents === null || cents <= 0) return;
    try {
      const trimmed = reason.trim();
      const answer = await add.mutateAsync({ memberId, amountCents: cents, ...(trimmed ? { reason: trimmed } : {}) });
      notifySuccess(answer.messageCode ?? 'DEDUCTION_ADDED');
      setAmount('');
      setReason('');
    } catch (error) {
      notifyError(error instanceof ApiError && error.status > 0 && error.status < 500 ? error : new ApiError(400, 'DEDUCTION_ADD_FAILED', ''));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="deduction-form-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="deduction-form-title">
            {t('form.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MemberSelect
              label={t('form.member')}
              placeholder={t('form.memberPlaceholder')}
              required
              value={memberId}
              onChange={(value) => {
                onMemberChange(value);
                setErrors((current) => ({ ...current, member: undefined }));
              }}
              error={errors.member}
            />
            <TextInput
              label={t('form.amount')}
              leftSection="$"
              inputMode="decimal"
              autoComplete="off"
              required
              value={amount}
              error={errors.amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setErrors((current) => ({ ...current, amount: undefined }));
              }}
            />
            <TextInput label={t('form.reason')} maxLength={500} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
          </SimpleGrid>
          <Button type="submit" leftSection={<IconPlus size={18} aria-hidden />} loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
