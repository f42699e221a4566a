import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REASON_MIN_LENGTH } from '@agency/shared';

export interface ReasonDialogProps {
  title: string;
  body?: ReactNode;
  /** The reason field's label and hint, in the caller's words. */
  reasonLabel: string;
  reasonHint: string;
  confirmLabel: string;
  loading: boolean;
  onCancel(): void;
  onConfirm(reason: string): void;
}

/**
 * Asks for a reason (rejecting an application or a payment, unpaid, cancel); fewer than 10
 * characters shows the catalogue message.
 */
export function ReasonDialog({ title, body, reasonLabel, reasonHint, confirmLabel, loading, onCancel, onConfirm }: ReasonDialogProps) {
  const { t } = useTranslation('common');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  function submit() {
    if (reason.trim().length < REASON_MIN_LENGTH) {
      setError(t('errors:REASON_TOO_SHORT'));
      return;
    }
    onConfirm(reason.trim());
  }
  return (
    <Modal opened onClose={onCancel} title={title} centered>
      <Stack>
        {body ? <Text size="sm">{body}</Text> : null}
        <Textarea
          label={reasonLabel}
          description={reasonHint}
          autosize
          minRows={3}
          maxLength={1000}
          required
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
