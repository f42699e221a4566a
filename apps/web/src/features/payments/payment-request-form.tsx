import { useState } from 'react';
import { Button, Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dollarsToCents, MIN_PAYOUT_CENTS } from '@agency/shared';
import { useRequestPayment } from './payments-api.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { useFormatters } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';

/**
 * A payment request (docs/product.md §10): at least $50 and at most the available balance, checked
 * here before asking for confirmation; the server checks both again.
 */
export function PaymentRequestForm({ availableCents, minimumCents = MIN_PAYOUT_CENTS }: { availableCents: number; minimumCents?: number }) {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const request = useRequestPayment();
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canRequest = availableCents >= minimumCents;

  function validate(): number | null {
    const cents = dollarsToCents(amount);
    if (cents === null || cents <= 0) return fail(t('form.amountInvalid'));
    if (cents < minimumCents) return fail(t('form.belowMinimum', { minimum: format.money(minimumCents) }));
    if (cents > availableCents) return fail(t('form.aboveAvailable', { available: format.money(availableCents) }));
    return cents;
  }
  function fail(message: string): null {
    setError(message);
    return null;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const cents = validate();
    if (cents === null) return;
    const confirmed = await confirmAction({
      title: t('form.confirmTitle'),
      body: t('form.confirmBody', { amount: format.money(cents) }),
      destructive: false,
    });
    if (!confirmed) return;
    try {
      const trimmed = notes.trim();
      const answer = await request.mutateAsync({ amountCents: cents, ...(trimmed ? { notes: trimmed } : {}) });
      notifySuccess(answer.messageCode ?? 'PAYMENT_REQUEST_SENT');
      setAmount('');
      setNotes('');
    } catch (failure) {
      notifyError(failure);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payment-request-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="payment-request-title">
            {t('form.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {canRequest
              ? t('form.intro', { minimum: format.money(minimumCents), available: format.money(availableCents) })
              : t('form.notYet', { minimum: format.money(minimumCents) })}
          </Text>
          <TextInput
            label={t('form.amount')}
            description={t('form.amountHint', { minimum: format.money(minimumCents), available: format.money(availableCents) })}
            leftSection="$"
            inputMode="decimal"
            autoComplete="off"
            required
            value={amount}
            error={error}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setError(null);
            }}
          />
          <Textarea
            label={t('form.notes')}
            autosize
            minRows={2}
            maxLength={1000}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
          />
          <Button type="submit" leftSection={<IconSend size={18} aria-hidden />} loading={request.isPending} disabled={!canRequest} style={{ alignSelf: 'flex-start' }}>
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
